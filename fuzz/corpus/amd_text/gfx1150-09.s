buffer_atomic_or_b32 v5, v[2:3], s[4:7], 0.15915494 idxen offen glc
