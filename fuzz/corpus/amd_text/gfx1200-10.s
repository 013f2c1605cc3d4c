buffer_atomic_cmpswap_b64 v[20:23], v2, s[4:7], s4 idxen scope:SCOPE_DEV
