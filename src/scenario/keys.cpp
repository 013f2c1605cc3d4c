#include "gpuatom/scenario/keys.hpp"

#include <array>

namespace gpuatom::scenario {

std::span<const KeyDoc> scenario_keys() {
  static constexpr std::array<KeyDoc, 62> keys = {{
      {"", "name", "string", "title shown in reports (default: the file name)"},
      {"", "description", "string", "what the scenario shows"},
      {"", "isa", "string", "`sass` (NVIDIA), `visa` (Intel) or `amd`; selects the program language"},
      {"", "program", "string",
       "the program: SASS or vISA text, or AMD operations; write it before the first "
       "[table] header"},
      {"", "exhaustive", "boolean",
       "the scenario is small enough for `--mode exhaustive` (default false: skipped "
       "in that mode)"},
      {"", "launch", "table", "the [launch] table"},
      {"", "region", "array of tables", "[[region]] entries: device memory"},
      {"", "surface", "array of tables",
       "[[surface]] entries: surface headers in the header pool (SUATOM, SURED) or "
       "vISA typed surfaces (TYPED_ATOMIC)"},
      {"", "lanes", "table", "the [lanes] table: per-lane initial values"},
      {"", "expect", "array of tables", "[[expect]] entries: what must hold after the run"},
      {"", "options", "table", "the [options] table"},
      {"launch", "lanes", "integer",
       "lanes (threads, channels) in the launch, 1 … 2^32, as long as their state "
       "fits the 4 GiB a launch may keep: SASS 4 bytes per register the program uses, 1 "
       "per predicate, plus 32 (three registers: about 97 M lanes); vISA its "
       "variables' bytes per channel; AMD 9 bytes per result name, plus 64; a launch "
       "above it is refused with the most lanes that fit"},
      {"launch", "group", "integer",
       "lanes per group: SASS a warp, 1 … 32 (default 32); vISA a thread's SIMD "
       "width, 1 … 32 (default 8); AMD a wavefront, 1 … 64 (default 64)"},
      {"launch", "active", "expression", "per lane over tid, lane, warp: non-zero = active (default: all)"},
      {"launch", "helper", "expression",
       "NVIDIA pixel shaders: non-zero = helper lane (never performs memory "
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
      {"region", "fill_type", "string",
       "element type of the fill: u8 u16 u32 u64 s8 s16 s32 s64 f16 bf16 f32 f64 "
       "(default u32)"},
      {"surface", "header", "integer",
       "index in the header pool, 0 … 0xfffff (NVIDIA headerPtr, the low 20 bits "
       "of a handle); vISA: the surface index typed_atomic names, 6 … 255 (declared "
       "`v_type=T` surfaces are numbered 6, 7, … in declaration order); each index "
       "once"},
      {"surface", "dim", "string",
       "`1d`, `1d_buffer`, `1d_array`, `2d`, `2d_array` or `3d` (vISA: not "
       "`1d_buffer`); vISA U/V/R read x, then y or the array index, then z or the array "
       "index (docs/spec/intel.md §8)"},
      {"surface", "layout", "string",
       "`pitch` (default) or `block_linear` (NVIDIA GOB tiling, "
       "docs/spec/nvidia.md §8.2)"},
      {"surface", "block_height", "integer", "`block_linear`: block height in GOBs, 1 2 4 8 16 or 32 (default 1)"},
      {"surface", "block_depth", "integer", "`block_linear`: block depth in GOBs, 1 2 4 8 16 or 32 (default 1)"},
      {"surface", "width", "integer", "texels per row, 1 … 2^32 − 1"},
      {"surface", "height", "integer", "rows: `2d`, `2d_array`, `3d` (default 1)"},
      {"surface", "depth", "integer", "slices: `3d` (default 1)"},
      {"surface", "layers", "integer", "array layers: `1d_array`, `2d_array`, 1 … 65536 (default 1)"},
      {"surface", "mip_levels", "integer",
       "vISA: mip levels, 1 … 16 (default 1); level l is max(1, width >> l) × "
       "max(1, height >> l) × max(1, depth >> l) with the same layers, packed "
       "after level l − 1 with tight pitches; LOD selects the level"},
      {"surface", "texel_bytes", "integer",
       "bytes per texel: 1, 2, 4, 8 or 16 (default 4; vISA: 4, or 2 for "
       ".16 atomics); an access of n bytes sees width × texel_bytes / n "
       "elements per row"},
      {"surface", "region", "string",
       "the region holding the texels; the surface starts at addr(region) and "
       "must fit in it"},
      {"surface", "row_pitch", "integer", "`pitch`: bytes from one row to the next (default width × texel_bytes)"},
      {"surface", "slice_pitch", "integer",
       "`pitch`: bytes from one slice or layer to the next (default "
       "row_pitch × height)"},
      {"surface", "enabled", "boolean", "false: a disabled header (writes dropped, zeros returned); default true"},
      {"surface", "bound", "integer",
       "NVIDIA bound handles: the #tsPtrIdxU13 (0 … 0x1fff) that names this "
       "surface; the constant-bank word c[bank][4 × bound] holds its header index"},
      {"lanes", "*", "expression",
       "initial per-lane value of a register (SASS `R4`, `P0`, `UR4`), variable "
       "element (vISA) or operand (AMD), over tid, lane, warp"},
      {"expect", "region", "string", "check elements of this region"},
      {"expect", "type", "string", "element type of the region check"},
      {"expect", "each", "expression", "every element equals this (over i), or every lane's value (over tid)"},
      {"expect", "count", "integer", "check only the first `count` elements"},
      {"expect", "index", "integer", "element index of a single-element check"},
      {"expect", "equals", "expression", "value of the element at `index`"},
      {"expect", "between", "array", "[low, high]: the element at `index` lies in this range (unsigned, inclusive)"},
      {"expect", "lane", "string",
       "check this per-lane value: a SASS register (`R0`, `P0`, `UR4`), a vISA variable, an AMD "
       "operation's result name (`returned` unless its `result=` names another)"},
      {"expect", "permutation", "expression", "the lane values are a permutation of this over i = 0 … n−1"},
      {"expect", "distinct", "boolean", "the lane values are pairwise different"},
      {"expect", "explainable", "boolean", "some serial order of the atomics explains every returned value"},
      {"expect", "search_budget", "integer",
       "with `explainable`: search states beyond one per atomic before the "
       "verdict is undecided (default 1000000)"},
      {"expect", "faults", "integer", "exactly this many lanes fault (0: none)"},
      {"expect", "fault", "string", "lane `at_lane` faults with this kind (misaligned, out-of-range, …)"},
      {"expect", "at_lane", "integer", "the lane of a `fault` expectation"},
      {"options", "*", "string | boolean | integer",
       "vendor switches, e.g. `f16x2_flush = true`, `nan = "
       "\"propagate\"`, AMD `device`, `pcie`, `strategy`"},
      {"options", "header_pool_max", "integer",
       "SASS: the header pool's MaximumIndex (SetTexHeaderPoolC); a "
       "handle whose headerPtr is greater is an invalid surface (default: "
       "the highest [[surface]] header)"},
      {"options", "platform", "string",
       "vISA: the platform profile the program is checked against, gen9 gen12 xehp "
       "dg2 pvc xe2 xe3 xe3p or an ocloc device name (skl icllp tgllp dg1 xe_hp_sdv acm-g10 bmg "
       "lnl-m ptl ptl-u wcl nvl-s nvl-hx nvl-ul nvl-h nvl-u nvl-p cri)"},
      {"options", "slm", "string",
       "vISA: the [[region]] that is shared local memory: .slm addresses and "
       "dword_atomic %slm offsets count bytes from its start; all threads share it"},
  }};
  return keys;
}

}  // namespace gpuatom::scenario
