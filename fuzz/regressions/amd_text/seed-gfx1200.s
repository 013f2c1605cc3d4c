buffer_atomic_add_f32 v5, v[2:3], s[4:7], null idxen offen
