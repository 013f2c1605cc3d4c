buffer_atomic_add_f32 v5, v2, ttmp[4:7], s4 idxen
