// The 27 atomicRMW rows of AMD's support page (seed 004; docs/spec/amd.md §4) and how each one
// computes when it executes (HIP semantics, docs/spec/amd.md §7.1).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "gpuatom/alu/operation.hpp"

namespace gpuatom::amd {

enum class RowGroup : uint8_t { integer, floating, bitwise };

// The PCIe AtomicOp that can carry a row to host memory (DECISION: FetchAdd, Swap, CAS only).
enum class PcieAtomic : uint8_t { none, fetch_add, swap, cas };

enum class RowKind : uint8_t {
  add,
  sub,
  min,
  max,
  inc,
  dec,
  fp_add,
  fp_min,
  fp_max,
  half2_add,
  bfloat2_add,
  exch,
  cas,
  bit_and,
  bit_or,
  bit_xor,
};

struct Row {
  std::string_view label;  // as the page prints it: "32 bit atomicAdd"
  RowGroup group;
  RowKind kind;
  int width;  // memory access width in bits
  PcieAtomic pcie;
};

std::span<const Row> rows();                             // in the page's order
std::optional<size_t> find_row(std::string_view label);  // exact label, case-insensitive
std::string_view name(RowGroup group);
std::string_view name(PcieAtomic op);

struct RowOptions {
  // Integer min/max follow the HIP overload's argument type; signed (int, long long) unless
  // the scenario or command line asks for the unsigned overload (PROPOSED default).
  bool unsigned_min_max = false;
};

// The ALU operation a row performs when it executes: IEEE floats with subnormals kept, the first
// NaN operand made quiet or the IEEE default NaN, minNum/maxNum keeping `old` for two NaNs
// (PROPOSED, docs/spec/amd.md §7.1).
alu::Operation to_alu(const Row& row, const RowOptions& options = {});

}  // namespace gpuatom::amd
