buffer_atomic_add_f32 v5, v2, ttmp[4:7], s4 idxen
buffer_atomic_add_f32 v5, off, s[4:7], s4 offset:255 glc
buffer_atomic_add_u64 v[20:21], v2, s[4:7], m0 idxen glc
buffer_atomic_and_b32 v5, off, s[4:7], -4.0
buffer_atomic_cmpswap_b32 v[20:21], off, s[4:7], null
buffer_atomic_cmpswap_b64 v[20:23], v[254:255], s[4:7], s4 idxen offen glc
