"""The checks of a real kernel's output: a CuPy-style histogram of 2^20 float atomics checked in one call, fold
equality and the permutation of exchanged values, each naming the first element that fails."""

import numpy as np
import pytest

import gpuatom

ADD = gpuatom.nvidia.atomic("ATOM.E.ADD.F32.FTZ.RN", arch="sm_90")


def gpu_histogram(rng, bins, count):
    """What a GPU's atomicAdd histogram leaves: each bin's adds in some order (float32, round to nearest, no
    subnormals: FTZ changes nothing), each returning the bin's value before it."""
    index = rng.integers(0, bins, count)
    values = rng.uniform(0.5, 2.0, count).astype(np.float32)
    returned = np.empty(count, np.float32)
    final = np.zeros(bins, np.float32)
    for b in range(bins):  # per bin, vectorised: the order the GPU happened to run them in
        mine = rng.permutation(np.flatnonzero(index == b))
        sums = np.cumsum(values[mine], dtype=np.float32)  # sequential: each add rounds, as the GPU's do
        returned[mine] = np.concatenate([[np.float32(0)], sums[:-1]])
        final[b] = sums[-1]
    return index, values, returned, final


def test_a_million_float_atomics_in_one_call():
    rng = np.random.default_rng(20)
    index, values, returned, final = gpu_histogram(rng, 64, 1 << 20)
    initial = np.zeros(64, np.float32)
    check = ADD.explainable(index, values, initial, final, returned=returned)
    assert check and check.element is None, check.explanation
    wrong = final.copy()
    wrong[37] = np.nextafter(wrong[37], np.float32(np.inf))  # one ulp off
    check = ADD.explainable(index, values, initial, wrong, returned=returned)
    assert not check and not check.undecided and check.element == 37
    assert check.explanation.startswith("element 37: no serial order explains")


def test_a_returned_value_no_order_gives_is_named():
    rng = np.random.default_rng(3)
    index, values, returned, final = gpu_histogram(rng, 8, 4096)
    returned[np.flatnonzero(index == 5)[10]] = np.float32(-1.0)
    check = ADD.explainable(index, values, np.zeros(8, np.float32), final, returned=returned)
    assert not check and check.element == 5


def test_fold_of_integer_adds():
    add = gpuatom.nvidia.atomic("ATOM.E.ADD.S32")
    index = np.array([0, 1, 1, 2, 2, 2])
    values = np.array([5, -1, 3, 7, 7, 7], np.int32)
    initial = np.array([1, 1, 1], np.int32)
    assert add.fold(index, values, initial, np.array([6, 3, 22], np.int32))
    check = add.fold(index, values, initial, np.array([6, 3, 21], np.int32))
    assert not check and check.element == 2 and "fold of 3 operations" in check.explanation


def test_permutation_of_exchanged_values():
    exch = gpuatom.nvidia.atomic("ATOM.E.EXCH")
    index = np.array([0, 0, 0, 1])
    stored = np.array([10, 20, 30, 40], np.uint32)
    initial = np.array([1, 2], np.uint32)
    assert exch.permutation(index, stored, np.array([1, 30, 10, 2], np.uint32), initial, np.array([20, 40], np.uint32))
    check = exch.permutation(index, stored, np.array([1, 30, 30, 2], np.uint32), initial,
                             np.array([20, 40], np.uint32))
    assert not check and check.element == 0


def test_bad_checks_raise():
    with pytest.raises(ValueError, match=r"index\[1\] = 9 is outside the memory's 2 elements"):
        ADD.explainable([0, 9], np.ones(2, np.float32), np.zeros(2, np.float32), np.zeros(2, np.float32))
    with pytest.raises(ValueError, match="initial has shape"):
        ADD.fold([0], np.ones(1, np.float32), np.zeros(2, np.float32), np.zeros(3, np.float32))


def test_ctrl_c_stops_a_long_check():
    import os
    import signal
    import threading
    import time

    # 100000 elements of 10 float adds each, no returned values, every final value out of reach: each
    # element's search spends its budget and leaves it undecided, and the check goes on, for many seconds.
    rng = np.random.default_rng(7)
    elements = 100_000
    index = np.repeat(np.arange(elements), 10)
    values = rng.uniform(0.5, 2.0, index.size).astype(np.float32)
    initial = np.zeros(elements, np.float32)
    final = np.full(elements, -1.0, np.float32)
    threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        ADD.explainable(index, values, initial, final, states=5000)
    assert time.monotonic() - start < 5
