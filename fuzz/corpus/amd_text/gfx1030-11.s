buffer_atomic_dec_x2 v[20:21], v2, s[4:7], 0.15915494 offen
