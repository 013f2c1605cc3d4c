"""gpuatom.run: one scenario run (`gpuatom run FILE`), its report as Python values, its regions as NumPy arrays."""

import os
from dataclasses import dataclass, field

import numpy as np

from . import _gpuatom
from .nvidia import DiagnosticError

# The dtype of each element type of a region (launch::name(ElementType)); bfloat16 as its uint16 bits.
ELEMENT_DTYPES = {
    "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64, "s8": np.int8, "s16": np.int16,
    "s32": np.int32, "s64": np.int64, "f16": np.float16, "bf16": np.uint16, "f32": np.float32, "f64": np.float64,
}


@dataclass
class RunResult:
    """What `gpuatom run` reports of one scenario; `regions` maps each region's name to its final elements."""

    name: str
    file: str
    mode: str
    passed: bool
    undecided: bool
    interrupted: bool
    skipped: bool
    lanes: int
    seconds: float
    expectations: list
    faults: list
    notes: list
    outcomes: list  # exhaustive mode: (text, executions, expectations hold)
    executions: int
    regions: dict = field(default_factory=dict)

    def __bool__(self):
        return self.passed


def run(path_or_text, mode="parallel", seed=1, threads=0, max_executions=100_000, region_limit=1 << 24):
    """Runs one scenario: a file's path, or the TOML text itself. Bad input raises DiagnosticError; Ctrl-C stops
    the run (KeyboardInterrupt). Each region holds its first `region_limit` elements, typed by its fill."""
    text = os.fspath(path_or_text)
    is_path = isinstance(path_or_text, os.PathLike) or ("\n" not in text and os.path.exists(text))
    ok, report = _gpuatom.run(text if is_path else "", "" if is_path else text, mode, seed, threads, max_executions,
                              region_limit)
    if not ok:
        raise DiagnosticError(report)
    regions = {}
    for name, element_type, _elements, bits in report.pop("regions"):
        dtype = np.dtype(ELEMENT_DTYPES[element_type])
        regions[name] = bits.astype(f"u{dtype.itemsize}").view(dtype)
    return RunResult(regions=regions, **report)
