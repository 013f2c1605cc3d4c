"""NVIDIA atomics as SASS spells them (`gpuatom alu nvidia`): ATOM.E.ADD.F32.FTZ.RN, ATOMS.CAS.64, RED.E.ADD.F16x2.RN."""

from . import _gpuatom
from ._atomic import Atomic


def atomic(spelling, arch="", inst="", nan="canonical", f16x2_flush=False, safeadd_model=False):
    """The atomic `spelling` (checked against its instruction's table and `arch`, e.g. "sm_90")."""
    return Atomic(spelling, lambda has_swap: _gpuatom.nvidia_atomic(
        spelling, arch, inst, nan, f16x2_flush, safeadd_model, has_swap))


def apply(spelling, old, src, swap=None, **options):
    """(new memory, returned) for each element: Rb is `src` (a CAS's compare value), Rc is `swap`."""
    return atomic(spelling, **options).apply(old, src, swap)
