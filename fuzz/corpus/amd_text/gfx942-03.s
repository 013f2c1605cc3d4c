buffer_atomic_cmpswap_x2 v[20:23], v2, s[4:7], s4 idxen offset:4095 sc0
