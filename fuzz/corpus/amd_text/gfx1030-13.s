buffer_atomic_add v5, v2, s[4:7], s4 idxen noscc
