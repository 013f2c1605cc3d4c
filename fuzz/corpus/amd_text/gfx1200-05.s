buffer_atomic_add_u32 v5, v2, s[4:7], s4 idxen th:TH_ATOMIC_RETURN scope:SCOPE_SYS
