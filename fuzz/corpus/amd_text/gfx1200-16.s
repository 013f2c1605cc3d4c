flat_atomic_or_b32 v[2:3], v5 glc
