"""gpuatom: GPU atomic instructions computed bit-exactly, over NumPy arrays (docs/python.md).

    import numpy as np, gpuatom
    new, returned = gpuatom.nvidia.apply("ATOM.E.ADD.F32.FTZ.RN", old, src, arch="sm_90")
"""

import numpy as np

from . import alu, amd, intel, nvidia
from ._atomic import Atomic
from ._run import RunResult, run
from ._gpuatom import Check, Diagnostic, Instruction
from .nvidia import DiagnosticError

__all__ = ["Atomic", "Check", "Diagnostic", "DiagnosticError", "Instruction", "RunResult", "run", "alu", "amd", "intel", "nvidia", "bfloat16", "from_bfloat16"]


def bfloat16(values):
    """The bfloat16 bits (uint16) of float32 values, rounded to nearest even; a NaN stays a quiet NaN."""
    bits = np.ascontiguousarray(np.asarray(values, dtype=np.float32)).view(np.uint32)
    rounded = (bits + np.uint32(0x7FFF) + ((bits >> np.uint32(16)) & np.uint32(1))) >> np.uint32(16)
    nan = np.isnan(bits.view(np.float32))
    return np.where(nan, (bits >> np.uint32(16)) | np.uint32(0x40), rounded).astype(np.uint16)


def from_bfloat16(bits):
    """The float32 values of bfloat16 bits (uint16): exact."""
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << np.uint32(16)).view(np.float32)
