"""An atomic of any vendor over NumPy arrays: dtypes, shapes and the native calls (module.cpp)."""

import warnings

import numpy as np

from . import _gpuatom

# The NumPy dtype of each ALU type's elements (alu::name). bfloat16 has none in NumPy: its bits
# travel as uint16 (gpuatom.bfloat16 and gpuatom.from_bfloat16 convert). A packed pair (f16x2), a
# vector (.F32x4) or a 128-bit value is a trailing axis of these elements.
DTYPES = {
    "u16": np.uint16, "s16": np.int16, "u32": np.uint32, "s32": np.int32, "u64": np.uint64,
    "s64": np.int64, "u128": np.uint64, "f16": np.float16, "bf16": np.uint16, "f32": np.float32,
    "f64": np.float64, "f16x2": np.float16, "bf16x2": np.uint16,
}


def _array(value, dtype, name):
    """`value` as an array of `dtype`: a NumPy array must have it already (no silent rounding)."""
    if isinstance(value, np.ndarray):
        if value.dtype != dtype:
            raise TypeError(f"{name}: expected an array of {np.dtype(dtype).name}, got {value.dtype.name}")
        return value
    return np.asarray(value, dtype=dtype)


class Atomic:
    """One atomic instruction as its vendor spells it, applied to arrays and checked against them.

    Made by gpuatom.nvidia.atomic, gpuatom.intel.atomic, gpuatom.amd.atomic or gpuatom.alu.atomic;
    the spelling is read (and refused with the library's message) when first used.
    """

    def __init__(self, spelling, resolve):
        self.spelling = spelling
        self._resolve = resolve  # has_second -> the native atomic
        self._native = {}

    def native(self, has_second=False):
        if has_second not in self._native:
            native = self._resolve(has_second)
            for line in native.warnings:
                warnings.warn(line, stacklevel=3)
            self._native[has_second] = native
        return self._native[has_second]

    def _layout(self, native):
        dtype = np.dtype(DTYPES[native.type])
        return dtype, native.bits // (8 * dtype.itemsize)

    def dtype(self):
        """The dtype of memory and operand elements."""
        return self._layout(self.native())[0]

    def _arrays(self, native, named):
        dtype, lanes = self._layout(native)
        arrays = [None if a is None else _array(a, dtype, name) for name, a in named]
        shape = np.broadcast_shapes(*[a.shape for a in arrays if a is not None])
        if lanes > 1 and (not shape or shape[-1] != lanes):
            raise ValueError(f"{self.spelling}: each element is {lanes} {dtype.name} values "
                             f"(a trailing axis of {lanes}); got shape {shape}")
        return [None if a is None else np.ascontiguousarray(np.broadcast_to(a, shape)) for a in arrays], shape, dtype

    def apply(self, old, operand, second=None):
        """(new memory, returned) of the atomic on each element; returned is None when it returns nothing."""
        native = self.native(second is not None)
        (old, operand, second), shape, dtype = self._arrays(
            native, [("old", old), ("operand", operand), ("second operand", second)])
        memory = np.empty(shape, dtype)
        returned = np.empty(shape, dtype) if native.returns else None
        _gpuatom.apply(native, old, operand, second, memory, returned)
        return memory, returned

    def _observed(self, native, index, operands, initial, final):
        dtype, _ = self._layout(native)
        initial = np.ascontiguousarray(_array(initial, dtype, "initial"))
        final = np.ascontiguousarray(_array(final, dtype, "final"))
        if initial.shape != final.shape:
            raise ValueError(f"initial has shape {initial.shape} but final has {final.shape}")
        index = np.ascontiguousarray(np.asarray(index, dtype=np.int64).reshape(-1))
        out = []
        for name, a in operands:
            if a is not None:
                a = np.ascontiguousarray(np.broadcast_to(_array(a, dtype, name), index.shape))
            out.append(a)
        return initial, final, index, out

    def explainable(self, index, operand, initial, final, returned=None, second=None, thread=None,
                    states=1_000_000):
        """Whether some serial order of the atomics explains each element's final value and every
        returned value: atomic k ran on element index[k] with operand[k] (and second[k]) and returned
        returned[k]; thread[k] names its thread (a thread's atomics happen in array order)."""
        native = self.native(second is not None)
        initial, final, index, (operand, second, returned) = self._observed(
            native, index, [("operand", operand), ("second operand", second), ("returned", returned)], initial,
            final)
        if thread is not None:
            thread = np.ascontiguousarray(np.asarray(thread, dtype=np.int64).reshape(-1))
        return _gpuatom.explainable(native, initial, final, index, operand, second, returned, thread, states)

    def fold(self, index, operand, initial, final, second=None):
        """Whether each element's final value is the fold of its atomics (in array order) over its initial value."""
        native = self.native(second is not None)
        initial, final, index, (operand, second) = self._observed(
            native, index, [("operand", operand), ("second operand", second)], initial, final)
        return _gpuatom.fold(native, initial, final, index, operand, second)

    def permutation(self, index, stored, returned, initial, final):
        """Exchange: whether each element's returned and final values are its initial and stored values, permuted."""
        native = self.native(False)
        initial, final, index, (stored, returned) = self._observed(
            native, index, [("stored", stored), ("returned", returned)], initial, final)
        return _gpuatom.permutation(native, initial, final, index, stored, returned)
