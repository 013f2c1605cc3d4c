buffer_atomic_csub_u32 v5, v2, s[4:7], s4 idxen sc0
