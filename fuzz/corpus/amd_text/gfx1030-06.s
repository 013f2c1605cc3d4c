buffer_atomic_add_x2 v[21:22], v2, s[4:7], s4 idxen
