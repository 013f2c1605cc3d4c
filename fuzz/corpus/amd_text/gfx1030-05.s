buffer_atomic_add v5, off, s[4:7], 0
