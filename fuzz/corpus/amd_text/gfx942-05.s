buffer_atomic_cmpswap_x2 v[20:23], off, s[4:7], s101
