"""The vendor-neutral ALU: an op and a type by the library's names (add, inc_bounded, …; u32, f16x2, …), IEEE rules."""

from . import _gpuatom
from ._atomic import Atomic


def atomic(op, type):  # noqa: A002 (the ALU's own word)
    return Atomic(f"{op}.{type}", lambda _has_compare: _gpuatom.alu_atomic(op, type))


def apply(op, type, old, value, compare=None):  # noqa: A002
    """(new memory, returned) for each element; `compare` is a compare-and-swap's comparand (mask_or's mask)."""
    return atomic(op, type).apply(old, value, compare)
