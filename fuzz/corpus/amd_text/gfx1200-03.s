buffer_atomic_add_f32 v5, v2, s[4:7], s4 offen th:TH_ATOMIC_RETURN scope:SCOPE_SYS
