buffer_atomic_cmpswap_x2 v[20:23], v2, s[4:7], m0 offen
