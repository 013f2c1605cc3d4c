buffer_atomic_cmpswap_b32 v[20:21], v2, s[4:7], s4 offen offset:8388607
