// `gpuatom alu VENDOR OP --old X …`: one atomic computed by the ALU, spelled as each vendor spells it.
//
//   gpuatom alu nvidia ADD.F32.FTZ.RN --old 0x00000001 --src 0x3f800000
//   gpuatom alu nvidia CAS.64 --old 0x5 --src 0x5 --swap 0x9
//   gpuatom alu intel cmpxchg --old 0x7 --src0 0x1 --src1 0x7
//   gpuatom alu amd "32 bit atomicInc" --old 0x11 --operand 0x11
#include <optional>
#include <string>
#include <variant>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "gpuatom/alu/apply.hpp"
#include "gpuatom/amd/rows.hpp"
#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/opcodes.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::cli {

namespace {

struct AluArgs {
  std::string vendor;
  std::string op;
  std::optional<std::string> old_value, src, swap, src0, src1, operand, compare;
  std::string inst = "ATOM";
  std::string nan = "canonical";
  std::string form = "svm";
  bool f16x2_flush = false;
  bool safeadd_model = false;
  bool unsigned_min_max = false;
  bool json = false;
  bool list = false;
};

// A 128-bit operand value; only exchange/CAS .128 and the 128-bit vectors use the high word.
struct Value {
  uint64_t lo = 0;
  uint64_t hi = 0;
};

Value parse_value(const std::string& flag, const std::string& text, int bits) {
  const auto fail = [&] {
    return BadInput(fmt::format("{} {}: not an unsigned {}-bit value (decimal or 0x-hex)", flag, text, bits));
  };
  if (bits == 128 && text.size() > 18 && support::istarts_with(text, "0x")) {  // more than 64 bits of hex
    const std::string digits = text.substr(2);
    if (digits.size() > 32) throw fail();
    const auto hi = support::parse_unsigned("0x" + digits.substr(0, digits.size() - 16));
    const auto lo = support::parse_unsigned("0x" + digits.substr(digits.size() - 16));
    if (!hi || !lo) throw fail();
    return {*lo, *hi};
  }
  const uint64_t max = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
  const auto v = support::parse_unsigned(text, max);
  if (!v) throw fail();
  return {*v, 0};
}

// Requires or forbids an operand flag, naming the rule.
const std::string& need(const std::optional<std::string>& value, std::string_view flag, std::string_view why) {
  if (!value) throw BadInput(fmt::format("missing {}: {}", flag, why));
  return *value;
}
void forbid(const std::optional<std::string>& value, std::string_view flag, std::string_view why) {
  if (value) throw BadInput(fmt::format("{} is not an operand here: {}", flag, why));
}

struct Computed {
  int memory_bits;
  Value memory;
  std::optional<Value> returned;
  int returned_bits;
};

std::string format_value(Value v, int bits) {
  if (bits == 128) return fmt::format("0x{:016x}{:016x}", v.hi, v.lo);
  return support::hex(v.lo, bits / 4);
}

int print(const Computed& c, bool json) {
  const std::string memory = format_value(c.memory, c.memory_bits);
  if (json) {
    nlohmann::json out;
    out["memory"] = memory;
    out["returned"] = c.returned ? nlohmann::json(format_value(*c.returned, c.returned_bits)) : nlohmann::json();
    fmt::print("{}\n", out.dump());
  } else {
    fmt::print("memory={} returned={}\n", memory, c.returned ? format_value(*c.returned, c.returned_bits) : "none");
  }
  return exit_ok;
}

Computed compute(const alu::Operation& operation, Value old, Value value, Value compare) {
  const int bits = alu::width_bits(operation.type);
  if (bits == 128) {
    const auto r = alu::apply128(operation.op, {old.lo, old.hi}, {value.lo, value.hi}, {compare.lo, compare.hi});
    return {128, {r.memory.lo, r.memory.hi}, Value{r.returned.lo, r.returned.hi}, 128};
  }
  const alu::Result r = alu::apply(operation, old.lo, {value.lo, compare.lo});
  const int returned_bits = alu::returns(operation.op) == alu::Returns::stored_flag ? 32 : bits;
  return {bits, {r.memory, 0}, Value{r.returned, 0}, returned_bits};
}

void check_alu(const alu::Operation& operation) {
  if (auto why = alu::unsupported(operation.op, operation.type)) throw BadInput(*why);
}

// --- NVIDIA ---------------------------------------------------------------------------------

struct NvidiaInstruction {
  nvidia::Family family;
  nvidia::Dialect dialect;
  bool returns;
};

// The mnemonic's family, dialect and whether it returns, from the mnemonic table.
NvidiaInstruction nvidia_instruction(const std::string& inst) {
  using nvidia::Dialect;
  if (const auto m = nvidia::parse_mnemonic(inst)) {
    const nvidia::MnemonicInfo& mi = nvidia::info(*m);
    return {mi.family, mi.modern_only ? Dialect::modern : Dialect::spa5, mi.returns};
  }
  throw BadInput(fmt::format("--inst {}: expected {} (SPA 5.0) or {} (sm_70+ spellings)", inst,
                             nvidia::mnemonic_names(false), nvidia::mnemonic_names(true)));
}

int list_nvidia(const NvidiaInstruction& ni) {
  for (const auto& o : nvidia::op_table())
    for (const auto& s : nvidia::size_table())
      if (nvidia::legal(ni.family, ni.dialect, o.op, s.size)) fmt::print("{}{}\n", o.name, s.spelling);
  return exit_ok;
}

int run_nvidia(const AluArgs& a) {
  const NvidiaInstruction ni = nvidia_instruction(a.inst);
  if (a.list) return list_nvidia(ni);
  forbid(a.src0, "--src0", "NVIDIA operands are --src (Rb) and --swap (the CAS swap value Rc)");
  forbid(a.src1, "--src1", "NVIDIA operands are --src (Rb) and --swap (the CAS swap value Rc)");
  forbid(a.operand, "--operand", "NVIDIA operands are --src (Rb) and --swap");
  forbid(a.compare, "--compare", "NVIDIA's CAS compares with --src (Rb) and stores --swap (Rc)");
  const auto parsed = nvidia::parse_op_size(a.op);
  if (const auto* error = std::get_if<std::string>(&parsed)) throw BadInput(*error);
  const auto [op, size] = std::get<nvidia::OpSize>(parsed);
  if (auto why = nvidia::illegal_reason(ni.family, ni.dialect, op, size)) throw BadInput(*why);
  if (a.nan != "canonical" && a.nan != "propagate")
    throw BadInput(fmt::format("--nan {}: expected canonical or propagate", a.nan));

  nvidia::SemanticsOptions options;
  options.nan_propagate = a.nan == "propagate";
  options.f16x2_flush = a.f16x2_flush;
  options.safeadd_model = a.safeadd_model;
  const auto resolved = nvidia::to_alu(op, size, options);
  if (const auto* error = std::get_if<std::string>(&resolved)) throw BadInput(*error);
  const alu::Operation operation = std::get<alu::Operation>(resolved);
  check_alu(operation);

  const int bits = nvidia::info(size).bits;
  const bool is_cas = op == nvidia::AtomOp::CAS || op == nvidia::AtomOp::CAST || op == nvidia::AtomOp::CAST_SPIN;
  const Value old = parse_value("--old", need(a.old_value, "--old", "the memory value before the atomic"), bits);
  const Value src = parse_value("--src", need(a.src, "--src", "the Rb operand (the comparand for CAS)"), bits);
  Value swap;
  if (is_cas)
    swap = parse_value("--swap", need(a.swap, "--swap", "CAS stores the Rc value (spec/nvidia.md §3.1)"), bits);
  else
    forbid(a.swap, "--swap", "only CAS takes a swap value (Rc)");

  // CAS: compare with Rb, store Rc (spec/nvidia.md §3.1); other ops: the operand is Rb. A vector
  // (.F16x8 …) applies the operation to each 32-bit element of --old and --src.
  Computed c = is_cas ? compute(operation, old, swap, src) : compute(operation, old, src, {});
  if (const int words = nvidia::vector_words(size)) {
    const alu::Result128 r = alu::apply_vector(operation, words, {old.lo, old.hi}, {src.lo, src.hi});
    c = {bits, {r.memory.lo, r.memory.hi}, Value{r.returned.lo, r.returned.hi}, bits};
  }
  if (!ni.returns) c.returned.reset();  // RED / SURED write no destination
  return print(c, a.json);
}

// --- Intel ----------------------------------------------------------------------------------

int run_intel(const AluArgs& a) {
  using intel::Role;
  const intel::Form form = a.form == "typed"   ? intel::Form::typed
                           : a.form == "dword" ? intel::Form::dword
                                               : intel::Form::svm;
  if (a.form != "typed" && a.form != "svm" && a.form != "dword")
    throw BadInput(fmt::format("--form {}: expected svm, typed or dword", a.form));
  if (a.list) {
    for (const auto& i : intel::atomic_op_table())
      for (auto w : {intel::Width::w32, intel::Width::w16, intel::Width::w64})
        if (!intel::illegal_reason(form, i.op, w)) fmt::print("{}{}\n", i.name, intel::suffix(w));
    return exit_ok;
  }
  forbid(a.src, "--src", "Intel operands are --src0 and --src1");
  forbid(a.swap, "--swap", "Intel operands are --src0 and --src1");
  forbid(a.operand, "--operand", "Intel operands are --src0 and --src1");
  forbid(a.compare, "--compare", "cmpxchg compares with --src1, fcmpwr with --src0 (spec/intel.md §3.1)");

  std::string_view text = a.op;
  intel::Width width = intel::Width::w32;
  for (auto w : {intel::Width::w16, intel::Width::w64}) {
    const std::string_view sfx = intel::suffix(w);
    if (text.size() > sfx.size() && text.substr(text.size() - sfx.size()) == sfx) {
      width = w;
      text.remove_suffix(sfx.size());
    }
  }
  if (text.size() > 3 && text.substr(text.size() - 3) == ".32") text.remove_suffix(3);
  const auto op = intel::parse_op(text);
  if (!op)
    throw BadInput(fmt::format("unknown vISA atomic op '{}': expected add sub inc dec min max xchg cmpxchg and or "
                               "xor minsint maxsint predec fmax fmin fcmpwr (spec/intel.md §3.1)",
                               text));
  if (auto why = intel::illegal_reason(form, *op, width)) throw BadInput(*why);
  const intel::AtomicOpInfo& info = *intel::find(*op);
  const alu::Operation operation = intel::to_alu(*op, width);
  check_alu(operation);

  const int bits = intel::bits(width);
  const Value old = parse_value("--old", need(a.old_value, "--old", "the memory value before the atomic"), bits);
  Value src0, src1;
  if (info.src0 == Role::null)
    forbid(a.src0, "--src0", "Src0 must be null for INC, DEC and PREDEC (spec/intel.md §3.2)");
  else
    src0 = parse_value("--src0", need(a.src0, "--src0", "this op reads Src0 (spec/intel.md §3.1)"), bits);
  if (info.src1 == Role::null)
    forbid(a.src1, "--src1", "Src1 is used only by CMPXCHG and FCMPWR and must be null otherwise (spec/intel.md §3.2)");
  else
    src1 = parse_value("--src1", need(a.src1, "--src1", "CMPXCHG and FCMPWR read Src1 (spec/intel.md §3.1)"), bits);

  const alu::Operands in = intel::operands(*op, src0.lo, src1.lo);
  Computed c = compute(operation, old, {in.value, 0}, {in.compare, 0});
  // 16-bit atomics return into the low half of a dword whose upper 16 bits are zero (ASSUMPTION §5.1).
  if (width == intel::Width::w16) c.returned_bits = 32;
  return print(c, a.json);
}

// --- AMD ------------------------------------------------------------------------------------

int run_amd(const AluArgs& a) {
  if (a.list) {
    for (const auto& row : amd::rows()) fmt::print("{}\n", row.label);
    return exit_ok;
  }
  forbid(a.src, "--src", "AMD rows take --operand (and --compare for atomicCAS)");
  forbid(a.swap, "--swap", "AMD rows take --operand (and --compare for atomicCAS)");
  forbid(a.src0, "--src0", "AMD rows take --operand (and --compare for atomicCAS)");
  forbid(a.src1, "--src1", "AMD rows take --operand (and --compare for atomicCAS)");
  const auto index = amd::find_row(a.op);
  if (!index)
    throw BadInput(fmt::format("unknown AMD row '{}': expected a row label such as \"32 bit atomicAdd\" "
                               "(`gpuatom alu amd --list` prints all 27; spec/amd.md §4)",
                               a.op));
  const amd::Row& row = amd::rows()[*index];
  const alu::Operation operation = amd::to_alu(row, {a.unsigned_min_max});
  const int bits = row.width;
  const Value old = parse_value("--old", need(a.old_value, "--old", "the memory value before the atomic"), bits);
  const Value value = parse_value("--operand", need(a.operand, "--operand", "the row's value operand"), bits);
  Value compare;
  if (row.kind == amd::RowKind::cas)
    compare = parse_value("--compare", need(a.compare, "--compare", "atomicCAS compares with this value"), bits);
  else
    forbid(a.compare, "--compare", "only atomicCAS takes a compare value");
  return print(compute(operation, old, value, compare), a.json);
}

}  // namespace

