"""gpuatom.nvidia.disasm, asm and check: the CLI's text and words, diagnostics as Python objects."""

import os
import subprocess

import numpy as np
import pytest

import gpuatom

CLI = os.environ.get("GPUATOM_CLI")
WORDS_SM90 = [0x000000040A0079A8, 0x004E2800081EE1C6]  # one 128-bit word, low then high
WORDS_SM52 = [0xED07000100570200, 0xEBF9000000370233]


def test_disasm_and_asm_round_trip():
    for words, arch in ((WORDS_SM52, "sm_52"), (WORDS_SM90, "sm_90")):
        # With the control bits as comments (sm_70 on), asm puts them back into the word's high half.
        listed = gpuatom.nvidia.disasm(np.array(words, np.uint64), arch=arch, control=arch == "sm_90")
        assert listed and all(isinstance(i, gpuatom.Instruction) for i in listed)
        text = "\n".join(i.text for i in listed) + "\n"
        again = gpuatom.nvidia.asm(text, arch=arch, encode=True)
        got = [w for i in again for w in ([i.word] + ([i.word_high] if i.word_high is not None else []))]
        assert got == words, (text, [hex(w) for w in got])


@pytest.mark.skipif(not CLI, reason="GPUATOM_CLI not set")
def test_disasm_prints_what_the_cli_prints():
    out = subprocess.run([CLI, "disasm", "sass", "--arch", "sm_90", *map(hex, WORDS_SM90)], check=True,
                         capture_output=True, text=True).stdout
    assert [i.text for i in gpuatom.nvidia.disasm(WORDS_SM90, arch="sm_90")] == out.splitlines()


def test_check_gives_diagnostics_as_objects():
    text = "ATOM.E.ADD.F32.FTZ.RN R0, [R2], R4 ;\nATOM.E.ADD.F64.FTZ.RN R0, [R2], R4 ;\n"
    found = gpuatom.nvidia.check(text, file="kernel.sass")
    assert len(found) == 1
    d = found[0]
    assert (d.severity, d.file, d.line, d.column) == ("error", "kernel.sass", 2, 11)
    assert d.message == "unknown modifier '.F64' on ATOM" and str(d).startswith("kernel.sass:2:11: error: ")
    assert gpuatom.nvidia.check(text.splitlines()[0]) == []


def test_refused_text_and_words_raise():
    with pytest.raises(gpuatom.DiagnosticError) as error:
        gpuatom.nvidia.asm("ATOM.E.ADD.F64.FTZ.RN R0, [R2], R4 ;")
    assert isinstance(error.value, ValueError) and error.value.diagnostics[0].line == 1
    assert "unknown modifier '.F64' on ATOM" in str(error.value)
    with pytest.raises(ValueError, match="--arch sm_1: expected"):
        gpuatom.nvidia.disasm(WORDS_SM52, arch="sm_1")
    with pytest.raises(gpuatom.DiagnosticError):
        gpuatom.nvidia.disasm([0x0], arch="sm_52")
