buffer_atomic_dec v5, v2, s[4:7], -4.0 idxen
