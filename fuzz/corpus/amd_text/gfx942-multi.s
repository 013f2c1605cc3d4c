buffer_atomic_add_f32 v5, v2, ttmp[4:7], s4 idxen
buffer_atomic_add_f32 v5, v2, s[4:7], s4 offen offset:4096 sc0
buffer_atomic_and_x2 v[20:21], v2, s[4:7], s4 offen sc1 nt
buffer_atomic_cmpswap_x2 v[20:23], v2, s[4:7], s4 idxen offset:4095 sc0
buffer_atomic_cmpswap_x2 v[20:23], v2, s[4:7], m0 offen
buffer_atomic_cmpswap_x2 v[20:23], off, s[4:7], s101
