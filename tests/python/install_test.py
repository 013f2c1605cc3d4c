"""`cmake --install` puts the package under the prefix where the interpreter looks (its site-packages there)."""

import os
import pathlib
import subprocess
import sys

import pytest

BUILD_DIR = os.environ.get("GPUATOM_BUILD_DIR")


@pytest.mark.skipif(not BUILD_DIR, reason="GPUATOM_BUILD_DIR not set")
def test_installs_into_the_prefix_and_imports_from_there(tmp_path):
    subprocess.run(["cmake", "--install", BUILD_DIR, "--prefix", str(tmp_path), "--component", "python"],
                   check=True, capture_output=True)
    cache = pathlib.Path(BUILD_DIR, "CMakeCache.txt").read_text()
    relative = next(line.split("=", 1)[1] for line in cache.splitlines()
                    if line.startswith("GPUATOM_PYTHON_INSTALL_DIR:"))
    site = tmp_path / relative
    assert (site / "gpuatom" / "__init__.py").is_file()
    code = ("import gpuatom, numpy as np; new, _ = gpuatom.nvidia.apply('ATOM.E.ADD.S32', np.array([1], np.int32), 2);"
            "print(gpuatom.__file__, int(new[0]))")
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env).stdout
    assert out.startswith(str(site)) and out.split()[-1] == "3"
