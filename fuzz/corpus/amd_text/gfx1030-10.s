buffer_atomic_dec_x2 v[20:21], v2, ttmp[4:7], s4 idxen glc
