buffer_atomic_dec v5, off, s[4:7], 1.5 sc0
