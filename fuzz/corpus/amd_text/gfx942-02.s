buffer_atomic_and_x2 v[20:21], v2, s[4:7], s4 offen sc1 nt
