buffer_atomic_add v5, v255, s[4:7], s4 offen glc
