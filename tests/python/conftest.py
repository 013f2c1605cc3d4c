"""The pytest suite of the Python module gpuatom (label python): run by ctest with the build's package on PYTHONPATH."""

import os
import pathlib

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("GPUATOM_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))


@pytest.fixture
def source_dir():
    return SOURCE_DIR
