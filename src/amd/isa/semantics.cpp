// The one table of AMD atomic operation words (docs/spec/amd-isa.md §11.1): a mnemonic is a class
// prefix (`global_atomic_`, `ds_` …) and an operation word (`add_f32`, `cmpswap_x2`); the word
// gives the ALU operation, its type and the order of the data registers. The names follow the
// AMD ISA manuals' opcode lists (CDNA3 "Memory Operations", RDNA3 chapter 13) and LLVM 19's
// FLATInstructions.td, BUFInstructions.td, DSInstructions.td and SMInstructions.td.
#include "gpuatom/amd/isa/semantics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>

namespace gpuatom::amd::isa {

std::string_view name(Unit unit) {
  switch (unit) {
    case Unit::lds: return "LDS";
    case Unit::memory: return "L2";
    case Unit::scalar: return "scalar";
  }
  return "?";
}

std::string_view name(DataOrder order) {
  switch (order) {
    case DataOrder::value: return "value";
    case DataOrder::value_then_compare: return "value, compare";
    case DataOrder::compare_then_value: return "compare, value";
  }
  return "?";
}

namespace {

using alu::Op;
using alu::Type;
using enum DataOrder;

struct Word {
  std::string_view word;
  Op op;
  Type type;
  DataOrder order = value;
};

// Every operation word, once. Memory (FLAT/GLOBAL/BUFFER), scalar and DS words share the table:
// where a word means the same thing in both (add_u32, min_i64 …) it is one row.
constexpr Word words[] = {
    // Integer add and subtract: GCN's unsuffixed and _x2 spellings, RDNA3's _u32/_u64.
    {"add", Op::add, Type::u32},
    {"add_u32", Op::add, Type::u32},
    {"add_x2", Op::add, Type::u64},
    {"add_u64", Op::add, Type::u64},
    {"sub", Op::sub, Type::u32},
    {"sub_u32", Op::sub, Type::u32},
    {"sub_x2", Op::sub, Type::u64},
    {"sub_u64", Op::sub, Type::u64},
    {"rsub_u32", Op::reverse_sub, Type::u32},
    {"rsub_u64", Op::reverse_sub, Type::u64},
    // Saturating and conditional subtract (docs/spec/amd-isa.md §7.6): sub_clamp / csub clamp at 0;
    // cond_sub subtracts only when the old value is at least the operand.
    {"csub", Op::sub_saturate, Type::u32},
    {"csub_u32", Op::sub_saturate, Type::u32},
    {"sub_clamp_u32", Op::sub_saturate, Type::u32},
    {"cond_sub_u32", Op::sub_if_ge, Type::u32},
    // Bounded increment and decrement: AMD's INC is (old >= data) ? 0 : old + 1, its DEC is
    // (old == 0 || old > data) ? data : old − 1, the same wrap rule as alu::Op::inc_bounded.
    {"inc", Op::inc_bounded, Type::u32},
    {"inc_u32", Op::inc_bounded, Type::u32},
    {"inc_x2", Op::inc_bounded, Type::u64},
    {"inc_u64", Op::inc_bounded, Type::u64},
    {"dec", Op::dec_bounded, Type::u32},
    {"dec_u32", Op::dec_bounded, Type::u32},
    {"dec_x2", Op::dec_bounded, Type::u64},
    {"dec_u64", Op::dec_bounded, Type::u64},
    // Signed and unsigned min/max.
    {"smin", Op::min, Type::s32},
    {"min_i32", Op::min, Type::s32},
    {"min_int", Op::min, Type::s32},
    {"smin_x2", Op::min, Type::s64},
    {"min_i64", Op::min, Type::s64},
    {"umin", Op::min, Type::u32},
    {"min_u32", Op::min, Type::u32},
    {"min_uint", Op::min, Type::u32},
    {"umin_x2", Op::min, Type::u64},
    {"min_u64", Op::min, Type::u64},
    {"smax", Op::max, Type::s32},
    {"max_i32", Op::max, Type::s32},
    {"max_int", Op::max, Type::s32},
    {"smax_x2", Op::max, Type::s64},
    {"max_i64", Op::max, Type::s64},
    {"umax", Op::max, Type::u32},
    {"max_u32", Op::max, Type::u32},
    {"max_uint", Op::max, Type::u32},
    {"umax_x2", Op::max, Type::u64},
    {"max_u64", Op::max, Type::u64},
    // Bitwise.
    {"and", Op::bit_and, Type::u32},
    {"and_b32", Op::bit_and, Type::u32},
    {"and_x2", Op::bit_and, Type::u64},
    {"and_b64", Op::bit_and, Type::u64},
    {"or", Op::bit_or, Type::u32},
    {"or_b32", Op::bit_or, Type::u32},
    {"or_x2", Op::bit_or, Type::u64},
    {"or_b64", Op::bit_or, Type::u64},
    {"xor", Op::bit_xor, Type::u32},
    {"xor_b32", Op::bit_xor, Type::u32},
    {"xor_x2", Op::bit_xor, Type::u64},
    {"xor_b64", Op::bit_xor, Type::u64},
    {"mskor_b32", Op::mask_or, Type::u32, compare_then_value},
    {"mskor_b64", Op::mask_or, Type::u64, compare_then_value},
    // Exchange: GCN's swap, DS wrxchg, RDNA3's storexchg.
    {"swap", Op::exchange, Type::u32},
    {"swap_b32", Op::exchange, Type::u32},
    {"swap_x2", Op::exchange, Type::u64},
    {"swap_b64", Op::exchange, Type::u64},
    {"wrxchg_b32", Op::exchange, Type::u32},
    {"wrxchg_b64", Op::exchange, Type::u64},
    {"storexchg_b32", Op::exchange, Type::u32},
    {"storexchg_b64", Op::exchange, Type::u64},
    // Compare-and-swap. FLAT/GLOBAL/BUFFER/SMEM: the data pair is {new, compare} (LLVM
    // SIISelLowering.cpp LowerATOMIC_CMP_SWAP builds {New, Old}); DS before gfx11 (cmpst) takes
    // compare first; gfx11's renamed cmpstore takes new first (DSInstructions.td says so of both).
    {"cmpswap", Op::compare_swap, Type::u32, value_then_compare},
    {"cmpswap_b32", Op::compare_swap, Type::u32, value_then_compare},
    {"cmpswap_x2", Op::compare_swap, Type::u64, value_then_compare},
    {"cmpswap_b64", Op::compare_swap, Type::u64, value_then_compare},
    {"cmpst_b32", Op::compare_swap, Type::u32, compare_then_value},
    {"cmpst_b64", Op::compare_swap, Type::u64, compare_then_value},
    {"cmpstore_b32", Op::compare_swap, Type::u32, value_then_compare},
    {"cmpstore_b64", Op::compare_swap, Type::u64, value_then_compare},
    {"cmpswap_f32", Op::compare_swap_float, Type::f32, value_then_compare},
    {"fcmpswap", Op::compare_swap_float, Type::f32, value_then_compare},
    {"fcmpswap_x2", Op::compare_swap_float, Type::f64, value_then_compare},
    {"cmpst_f32", Op::compare_swap_float, Type::f32, compare_then_value},
    {"cmpst_f64", Op::compare_swap_float, Type::f64, compare_then_value},
    {"cmpstore_f32", Op::compare_swap_float, Type::f32, value_then_compare},
    {"cmpstore_f64", Op::compare_swap_float, Type::f64, value_then_compare},
    // Float arithmetic.
    {"add_f32", Op::add, Type::f32},
    {"add_flt", Op::add, Type::f32},
    {"add_f64", Op::add, Type::f64},
    {"pk_add_f16", Op::add, Type::f16x2},
    {"pk_add_bf16", Op::add, Type::bf16x2},
    {"fmin", Op::min, Type::f32},
    {"min_f32", Op::min, Type::f32},
    {"min_flt", Op::min, Type::f32},
    {"fmin_x2", Op::min, Type::f64},
    {"min_f64", Op::min, Type::f64},
    {"fmax", Op::max, Type::f32},
    {"max_f32", Op::max, Type::f32},
    {"max_flt", Op::max, Type::f32},
    {"fmax_x2", Op::max, Type::f64},
    {"max_f64", Op::max, Type::f64},
    {"min_num_f32", Op::min, Type::f32},
    {"min_num_f64", Op::min, Type::f64},
    {"max_num_f32", Op::max, Type::f32},
    {"max_num_f64", Op::max, Type::f64},
};

// Words that are not executed, with why.
struct Refused {
  std::string_view word;  // a whole word, or a prefix ending in '_'
  std::string_view reason;
};
constexpr Refused refused_words[] = {
    {"store_", "a DS store, not a read-modify-write: it writes without returning (docs/spec/amd-isa.md §11.1)"},
    {"write_", "a DS store, not a read-modify-write: it writes without returning (docs/spec/amd-isa.md §11.1)"},
    {"wrap_b32",
     "ds_wrap_rtn_b32 (a ring-buffer wrap of two operands) has no semantics here yet (docs/spec/amd-isa.md §11.1)"},
    {"condxchg32_b64",
     "ds_condxchg32_rtn_b64 (two conditional 32-bit exchanges) has no semantics here yet "
     "(docs/spec/amd-isa.md §11.1)"},
    {"ordered_add_b64",
     "global_atomic_ordered_add_b64 (ordered-count wave ordering) has no semantics here "
     "(docs/spec/amd-isa.md §11.1)"},
};

// The words refused until their ALU operation or AMD's float rules exist (docs/spec/amd-isa.md §11.1):
// the one place that says what is not computed yet. Empty: every word of the table computes.
constexpr std::array<AwaitingAlu, 0> awaiting{};

struct Split {
  std::string word;
  Unit unit = Unit::memory;
  bool image = false;
};

std::optional<Split> split_encoding(const Encoding& e) {
  std::string_view m = e.mnemonic;
  const auto strip = [&](std::string_view prefix) {
    if (!m.starts_with(prefix)) return false;
    m.remove_prefix(prefix.size());
    return true;
  };
  switch (e.cls) {
    case InstClass::flat:
      if (strip("flat_atomic_") || strip("global_atomic_") || strip("scratch_atomic_"))
        return Split{std::string(m), Unit::memory};
      return std::nullopt;
    case InstClass::mubuf:
      if (strip("buffer_atomic_")) return Split{std::string(m), Unit::memory};
      return std::nullopt;
    case InstClass::smrd:
      if (strip("s_buffer_atomic_") || strip("s_atomic_")) return Split{std::string(m), Unit::scalar};
      return std::nullopt;
    case InstClass::mimg:
    case InstClass::vimage:
      if (strip("image_atomic_")) return Split{std::string(m), Unit::memory, true};
      return std::nullopt;
    case InstClass::ds:
      if (!strip("ds_")) return std::nullopt;
      // The returning DS spellings put `rtn_` before the type: ds_add_rtn_u32 is add_u32.
      if (const size_t at = m.find("_rtn_"); at != std::string_view::npos) {
        return Split{fmt::format("{}_{}", m.substr(0, at), m.substr(at + 5)), Unit::lds};
      }
      return Split{std::string(m), Unit::lds};
  }
  return std::nullopt;
}

}  // namespace

std::span<const AwaitingAlu> awaiting_alu() { return awaiting; }

Family float_family(const Target& target) {
  switch (target.line) {
    // gfx9-generic (GCN5): the generic gfx9 target's float atomics are gfx90a's at most; it has no
    // LLVM float-denormal feature either (DECISION, docs/spec/amd-isa.md §11.1).
    case Line::gcn5:
    case Line::cdna1:  // compiler-only: no encoding executes on it
    case Line::cdna2: return Family::gfx90a;
    case Line::cdna3: return Family::gfx94x;
    case Line::rdna2: return Family::gfx103x;
    case Line::rdna3:
    case Line::rdna3_5: return Family::gfx11;
    case Line::rdna4: return Family::gfx12;
  }
  return Family::gfx90a;
}

alu::Operation operation(const Semantics& s, const Target& target, const FloatRulesOptions& options) {
  const AtomicUnit unit = s.unit == Unit::lds ? AtomicUnit::lds : AtomicUnit::l2;
  return isa::operation(float_family(target), unit, s.op, s.type, options);
}

std::variant<Semantics, NotExecuted> semantics(const Encoding& encoding) {
  const auto parts = split_encoding(encoding);
  if (!parts) return NotExecuted{fmt::format("'{}' is not an atomic this table knows", encoding.mnemonic)};
  if (parts->image)
    return NotExecuted{
        "image atomics do not execute here: gpuatom has no model of AMD's image descriptor (T#) "
        "(docs/spec/amd-isa.md §11.1)"};
  const std::string& word = parts->word;
  for (const Refused& r : refused_words)
    if (r.word.ends_with('_') ? word.starts_with(r.word) : word == r.word) return NotExecuted{std::string(r.reason)};
  for (const AwaitingAlu& a : awaiting)
    if (a.word == word)
      return NotExecuted{fmt::format("'{}' waits for {} (docs/spec/amd-isa.md §11.1)", encoding.mnemonic, a.waits_for)};
  const auto found = std::find_if(std::begin(words), std::end(words), [&](const Word& w) { return w.word == word; });
  if (found == std::end(words))
    return NotExecuted{fmt::format("'{}' has no entry in the semantics table", encoding.mnemonic)};
  return Semantics{found->op, found->type, parts->unit, found->order, encoding.returns};
}

}  // namespace gpuatom::amd::isa
