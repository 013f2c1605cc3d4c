"""gpuatom.amd.outcome: one cell of AMD's tables, the same object `gpuatom amd outcome --json` prints."""

import json
import os
import subprocess

import pytest

import gpuatom

CLI = os.environ.get("GPUATOM_CLI")
CELL = dict(device="mi300x", op="32 bit float atomicAdd", memory="pinned", granularity="fine", scope="system",
            pcie="no")


@pytest.mark.skipif(not CLI, reason="GPUATOM_CLI not set")
def test_outcome_is_the_clis():
    cell = gpuatom.amd.outcome(**CELL)
    out = subprocess.run([CLI, "amd", "outcome", "--json", *[x for k, v in CELL.items() for x in (f"--{k}", v)]],
                         check=True, capture_output=True, text=True).stdout
    assert cell == json.loads(out) and cell


def test_bad_cells_raise():
    with pytest.raises(ValueError, match="--op nope: expected one of"):
        gpuatom.amd.outcome(**{**CELL, "op": "nope"})
    with pytest.raises(ValueError, match="--memory"):
        gpuatom.amd.outcome(**{**CELL, "memory": "attic"})
