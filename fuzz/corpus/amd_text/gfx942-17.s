buffer_atomic_or v5, v[2:3], s[4:7], s4 idxen offen sc0, v9
