buffer_atomic_add v5, v2, s[4:7], null idxen glc
buffer_atomic_add v5, v2, s[4:7], s4 idxen glc slc
buffer_atomic_add v5, v2, s[4:7], s4 idxen nodlc
buffer_atomic_add v5, v2, s[4:7], null idxen
buffer_atomic_add v5, v255, s[4:7], s4 offen glc
buffer_atomic_add v5, off, s[4:7], 0
