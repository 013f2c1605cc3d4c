// AMD's float rules for memory atomics at instruction level (docs/spec/amd-isa.md §4, §7): which
// alu::FloatRules an atomic follows, by target family, by where it executes (LDS or L2), by op and
// type, and under the project's switches. The arithmetic is the shared numeric/ code; this file
// only picks AMD's platform rules, as SoftFloat keeps each platform's specialization apart.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "gpuatom/alu/operation.hpp"

namespace gpuatom::amd::isa {

// The target families whose float atomics can differ. Mapping a gfx target (gfx942, gfx1101 …)
// to its family belongs to the target table, not here.
enum class Family : uint8_t {
  gfx90a,   // CDNA2 (MI200)
  gfx94x,   // CDNA3 (MI300: gfx940, gfx941, gfx942)
  gfx950,   // CDNA4 (MI350)
  gfx103x,  // RDNA2 (gfx1030 … gfx1036)
  gfx11,    // RDNA3 (gfx1100 … gfx1103, gfx1150 …)
  gfx12,    // RDNA4 (gfx1200, gfx1201)
};
inline constexpr int family_count = static_cast<int>(Family::gfx12) + 1;
std::string_view name(Family family);
// The family spelt as name() spells it; nothing for any other text.
std::optional<Family> family_named(std::string_view text);

// Where an atomic's arithmetic runs: the LDS (DS instructions, and flat atomics that reach LDS) or
// the L2 / memory side (global, buffer and flat atomics on memory).
enum class AtomicUnit : uint8_t { lds, l2 };

// The MODE register's f32 input-denormal bit (FP_DENORM bit 0), which LDS float atomics follow
// (docs/spec/amd-isa.md §4). Compilers set it to keep denormals by default.
enum class LdsDenormals : uint8_t { kept, flushed };

// Whether L2 add_f32 flushes subnormal inputs: AMD's manuals say it does on every target; LLVM's
// `memory-atomic-fadd-f32-denormal-support` says gfx94x, gfx950, gfx11 and gfx12 keep them
// (ASSUMPTION amd-isa.l2-add-f32-denormals, docs/spec/amd-isa.md §7.2).
enum class L2AddF32Reading : uint8_t { manuals, llvm };

struct FloatRulesOptions {
  LdsDenormals lds_denormals = LdsDenormals::kept;
  L2AddF32Reading l2_add_f32 = L2AddF32Reading::manuals;
  // The NaN that −inf + +inf gives: the positive quiet NaN (0x7fc00000 …; ASSUMPTION
  // amd-isa.inf-minus-inf, docs/spec/amd-isa.md §7.4), or DefaultNan::negative_quiet for RDNA3's
  // other reading.
  numeric::DefaultNan default_nan = numeric::DefaultNan::quiet;
};

// Whether subnormal inputs are flushed for `op` on `type` (a packed type's lanes) on `family`,
// executed on `unit` (docs/spec/amd-isa.md §7.1–§7.3). f64 never flushes; on the L2 only add_f32
// may; on the LDS every 16- and 32-bit float op follows `options.lds_denormals`.
bool flushes_inputs(Family family, AtomicUnit unit, alu::Op op, alu::Type type, const FloatRulesOptions& options = {});

// The float rules of an AMD atomic (docs/spec/amd-isa.md §7): add and sub round to nearest even,
// never flush their result, make the first NaN (memory's, then the operand's) quiet and give
// `options.default_nan` for −inf + +inf; min/max return the number beside a NaN, the memory value
// made quiet for two NaNs, order −0 below +0 and flush (where they do) for the comparison only;
// the float compare-and-swap swaps on IEEE equality and flushes its inputs and result where inputs
// flush. Integer types get the default rules (unused).
alu::FloatRules float_rules(Family family, AtomicUnit unit, alu::Op op, alu::Type type,
                            const FloatRulesOptions& options = {});

// The ALU operation of an AMD atomic: `op` on `type` under float_rules(). Operands: `value` is the
// data operand (the stored value of a compare-and-swap, the bits set by mask_or); `compare` is
// the comparand of a compare-and-swap and the mask of mask_or.
alu::Operation operation(Family family, AtomicUnit unit, alu::Op op, alu::Type type,
                         const FloatRulesOptions& options = {});

}  // namespace gpuatom::amd::isa
