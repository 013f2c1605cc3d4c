buffer_atomic_add v5, off, s[4:7], s4 offset:-8388608
