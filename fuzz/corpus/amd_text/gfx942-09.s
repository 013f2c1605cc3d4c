buffer_atomic_inc_x2 v[20:21], v2, s[4:7], 64 idxen
