buffer_atomic_or_b64 v[20:21], v2, s[4:7], s4 offen glc dlc
