// What an AMD atomic instruction does (docs/spec/amd-isa.md §11): for each canonical mnemonic of
// the encoding table, the ALU operation and type, where it executes (LDS, L2 or scalar), which of
// its data registers is the value and which the comparand, and whether it returns the pre-op
// value. One table of operation words (`add_f32`, `cmpswap_x2`, `cmpst_b64` …), read by the
// prefix the mnemonic starts with; nothing is written per class or per target.
//
// An encoding the executor does not run says why (NotExecuted): image atomics (no image
// descriptor model), DS ops that are not read-modify-writes (stores, wrap, condxchg32, GDS), the
// ordered-count `global_atomic_ordered_add_b64`, and ops whose ALU support is listed in
// awaiting_alu() — never silently computed by a different rule.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/float_rules.hpp"
#include "gpuatom/amd/isa/target.hpp"

namespace gpuatom::amd::isa {

// Where an atomic's arithmetic runs.
enum class Unit : uint8_t {
  lds,     // DS: the workgroup's local data share
  memory,  // FLAT, GLOBAL, BUFFER: the L2 / memory side (FLAT on a global address)
  scalar,  // SMEM s_atomic_*, s_buffer_atomic_*: once per wave, from SGPRs
};
std::string_view name(Unit unit);

// How the data operand registers feed alu::Operands (`value`, `compare`).
enum class DataOrder : uint8_t {
  value,               // one data operand: the value
  value_then_compare,  // FLAT/GLOBAL/BUFFER/SMEM cmpswap: vdata = {new, compare}; gfx11+ ds_cmpstore:
                       // data0 = new, data1 = compare (LLVM DSInstructions.td DSAtomicCmpXChg)
  compare_then_value,  // pre-gfx11 ds_cmpst: data0 = compare, data1 = new (DSAtomicCmpXChgSwapped);
                       // ds_mskor: data0 = the mask (alu compare), data1 = the bits or-ed in
};
std::string_view name(DataOrder order);

struct Semantics {
  alu::Op op = alu::Op::add;
  alu::Type type = alu::Type::u32;
  Unit unit = Unit::memory;
  DataOrder order = DataOrder::value;
  bool returns = false;  // the encoding writes the pre-op value (Encoding::returns)
  // Bytes the access covers (4 or 8), and 32-bit registers of one data operand.
  unsigned bytes() const { return static_cast<unsigned>(alu::width_bits(type) / 8); }
  unsigned data_registers() const { return bytes() / 4; }
};

// Why an encoding does not execute here (with the spec section that says so).
struct NotExecuted {
  std::string reason;
};

// The semantics of an encoding, or why it does not execute.
std::variant<Semantics, NotExecuted> semantics(const Encoding& encoding);

// The family whose float rules a target follows (float_rules.hpp), by its product line.
Family float_family(const Target& target);

// The ALU operation of `s` on `target`: its op and type under AMD's float rules for the target's
// family and the unit it runs on (the LDS, or the L2 for memory and scalar atomics), with the
// ASSUMPTION switches of docs/spec/amd-isa.md §7 in `options`.
alu::Operation operation(const Semantics& s, const Target& target, const FloatRulesOptions& options = {});

// The operation words whose ALU operation or AMD float rule is not available yet: one entry per
// word, with what it waits for. semantics() refuses them with that text.
struct AwaitingAlu {
  std::string_view word;  // the operation word after the class prefix: "sub_clamp_u32", "mskor_b32" …
  std::string_view waits_for;
};
std::span<const AwaitingAlu> awaiting_alu();

}  // namespace gpuatom::amd::isa
