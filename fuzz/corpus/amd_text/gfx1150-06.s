buffer_atomic_inc_u32 v5, v2, s[4:7], -4.0 idxen glc
