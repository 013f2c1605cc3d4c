buffer_atomic_inc_x2 v[20:21], off, s[4:7], 0x3f