void add_alu_command(CLI::App& app, Action& run) {
  auto args = std::make_shared<AluArgs>();
  CLI::App* cmd = app.add_subcommand("alu", "Compute one atomic operation bit-exactly: new memory value and returned value");
  cmd->footer(
      "Examples:\n"
      "  gpuatom alu nvidia ADD.F32.FTZ.RN --old 0x00000001 --src 0x3f800000\n"
      "  gpuatom alu nvidia CAS.64 --old 0x5 --src 0x5 --swap 0x9\n"
      "  gpuatom alu intel cmpxchg --old 0x7 --src0 0x1 --src1 0x7\n"
      "  gpuatom alu amd \"32 bit atomicInc\" --old 0x11 --operand 0x11\n"
      "  gpuatom alu nvidia --list --inst SUATOM");
  cmd->add_option("vendor", args->vendor, "nvidia, intel or amd")->required()->check(CLI::IsMember({"nvidia", "intel", "amd"}));
  cmd->add_option("op", args->op,
                  "NVIDIA: OP[.SIZE] as in SASS (ADD.F32.FTZ.RN, CAS.64); Intel: vISA op[.16|.64] (cmpxchg, "
                  "add.64); AMD: the row label (\"64 bit atomicCAS\")");
  cmd->add_option("--old", args->old_value, "memory value before the atomic");
  cmd->add_option("--src", args->src, "NVIDIA: the Rb operand (for CAS: the compare value)");
  cmd->add_option("--swap", args->swap, "NVIDIA CAS: the Rc swap value");
  cmd->add_option("--src0", args->src0, "Intel: Src0 (cmpxchg: new value; fcmpwr: comparand)");
  cmd->add_option("--src1", args->src1, "Intel: Src1 (cmpxchg: comparand; fcmpwr: new value)");
  cmd->add_option("--operand", args->operand, "AMD: the row's value operand");
  cmd->add_option("--compare", args->compare, "AMD atomicCAS: the compare value");
  cmd->add_option("--inst", args->inst, "NVIDIA instruction whose op x size table applies: ATOM (default), ATOMS, RED, "
                                        "SUATOM, SURED, or the sm_70+ ATOMG, REDG");
  cmd->add_option("--nan", args->nan, "NVIDIA NaN results: canonical (default, ASSUMPTION) or propagate");
  cmd->add_flag("--f16x2-flush", args->f16x2_flush, "NVIDIA: flush F16x2 subnormals (default keeps them, ASSUMPTION)");
  cmd->add_flag("--safeadd-model", args->safeadd_model, "NVIDIA: execute SAFEADD as a 64-bit add (ASSUMPTION)");
  cmd->add_option("--form", args->form, "Intel: svm (default), typed or dword, whose width rules apply");
  cmd->add_flag("--unsigned", args->unsigned_min_max, "AMD: integer min/max use the unsigned overload (default signed)");
  cmd->add_flag("--json", args->json, "print {\"memory\":…,\"returned\":…}");
  cmd->add_flag("--list", args->list, "list every legal spelling for the vendor (and --inst / --form)");
  // The action is chosen only when this subcommand was the one parsed.
  cmd->callback([&run, args] {
    run = [args]() -> int {
      if (!args->list && args->op.empty()) throw BadInput("missing the operation (see `gpuatom alu --help`)");
      if (args->vendor == "nvidia") return run_nvidia(*args);
      if (args->vendor == "intel") return run_intel(*args);
      return run_amd(*args);
    };
  });
}

}  // namespace gpuatom::cli
