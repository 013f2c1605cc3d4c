buffer_atomic_add_u64 v[20:21], v2, s[4:7], s4 offen scc
