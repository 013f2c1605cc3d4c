buffer_atomic_add_f64 v[20:21], v[3:4], s[4:7], s4 idxen offen sc0
