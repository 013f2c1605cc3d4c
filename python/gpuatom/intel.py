"""Intel vISA atomics (`gpuatom alu intel`): svm_atomic.OP, typed_atomic.OP, lsc_atomic_OP, or OP[.16|.64]."""

from . import _gpuatom
from ._atomic import Atomic


def atomic(spelling, platform="", form="svm", data="d32"):
    """The atomic `spelling`, checked against `platform`'s rules when one is named (e.g. "pvc")."""
    return Atomic(spelling, lambda has_src1: _gpuatom.intel_atomic(spelling, platform, form, data, has_src1))


def apply(spelling, old, src0, src1=None, **options):
    """(new memory, returned) for each element. A 16-bit atomic's returned value is the dword's low half."""
    return atomic(spelling, **options).apply(old, src0, src1)
