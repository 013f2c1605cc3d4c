flat_atomic_or_b64 v[10:11], v[2:3], v[20:21] th:TH_ATOMIC_CASCADE_RT
