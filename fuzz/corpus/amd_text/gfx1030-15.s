buffer_atomic_cmpswap_x2 v[20:23], v[2:3], s[4:7], 65 idxen offen glc
