buffer_atomic_add_u64 v[20:21], v[2:3], s[4:7], s4 idxen offen th:TH_ATOMIC_RETURN scope:SCOPE_CU
