buffer_atomic_cmpswap_x2 v[20:23], v[2:3], s[4:7], s4 idxen offen sc1 offset:16
