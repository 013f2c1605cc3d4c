buffer_atomic_add_u32 v5, v[2:3], s[4:7], s106 idxen offen
