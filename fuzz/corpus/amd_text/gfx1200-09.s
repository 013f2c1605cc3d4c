buffer_atomic_and_b32 v5, v2, s[4:7], s4 idxen offset:255 th:TH_ATOMIC_RETURN
