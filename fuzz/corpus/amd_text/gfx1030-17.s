buffer_atomic_smin_x2 v[20:21], v2, s[4:7], s4 offen offset:65536 glc
