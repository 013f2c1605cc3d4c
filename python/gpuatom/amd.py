"""AMD atomic instructions as llvm-mc prints them (`gpuatom alu amd MNEMONIC --target T`)."""

import json

from . import _gpuatom
from ._atomic import Atomic


def atomic(mnemonic, target, lds_denormals="kept", l2_add_f32="manuals", inf_minus_inf="quiet"):
    """The instruction `mnemonic` (global_atomic_add_f32, ds_cmpst_rtn_b32 …) on `target` (gfx942, MI300X …)."""
    return Atomic(mnemonic, lambda has_compare: _gpuatom.amd_atomic(
        mnemonic, target, lds_denormals, l2_add_f32, inf_minus_inf, has_compare))


def apply(mnemonic, old, operand, compare=None, *, target, **options):
    """(new memory, returned) for each element; returned is None for an instruction without _rtn."""
    return atomic(mnemonic, target, **options).apply(old, operand, compare)


def outcome(device, op, memory, granularity, scope, pcie="", strategy="hw", switches=None):
    """`gpuatom amd outcome --json`: what `op` ("32 bit float atomicAdd", add32 …) does in one cell of AMD's tables
    on `device` (MI300X, gfx942 …), and why: the library's JSON object as a dict. `switches` sets docs/spec/amd.md
    §9's switches by name."""
    return json.loads(_gpuatom.amd_outcome(device, op, memory, granularity, scope, pcie, strategy,
                                           dict(switches or {})))
