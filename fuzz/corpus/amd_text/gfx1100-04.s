buffer_atomic_cmpswap_b32 v[20:21], off, s[4:7], null
