buffer_atomic_add_f32 v5, off, s[4:7], s4 offset:255 glc
