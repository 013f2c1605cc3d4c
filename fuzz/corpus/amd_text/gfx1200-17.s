flat_atomic_max_u64 v[10:11], v[2:3], v[20:21] th:TH_DEFAULT scope:SCOPE_SYS
