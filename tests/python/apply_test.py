"""gpuatom.<vendor>.apply over arrays: dtypes and shapes, agreement with `gpuatom alu` lane by lane, and errors."""

import json
import os
import subprocess

import numpy as np
import pytest

import gpuatom

CLI = os.environ.get("GPUATOM_CLI")


def test_nvidia_f32_ftz_flushes_a_subnormal_old_value():
    old = np.array([1e-40, 1.0, -0.0], dtype=np.float32)
    src = np.array([1.0, 2.0, 0.0], dtype=np.float32)
    new, returned = gpuatom.nvidia.apply("ATOM.E.ADD.F32.FTZ.RN", old, src, arch="sm_90")
    assert new.dtype == np.float32 and returned.dtype == np.float32
    assert new.tolist() == [1.0, 3.0, 0.0]
    assert returned.view(np.uint32).tolist() == old.view(np.uint32).tolist()  # the old bits, unflushed


def test_red_returns_nothing_and_scalars_broadcast():
    new, returned = gpuatom.nvidia.apply("RED.E.ADD.F32.FTZ.RN", np.zeros(4, np.float32), 0.5)
    assert returned is None and new.tolist() == [0.5] * 4


def test_cas_takes_the_swap_array():
    old = np.array([5, 6], dtype=np.uint64)
    new, returned = gpuatom.nvidia.apply("CAS.64", old, np.array([5, 5], np.uint64), np.array([9, 9], np.uint64))
    assert new.tolist() == [9, 6] and returned.tolist() == [5, 6]


def test_packed_and_vector_forms_take_a_trailing_axis():
    old = np.array([[1.0, 2.0], [0.5, -1.0]], dtype=np.float16)
    new, _ = gpuatom.nvidia.apply("ATOM.E.ADD.F16x2.RN", old, np.float16(1.0))
    assert new.dtype == np.float16 and new.tolist() == [[2.0, 3.0], [1.5, 0.0]]
    old = np.arange(8, dtype=np.float32).reshape(2, 4)
    new, returned = gpuatom.nvidia.apply("REDG.E.ADD.F32x4.FTZ.RN", old, np.ones((2, 4), np.float32), arch="sm_90")
    assert new.tolist() == (old + 1).tolist() and returned is None
    with pytest.raises(ValueError, match="trailing axis of 4"):
        gpuatom.nvidia.apply("REDG.E.ADD.F32x4.FTZ.RN", np.zeros(6, np.float32), np.zeros(6, np.float32),
                             arch="sm_90")


def test_bfloat16_travels_as_bits():
    bits = gpuatom.bfloat16([1.0, -2.0, 3.140625])
    assert bits.dtype == np.uint16 and bits.tolist() == [0x3F80, 0xC000, 0x4049]
    assert gpuatom.from_bfloat16(bits).tolist() == [1.0, -2.0, 3.140625]
    pair = gpuatom.bfloat16([[1.0, 2.0]])
    new, _ = gpuatom.nvidia.apply("ATOM.E.ADD.BF16x2.RN", pair, pair, arch="sm_90")
    assert gpuatom.from_bfloat16(new).tolist() == [[2.0, 4.0]]


def test_intel_and_amd():
    new, returned = gpuatom.intel.apply("lsc_atomic_fadd", np.array([1.0], np.float32), np.array([0.5], np.float32),
                                        platform="pvc")
    assert new.tolist() == [1.5] and returned.tolist() == [1.0]
    new, returned = gpuatom.intel.apply("cmpxchg", np.array([7, 8], np.uint32), np.array([1, 1], np.uint32),
                                        np.array([7, 7], np.uint32))
    assert new.tolist() == [1, 8] and returned.tolist() == [7, 8]
    # gfx942's L2 add_f32 flushes a subnormal input (docs/spec/amd-isa.md §7).
    old = np.array([1e-40], np.float32)
    new, returned = gpuatom.amd.apply("global_atomic_add_f32", old, 0.0, target="gfx942")
    assert new.view(np.uint32).tolist() == [0] and returned.view(np.uint32).tolist() == old.view(np.uint32).tolist()
    new, returned = gpuatom.amd.apply("ds_cmpst_rtn_b32", np.array([3, 4], np.uint32), np.array([9, 9], np.uint32),
                                      np.array([3, 3], np.uint32), target="gfx90a")
    assert returned.tolist() == [3, 4]


@pytest.mark.skipif(not CLI, reason="GPUATOM_CLI not set")
@pytest.mark.parametrize("vendor,spelling,flags,operands", [
    ("nvidia", "ATOM.E.ADD.F32.FTZ.RN", ["--arch", "sm_90"], ["--src"]),
    ("nvidia", "ATOM.E.MIN.F16x2.RN", ["--arch", "sm_90"], ["--src"]),
    ("intel", "svm_atomic.fadd", ["--platform", "pvc"], ["--src0"]),
    ("amd", "global_atomic_add_f32", ["--target", "gfx90a"], ["--operand"]),
])
def test_agrees_with_the_cli_lane_by_lane(vendor, spelling, flags, operands):
    rng = np.random.default_rng(43)
    raw = rng.integers(0, 1 << 32, size=(2, 6), dtype=np.uint64).astype(np.uint32)
    raw[:, 0] = [0x00000001, 0x3F800000]  # a subnormal
    raw[:, 1] = [0x7F800001, 0x3F800000]  # a signalling NaN
    module = getattr(gpuatom, vendor)
    options = dict(zip([f.lstrip("-") for f in flags[::2]], flags[1::2]))
    atomic = module.atomic(spelling, **options)
    dtype = atomic.dtype()
    lanes = 4 // dtype.itemsize
    shape = (6, lanes) if lanes > 1 else (6,)
    old, src = (raw[i].view(dtype).reshape(shape) for i in range(2))
    new, returned = atomic.apply(old, src)
    for k in range(6):
        out = subprocess.run([CLI, "alu", vendor, spelling, *flags, "--json", "--old", hex(raw[0, k]), operands[0],
                              hex(raw[1, k])], check=True, capture_output=True, text=True).stdout
        lane = json.loads(out)
        assert int(lane["memory"], 16) == int(new.reshape(6, -1)[k].view(np.uint32)[0]), (k, lane)
        if returned is not None:
            assert int(lane["returned"], 16) == int(returned.reshape(6, -1)[k].view(np.uint32)[0]), (k, lane)


def test_errors_are_exceptions_with_the_librarys_messages():
    with pytest.raises(ValueError, match="--arch sm_60: REDG is an sm_70[+] spelling"):
        gpuatom.nvidia.apply("REDG.E.ADD.F32x4.FTZ.RN", np.zeros((1, 4), np.float32), np.zeros((1, 4), np.float32),
                             arch="sm_60")
    with pytest.raises(ValueError, match="swap"):
        gpuatom.nvidia.apply("CAS.32", np.zeros(1, np.uint32), np.zeros(1, np.uint32))
    with pytest.raises(ValueError, match="--platform nope"):
        gpuatom.intel.apply("fadd", np.zeros(1, np.float32), np.zeros(1, np.float32), platform="nope")
    with pytest.raises(ValueError, match="gfx"):
        gpuatom.amd.apply("global_atomic_add_f32", np.zeros(1, np.float32), 0.0, target="gfx1")
    with pytest.raises(TypeError, match="expected an array of float32, got float64"):
        gpuatom.nvidia.apply("ATOM.E.ADD.F32.FTZ.RN", np.zeros(2), np.zeros(2, np.float32))
    with pytest.raises(ValueError, match="unknown ALU op"):
        gpuatom.alu.apply("plus", "u32", [1], [2])
