"""The known answers of the C++ ALU tests (tests/alu), read from their source and run through Python:
the same bits, element for element, in one array call per operation."""

import re

import numpy as np

import gpuatom
from conftest import SOURCE_DIR

from gpuatom._atomic import DTYPES

RUN = re.compile(r"EXPECT_EQ\(run\(Op::(\w+),\s*Type::(\w+),\s*([^,()]+),\s*([^,()]+)(?:,\s*([^,()]+))?\)"
                 r"\.(memory|returned),\s*([^;]+?)\);")
NV_ADD = re.compile(r"nv_add\(Size::(\w+),\s*([^,()]+),\s*([^,()]+)(?:,\s*(\w+))?\),\s*([^;]+?)\);")
CONSTANT = re.compile(r"const uint64_t (\w+) = (0x[0-9a-fA-F]+|\d+)[uUlL]*;")
MASK64 = (1 << 64) - 1


def c_value(text, constants):
    """A C++ integer expression of the tests (0xffu, ~0ULL - 1, b + 1) as a Python integer."""
    expression = re.sub(r"\b(0x[0-9a-fA-F]+|\d+)[uUlL]+\b", r"\1", text.strip())
    return eval(expression, {"__builtins__": {}}, constants) & MASK64  # noqa: S307 (the project's own test source)


def source(name):
    return (SOURCE_DIR / "tests" / "alu" / name).read_text()


def integer_vectors():
    vectors = []
    for name in ("integer_ops_test.cpp", "subtract_and_mask_ops_test.cpp"):
        text = source(name)
        constants = {m.group(1): c_value(m.group(2), {}) for m in CONSTANT.finditer(text)}
        found = list(RUN.finditer(text))
        assert len(found) == text.count("EXPECT_EQ(run("), f"{name}: a known answer this test cannot read"
        for m in found:
            op, type_, old, value, compare, which, expected = m.groups()
            vectors.append((op.removeprefix("bit_"), type_, c_value(old, constants), c_value(value, constants),
                            c_value(compare, constants) if compare else None, which, c_value(expected, constants)))
    return vectors


def bits_array(values, type_):
    """Values as the type's bits (the ALU reads only the type's width), in the type's dtype."""
    dtype = np.dtype(DTYPES[type_])
    unsigned = np.dtype(f"u{dtype.itemsize}")
    mask = (1 << (8 * dtype.itemsize)) - 1
    return np.array([v & mask for v in values], dtype=unsigned).view(dtype)


def test_integer_vectors_agree_bit_for_bit():
    vectors = integer_vectors()
    assert len(vectors) >= 80
    groups = {}
    for v in vectors:
        groups.setdefault((v[0], v[1], v[4] is not None), []).append(v)
    for (op, type_, has_compare), rows in groups.items():
        old = bits_array([r[2] for r in rows], type_)
        value = bits_array([r[3] for r in rows], type_)
        compare = bits_array([r[4] for r in rows], type_) if has_compare else None
        memory, returned = gpuatom.alu.apply(op, type_, old, value, compare)
        unsigned = f"u{memory.dtype.itemsize}"
        for k, row in enumerate(rows):
            got = int((memory if row[5] == "memory" else returned).view(unsigned)[k])
            assert got == row[6], f"{op}.{type_} {row}: got {got:#x}"


NV_OPTIONS = {None: [{}], "propagate": [{"nan": "propagate"}], "flush": [{"f16x2_flush": True}],
              "options": [{}, {"nan": "propagate"}]}  # the test's loop over both NaN switches


def test_nvidia_float_vectors_agree_bit_for_bit():
    text = source("float_ops_test.cpp")
    found = list(NV_ADD.finditer(text))
    assert len(found) == text.count("nv_add(Size::") and len(found) >= 16
    for m in found:
        size, old, value, options, expected = m.groups()
        spelling = "ATOM.E.ADD." + size.replace("_", ".") + ("" if size.endswith("RN") else ".RN")
        for option in NV_OPTIONS[options]:
            atomic = gpuatom.nvidia.atomic(spelling, arch="sm_90", **option)
            unsigned = f"u{atomic.dtype().itemsize}"
            lanes = atomic.native().bits // (8 * atomic.dtype().itemsize)
            as_array = lambda bits: np.array([c_value(bits, {})], dtype=f"u{atomic.native().bits // 8}").view(  # noqa: E731
                atomic.dtype()).reshape((1, lanes) if lanes > 1 else (1,))
            memory, returned = atomic.apply(as_array(old), as_array(value))
            got = int(memory.reshape(-1).view(f"u{atomic.native().bits // 8}")[0])
            assert got == c_value(expected, {}), f"{spelling} {option} {old} + {value}: got {got:#x}"
            assert returned.view(unsigned).tobytes() == as_array(old).view(unsigned).tobytes()
