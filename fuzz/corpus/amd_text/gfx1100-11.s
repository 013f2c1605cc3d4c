buffer_atomic_min_i32 v5, v2, s[4:7], s4 offen
