buffer_atomic_dec_x2 v[20:21], v[2:3], s[4:7], -1 idxen offen sc0
