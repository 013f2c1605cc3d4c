buffer_atomic_cmpswap_b64 v[20:23], off, s[4:7], exec_lo glc
