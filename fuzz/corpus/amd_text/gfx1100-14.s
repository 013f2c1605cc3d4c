buffer_atomic_and_b64 v[20:21], v2, s[4:7], 65 offen glc
