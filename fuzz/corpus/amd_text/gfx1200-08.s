buffer_atomic_add_u64 v[20:21], off, s[4:7], s4 th:TH_ATOMIC_NT scope:SCOPE_SYS
