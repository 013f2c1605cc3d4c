buffer_atomic_smin v5, v[2:3], s[4:7], s4 idxen offen
