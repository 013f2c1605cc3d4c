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


class DiagnosticError(ValueError):
    """Text or words the library refused: `diagnostics` holds every error and warning (gpuatom.Diagnostic)."""

    def __init__(self, diagnostics):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics if d.severity == "error"))


def _listed(result):
    if not result.ok:
        raise DiagnosticError(result.diagnostics)
    return result.lines


def check(text, arch="", file="<string>", rules_as_warnings=False):
    """`gpuatom check sass`: the diagnostics (file, line, column, message, rule) of SASS `text`; [] when clean."""
    return list(_gpuatom.nvidia_check(text, file, arch, rules_as_warnings).diagnostics)


def asm(text, arch="", encode=False, file="<string>", rules_as_warnings=False):
    """`gpuatom asm sass`: each instruction in canonical form (with `encode`, its word); DiagnosticError on an error."""
    return _listed(_gpuatom.nvidia_asm(text, file, arch, encode, rules_as_warnings))


def disasm(words, arch="", control=False):
    """`gpuatom disasm sass WORD…`: the atomic of each word (a 128-bit word is two, low then high)."""
    words = [int(w) for w in (words.reshape(-1).tolist() if hasattr(words, "reshape") else words)]
    return _listed(_gpuatom.nvidia_disasm(words, arch, control))
