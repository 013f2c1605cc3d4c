#!/usr/bin/python3
"""Checks a GPU kernel's result with gpuatom (docs/python.md).

The "GPU result" here is made by NumPy: an atomicAdd histogram whose adds kept subnormal values,
as IEEE addition does, where ATOM.E.ADD.F32.FTZ.RN flushes them to zero. gpuatom finds the
element no order of the atomics explains, and the lane that differs.
"""

import sys

import numpy as np

import gpuatom


def main():
    atomic = gpuatom.nvidia.atomic("ATOM.E.ADD.F32.FTZ.RN", arch="sm_90")
    # Eight atomics on four bins, in the order the "GPU" ran them; bin 2 receives a subnormal.
    index = np.array([0, 1, 2, 3, 0, 1, 2, 3])
    values = np.array([1.0, 2.0, 1e-40, 4.0, 0.5, 0.25, 1e-40, 8.0], np.float32)
    initial = np.zeros(4, np.float32)

    # The kernel's output: IEEE adds, no flush (the wrong rule), with what each atomic returned.
    final, returned = initial.copy(), np.empty_like(values)
    for k, (b, v) in enumerate(zip(index, values)):  # the "GPU" itself: one add after another
        returned[k] = final[b]
        final[b] = final[b] + v

    check = atomic.explainable(index, values, initial, final, returned=returned)
    print("explainable:", "yes" if check else "no")
    print(check.explanation)

    # The same atomics lane by lane, as the ALU computes them from what each lane saw.
    expected, _ = atomic.apply(returned, values)
    gpu = returned + values
    differ = np.flatnonzero(expected.view(np.uint32) != gpu.view(np.uint32))
    k = int(differ[0])
    print(f"first lane that differs: atomic {k} on bin {index[k]}: old {returned[k]!r} + {values[k]!r}: "
          f"GPU 0x{gpu.view(np.uint32)[k]:08x}, ATOM.E.ADD.F32.FTZ.RN 0x{expected.view(np.uint32)[k]:08x}")
    return 0 if not check and check.element == 2 else 1


if __name__ == "__main__":
    sys.exit(main())
