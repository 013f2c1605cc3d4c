buffer_atomic_add_f32 v5, v[2:3], s[4:7], null idxen offen
buffer_atomic_add_f32 v5, v2, ttmp[4:7], s4 idxen th:TH_ATOMIC_RETURN
buffer_atomic_add_f32 v5, v2, ttmp[4:7], s4 idxen
buffer_atomic_add_f32 v5, v2, s[4:7], s4 offen th:TH_ATOMIC_RETURN scope:SCOPE_SYS
buffer_atomic_add v5, v2, s[4:7], s4 idxen th:TH_ATOMIC_RETURN
buffer_atomic_add_u32 v5, v2, s[4:7], s4 idxen th:TH_ATOMIC_RETURN scope:SCOPE_SYS
