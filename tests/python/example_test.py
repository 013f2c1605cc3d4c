"""examples/python/flush_check.py, run as a user runs it: it names the bin and the lane of the missing flush."""

import os
import subprocess
import sys

from conftest import SOURCE_DIR


def test_the_flush_example_shows_the_mismatch():
    out = subprocess.run([sys.executable, str(SOURCE_DIR / "examples" / "python" / "flush_check.py")], check=True,
                         capture_output=True, text=True, env=dict(os.environ)).stdout
    assert "explainable: no" in out
    assert "element 2: no serial order explains" in out
    assert "first lane that differs: atomic 2 on bin 2" in out and "ATOM.E.ADD.F32.FTZ.RN 0x00000000" in out


def test_docs_show_the_examples_output():
    out = subprocess.run([sys.executable, str(SOURCE_DIR / "examples" / "python" / "flush_check.py")], check=True,
                         capture_output=True, text=True, env=dict(os.environ)).stdout
    page = (SOURCE_DIR / "docs" / "python.md").read_text()
    assert "```\n" + out + "```\n" in page, "docs/python.md shows another output of examples/python/flush_check.py"
