buffer_atomic_or_b32 v5, v2, s[4:7], s4 offen offset:255 glc
