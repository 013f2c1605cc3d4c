buffer_atomic_cmpswap_b64 a[20:23], v2, s[4:7], s4 offen glc
