"""gpuatom.run: a scenario file or text run as `gpuatom run` runs it, regions as NumPy arrays, errors, Ctrl-C."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import gpuatom
from conftest import SOURCE_DIR

COUNTER = """
name = "counter"
isa = "sass"
program = "ATOM.E.ADD RZ, [R2], R4 ;"
[launch]
lanes = {lanes}
[[region]]
name = "counter"
size = 8
fill = 7
[lanes]
R2 = "lo(addr(counter))"
R3 = "hi(addr(counter))"
R4 = 1
[[expect]]
region = "counter"
type = "u32"
index = 0
equals = "7 + lanes"
"""


def test_a_file_runs_and_its_regions_are_arrays():
    result = gpuatom.run(SOURCE_DIR / "examples" / "nvidia" / "histogram.toml")
    assert result and result.mode == "parallel" and all(e.passed for e in result.expectations)
    bins = result.regions["bins"]
    assert bins.dtype == np.uint32 and bins.shape == (256,) and (bins == 4096).all()


def test_text_runs_and_exhaustive_mode_lists_outcomes():
    result = gpuatom.run(COUNTER.format(lanes=64), mode="deterministic", seed=5)
    assert result and result.regions["counter"].tolist() == [71, 7]
    result = gpuatom.run(SOURCE_DIR / "examples" / "nvidia" / "inc-race-small.toml", mode="exhaustive")
    assert result and result.executions > 0 and result.outcomes and result.outcomes[0][2]


def test_bad_input_raises_with_diagnostics():
    with pytest.raises(gpuatom.DiagnosticError) as error:
        gpuatom.run("[launch]\nlanes = x\n")
    d = error.value.diagnostics[0]
    assert (d.file, d.line, d.column) == ("<string>", 2, 9)
    with pytest.raises(ValueError, match="--mode sideways: expected parallel, deterministic or exhaustive"):
        gpuatom.run(COUNTER.format(lanes=1), mode="sideways")


def test_ctrl_c_stops_a_run():
    threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        # Deterministic mode, which takes the lanes one at a time: the parallel mode adds a warp's
        # lanes on one word in one host add, and 2^24 of them finish before the signal.
        gpuatom.run(COUNTER.format(lanes=1 << 24), mode="deterministic", threads=1)
    assert time.monotonic() - start < 10
