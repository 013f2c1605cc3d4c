buffer_atomic_cmpswap_b64 v[20:23], v[254:255], s[4:7], s4 idxen offen glc
