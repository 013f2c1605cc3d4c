buffer_atomic_and_b32 v5, off, s[4:7], -4.0
