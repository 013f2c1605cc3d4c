flat_atomic_add_f32 v1, v[2:3], v5 th:TH_LOAD_RT
