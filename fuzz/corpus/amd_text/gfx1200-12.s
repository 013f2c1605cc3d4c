buffer_atomic_max_num_f32 s1, off, s[4:7], s4
