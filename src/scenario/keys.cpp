#include "gpuatom/scenario/keys.hpp"

#include <array>

namespace gpuatom::scenario {

std::span<const KeyDoc> scenario_keys() {
  static constexpr std::array<KeyDoc, 41> keys = {{
      {"", "name", "string", "title shown in reports (default: the file name)"},
      {"", "description", "string", "what the scenario shows"},
      {"", "isa", "string", "`sass` (NVIDIA), `visa` (Intel) or `amd`; selects the program language"},
      {"", "program", "string", "the program: SASS or vISA text, or AMD operations; write it before the first "
                                "[table] header"},
      {"", "exhaustive", "boolean", "the scenario is small enough for `--mode exhaustive` (default false: skipped "
                                    "in that mode)"},
      {"", "launch", "table", "the [launch] table"},
      {"", "region", "array of tables", "[[region]] entries: device memory"},
      {"", "lanes", "table", "the [lanes] table: per-lane initial values"},
      {"", "expect", "array of tables", "[[expect]] entries: what must hold after the run"},
      {"", "options", "table", "the [options] table"},
      {"launch", "lanes", "integer", "lanes (threads, channels) in the launch, 1 … 2^32"},
      {"launch", "group", "integer", "lanes per group (warp / SIMD width / wavefront), 1 … 64; default per ISA"},
      {"launch", "active", "expression", "per lane over tid, lane, warp: non-zero = active (default: all)"},
      {"launch", "helper", "expression", "NVIDIA pixel shaders: non-zero = helper lane (never performs memory "
                                         "access)"},
      {"launch", "killed", "expression", "NVIDIA pixel shaders: non-zero = killed pixel"},
      {"region", "name", "string", "identifier used by addr(), size(), end() and expectations"},
      {"region", "base", "integer", "device address (multiple of 16); default: placed after the previous region"},
      {"region", "size", "integer", "bytes, 1 … 2^48; untouched pages cost nothing"},
      {"region", "space", "string", "`global` (default), `shared` or `local` (NVIDIA address spaces)"},
      {"region", "location", "string", "AMD: `device` (default), `host-migratable` or `host-pinned`"},
      {"region", "granularity", "string", "AMD: `coarse` (default) or `fine`"},
      {"region", "sparse", "array", "[[offset, size], …] byte ranges whose pages are sparse (not resident)"},
      {"region", "sparse_by_default", "boolean", "every page starts sparse"},
      {"region", "fill", "expression", "initial value of element i (regions up to 256 MiB)"},
      {"region", "fill_type", "string", "element type of the fill: u8 u16 u32 u64 s8 s16 s32 s64 f16 bf16 f32 f64 "
                                        "(default u32)"},
      {"lanes", "*", "expression", "initial per-lane value of a register (SASS `R4`, `P0`, `UR4`), variable "
                                   "element (vISA) or operand (AMD), over tid, lane, warp"},
      {"expect", "region", "string", "check elements of this region"},
      {"expect", "type", "string", "element type of the region check"},
      {"expect", "each", "expression", "every element equals this (over i), or every lane's value (over tid)"},
      {"expect", "count", "integer", "check only the first `count` elements"},
      {"expect", "index", "integer", "element index of a single-element check"},
      {"expect", "equals", "expression", "value of the element at `index`"},
      {"expect", "between", "array", "[low, high]: the element at `index` lies in this range (unsigned, inclusive)"},
      {"expect", "lane", "string", "check this per-lane value (register, variable, `returned`)"},
      {"expect", "permutation", "expression", "the lane values are a permutation of this over i = 0 … n−1"},
      {"expect", "distinct", "boolean", "the lane values are pairwise different"},
      {"expect", "explainable", "boolean", "some serial order of the atomics explains every returned value"},
      {"expect", "faults", "integer", "exactly this many lanes fault (0: none)"},
      {"expect", "fault", "string", "lane `at_lane` faults with this kind (misaligned, out-of-range, …)"},
      {"expect", "at_lane", "integer", "the lane of a `fault` expectation"},
      {"options", "*", "string | boolean | integer", "vendor switches, e.g. `f16x2_flush = true`, `nan = "
                                                     "\"propagate\"`, AMD `device`, `pcie`, `strategy`"},
  }};
  return keys;
}

}  // namespace gpuatom::scenario
