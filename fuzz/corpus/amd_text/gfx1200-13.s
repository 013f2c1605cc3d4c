buffer_atomic_min_num_f32 v5, v2, s[4:7], s106 offen th:TH_ATOMIC_RETURN
