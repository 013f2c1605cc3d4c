// `gpuatom alu VENDOR OP --old X …`: one atomic computed by the ALU, spelled as each vendor spells it.
//
//   gpuatom alu nvidia ADD.F32.FTZ.RN --old 0x00000001 --src 0x3f800000
//   gpuatom alu nvidia CAS.64 --old 0x5 --src 0x5 --swap 0x9
//   gpuatom alu intel cmpxchg --old 0x7 --src0 0x1 --src1 0x7
//   gpuatom alu amd "32 bit atomicInc" --old 0x11 --operand 0x11
#include <algorithm>
#include <optional>
#include <string>
#include <variant>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "alu_amd_instruction.hpp"
#include "alu_values.hpp"
#include "amd_arguments.hpp"
#include "alu_why.hpp"
#include "command.hpp"
#include "gpuatom/alu/apply.hpp"
#include "gpuatom/amd/rows.hpp"
#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/intel/lsc.hpp"
#include "gpuatom/intel/platform.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/opcodes.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::cli {

namespace {

struct AluArgs {
  std::string vendor;
  std::string op;
  std::optional<std::string> old_value, src, swap, src0, src1, operand, compare;
  std::string inst;  // NVIDIA: empty = ATOM, or the op's own mnemonic
  std::string arch;  // NVIDIA: sm_XX
  std::string platform;  // Intel: a profile (gen9 … pvc)
  std::string data = "d32";  // Intel LSC: the data size
  // AMD: the cell of AMD's tables the atomic runs in (optional; --device asks for the others).
  std::string device;
  CellArgs cell;
  // AMD instructions: the gfx target, and the float rules' ASSUMPTION switches.
  std::string target;
  std::string lds_denormals = "kept", l2_add_f32 = "manuals", inf_minus_inf = "quiet";
  std::string nan = "canonical";
  std::string form = "svm";
  bool f16x2_flush = false;
  bool safeadd_model = false;
  bool unsigned_min_max = false;
  bool json = false;
  bool list = false;
};

// An operand flag's value, typed by the operation it feeds.
Value parse_value(const std::string& flag, const std::string& text, const alu::Operation& operation, int bits) {
  return parse_operand(flag, text, operation.type, bits);
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
  alu::Type type = alu::Type::u32;    // of memory (and of the returned value unless a flag)
  std::vector<std::string> why;       // a rule that changed the result, in words
  std::vector<std::string> notes;     // what the answer does not depend on
  // Intel's 16-bit atomics return their memory-width value in the low half of a dword (upper half
  // zero): printed as the dword's bits and the value's type, not as a 32-bit integer.
  bool returned_in_low_half = false;

  void return_in_dword_low_half() {
    returned_bits = 32;
    returned_in_low_half = true;
  }
};

std::string format_value(Value v, int bits) {
  if (bits == 128) return fmt::format("0x{:016x}{:016x}", v.hi, v.lo);
  return support::hex(v.lo, bits / 4);
}

// "0x3fc00000 (1.5)": the bits and, where there is one, the typed value.
std::string value_text(Value v, int bits, alu::Type type) {
  const std::string typed = typed_text(v, type, bits);
  return typed.empty() ? format_value(v, bits) : fmt::format("{} ({})", format_value(v, bits), typed);
}

// The returned value's typed text: of the memory's type where it is the memory's value (also in
// the low half of a dword), else a 32-bit flag.
std::string returned_typed_text(const Computed& c) {
  if (c.returned_in_low_half) return typed_text(*c.returned, c.type, c.memory_bits);
  return typed_text(*c.returned, c.returned_bits == c.memory_bits ? c.type : alu::Type::u32, c.returned_bits);
}

std::string returned_value_text(const Computed& c) {
  const std::string typed = returned_typed_text(c);
  const std::string hex = format_value(*c.returned, c.returned_bits);
  return typed.empty() ? hex : fmt::format("{} ({})", hex, typed);
}

int print(const Computed& c, bool json) {
  if (json) {
    nlohmann::ordered_json out;
    out["memory"] = format_value(c.memory, c.memory_bits);
    out["returned"] = c.returned ? nlohmann::ordered_json(format_value(*c.returned, c.returned_bits)) : nlohmann::ordered_json();
    out["type"] = alu::name(c.type);
    const std::string memory_typed = typed_text(c.memory, c.type, c.memory_bits);
    out["memory_value"] = memory_typed.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(memory_typed);
    const std::string returned_typed = c.returned ? returned_typed_text(c) : "";
    out["returned_value"] = returned_typed.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(returned_typed);
    out["why"] = c.why;
    out["notes"] = c.notes;
    fmt::print("{}\n", out.dump());
    return exit_ok;
  }
  fmt::print("memory={} returned={}\n", value_text(c.memory, c.memory_bits, c.type),
             c.returned ? returned_value_text(c) : "none");
  for (const std::string& line : c.why) fmt::print("  why: {}\n", line);
  for (const std::string& line : c.notes) fmt::print("  note: {}\n", line);
  return exit_ok;
}

Computed compute(const alu::Operation& operation, Value old, Value value, Value compare,
                 std::string_view flush_rule = ".FTZ") {
  const int bits = alu::width_bits(operation.type);
  if (bits == 128) {
    const auto r = alu::apply128(operation.op, {old.lo, old.hi}, {value.lo, value.hi}, {compare.lo, compare.hi});
    return {128, {r.memory.lo, r.memory.hi}, Value{r.returned.lo, r.returned.hi}, 128, operation.type, {}, {}};
  }
  const alu::Result r = alu::apply(operation, old.lo, {value.lo, compare.lo});
  const int returned_bits = alu::returns(operation.op) == alu::Returns::stored_flag ? 32 : bits;
  Computed c{bits, {r.memory, 0}, Value{r.returned, 0}, returned_bits, operation.type, {}, {}};
  c.why = why_lines(operation, old.lo, value.lo, r.memory, flush_rule);
  return c;
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

// The instruction as SASS spells it: "ATOM.E.ADD.F32.FTZ.RN", "ATOMS.CAS.64",
// "RED.E.ADD.F16x2.RN.STRONG.GPU", or its op and size alone ("ADD.F32.FTZ.RN"). A leading
// mnemonic names the instruction; the modifiers that do not change what is computed (.E, strength,
// scope, cache, surface modes) are dropped; what is left is OP[.SIZE].
struct NvidiaSpelling {
  std::string inst;
  std::string op_size;
};
NvidiaSpelling split_nvidia(const std::string& text, const std::string& inst_flag) {
  NvidiaSpelling out{inst_flag.empty() ? "ATOM" : inst_flag, ""};
  std::vector<std::string> parts;
  for (size_t start = 0;;) {
    const size_t dot = text.find('.', start);
    parts.push_back(text.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  size_t first = 0;
  if (nvidia::parse_mnemonic(parts[0])) {
    if (!inst_flag.empty() && inst_flag != parts[0])
      throw BadInput(fmt::format("{}: the instruction is {}, but --inst says {}", text, parts[0], inst_flag));
    out.inst = parts[0];
    first = 1;
  }
  for (size_t k = first; k < parts.size(); ++k) {
    const bool modifier = std::any_of(nvidia::modifier_table().begin(), nvidia::modifier_table().end(),
                                      [&](const nvidia::ModifierInfo& m) { return m.name == parts[k]; });
    if (modifier) continue;
    out.op_size += (out.op_size.empty() ? "" : ".") + parts[k];
  }
  if (out.op_size.empty()) throw BadInput(fmt::format("{}: no operation (ADD, CAS, …) in it", text));
  return out;
}

// --arch: the forms a generation has (architecture.hpp's columns), by the rule `check sass --arch` uses.
void check_architecture(nvidia::Architecture arch, const NvidiaInstruction& ni, const std::string& inst, nvidia::Size size) {
  const bool spa5 = nvidia::is_spa5(arch);
  if (spa5 && ni.dialect == nvidia::Dialect::modern)
    throw BadInput(fmt::format("--arch {}: {} is an sm_70+ spelling (SPA 5.0 says ATOM or RED)", nvidia::name(arch), inst));
  if (auto why = nvidia::missing_size_form(arch, size)) throw BadInput(fmt::format("--arch {}: {}", nvidia::name(arch), *why));
}

int run_nvidia(const AluArgs& a) {
  const NvidiaSpelling spelling = a.list ? NvidiaSpelling{a.inst.empty() ? "ATOM" : a.inst, ""} : split_nvidia(a.op, a.inst);
  NvidiaInstruction ni = nvidia_instruction(spelling.inst);
  std::optional<nvidia::Architecture> arch;
  if (!a.arch.empty()) {
    arch = nvidia::parse_architecture(a.arch);
    if (!arch) throw BadInput(fmt::format("--arch {}: expected one of {}", a.arch, nvidia::architecture_names()));
    if (!nvidia::is_spa5(*arch)) ni.dialect = nvidia::Dialect::modern;
  }
  if (a.list) return list_nvidia(ni);
  forbid(a.src0, "--src0", "NVIDIA operands are --src (Rb) and --swap (the CAS swap value Rc)");
  forbid(a.src1, "--src1", "NVIDIA operands are --src (Rb) and --swap (the CAS swap value Rc)");
  forbid(a.operand, "--operand", "NVIDIA operands are --src (Rb) and --swap");
  forbid(a.compare, "--compare", "NVIDIA's CAS compares with --src (Rb) and stores --swap (Rc)");
  const auto parsed = nvidia::parse_op_size(spelling.op_size);
  if (const auto* error = std::get_if<std::string>(&parsed)) throw BadInput(*error);
  const auto [op, size] = std::get<nvidia::OpSize>(parsed);
  if (auto why = nvidia::illegal_reason(ni.family, ni.dialect, op, size)) throw BadInput(*why);
  if (arch) check_architecture(*arch, ni, spelling.inst, size);
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
  const Value old = parse_value("--old", need(a.old_value, "--old", "the memory value before the atomic"), operation, bits);
  const Value src = parse_value("--src", need(a.src, "--src", "the Rb operand (the comparand for CAS)"), operation, bits);
  Value swap;
  if (is_cas)
    swap = parse_value("--swap", need(a.swap, "--swap", "CAS stores the Rc value (docs/spec/nvidia.md §3.1)"),
                       operation, bits);
  else
    forbid(a.swap, "--swap", "only CAS takes a swap value (Rc)");

  // CAS: compare with Rb, store Rc (docs/spec/nvidia.md §3.1); other ops: the operand is Rb. A vector
  // (.F16x8 …) applies the operation to each 32-bit element of --old and --src.
  Computed c = is_cas ? compute(operation, old, swap, src) : compute(operation, old, src, {});
  if (const int words = nvidia::vector_words(size)) {
    const alu::Result128 r = alu::apply_vector(operation, words, {old.lo, old.hi}, {src.lo, src.hi});
    c = {bits, {r.memory.lo, r.memory.hi}, Value{r.returned.lo, r.returned.hi}, bits, operation.type, {}, {}};
  }
  if (!ni.returns) c.returned.reset();  // RED / SURED write no destination
  // The model has one rule per form for every architecture: the answer does not depend on which.
  const bool float_type = alu::is_float(operation.type);
  if (!arch && float_type) c.notes.push_back("the same on every architecture that has this form (--arch checks that one does)");
  return print(c, a.json);
}

// --- Intel ----------------------------------------------------------------------------------

// --platform: the profile's optional features (docs/spec/intel.md §9) the op and width need.
void check_platform(const intel::PlatformProfile& p, intel::Form form, intel::AtomicOp op, intel::Width width) {
  const auto refuse = [&](std::string_view what) {
    throw BadInput(fmt::format("--platform {}: {} is not on this platform (docs/spec/intel.md §9)", p.name, what));
  };
  if (width == intel::Width::w16 && !p.atomics_16bit) refuse("a .16 atomic");
  if (form == intel::Form::svm && width == intel::Width::w64 && !p.svm_64bit) refuse("svm_atomic .64");
  if (op == intel::AtomicOp::PREDEC && !p.predec) refuse("predec");
  if (intel::is_float_add(op) && width != intel::Width::w64 && !p.float_add) refuse("fadd/fsub");
  if (intel::find(op)->is_float && width == intel::Width::w64 && !p.float_64) refuse("a 64-bit float atomic");
}

// `lsc_atomic_<op>[.<sfid>…]`: an LSC atomic on `--data` elements; --src0 and --src1 are LSC's
// src1 and src2 (icas and fcas compare with src1 and store src2).
int run_lsc(const AluArgs& a, std::string_view text, const std::optional<intel::PlatformProfile>& platform) {
  const std::string_view name = text.substr(0, text.find('.'));
  const intel::LscOpInfo* info = intel::find_lsc_op(name);
  if (!info) {
    std::string valid;
    for (const intel::LscOpInfo& i : intel::lsc_op_table()) valid += fmt::format("{}{}", valid.empty() ? "" : " ", i.name);
    throw BadInput(fmt::format("unknown LSC atomic 'lsc_atomic_{}': expected lsc_atomic_ followed by one of {}", name, valid));
  }
  if (platform && !platform->lsc) throw BadInput(fmt::format("--platform {}: no LSC atomics (DG2 and later)", platform->name));
  intel::LscFields lsc;
  lsc.op = info->code;
  const auto data = intel::parse_lsc_data_size(a.data);
  if (!data || (*data != intel::LscDataSize::d32 && *data != intel::LscDataSize::d64 && *data != intel::LscDataSize::d16c32))
    throw BadInput(fmt::format("--data {}: expected d32, d64 or d16c32", a.data));
  lsc.data_size = *data;
  const alu::Operation operation = intel::lsc_to_alu(lsc);
  check_alu(operation);
  const int bits = static_cast<int>(intel::access_bits(lsc));
  const Value old = parse_value("--old", need(a.old_value, "--old", "the memory value before the atomic"), operation, bits);
  Value src0, src1;
  if (info->extra_operands >= 1) src0 = parse_value("--src0", need(a.src0, "--src0", "LSC's src1"), operation, bits);
  else forbid(a.src0, "--src0", "this LSC atomic reads no source");
  if (info->extra_operands >= 2) src1 = parse_value("--src1", need(a.src1, "--src1", "LSC's src2"), operation, bits);
  else forbid(a.src1, "--src1", "only icas and fcas read a second source");
  const alu::Operands in = intel::lsc_operand_placement(lsc)(src0.lo, src1.lo);
  Computed c = compute(operation, old, {in.value, 0}, {in.compare, 0});
  if (bits == 16) c.return_in_dword_low_half();  // d16c32
  return print(c, a.json);
}

int run_intel(const AluArgs& a) {
  using intel::Role;
  std::string form_text = a.form;
  std::string_view spelled = a.op;
  // The vISA spellings: svm_atomic.add, typed_atomic.cmpxchg, dword_atomic.inc, lsc_atomic_fadd.ugm.
  for (const auto& [prefix, form_name] : {std::pair{"svm_atomic.", "svm"}, {"typed_atomic.", "typed"}, {"dword_atomic.", "dword"}})
    if (spelled.starts_with(prefix)) {
      spelled.remove_prefix(std::string_view(prefix).size());
      form_text = form_name;
    }
  std::optional<intel::PlatformProfile> platform;
  if (!a.platform.empty()) {
    const auto p = intel::parse_platform(a.platform);
    if (!p) throw BadInput(fmt::format("--platform {}: expected gen9, gen12, xehp, dg2 or pvc", a.platform));
    platform = intel::profile(*p);
  }
  if (spelled.starts_with("lsc_atomic_")) return run_lsc(a, spelled.substr(11), platform);
  const intel::Form form = form_text == "typed"   ? intel::Form::typed
                           : form_text == "dword" ? intel::Form::dword
                                                  : intel::Form::svm;
  if (form_text != "typed" && form_text != "svm" && form_text != "dword")
    throw BadInput(fmt::format("--form {}: expected svm, typed or dword", form_text));
  if (a.list) {
    for (const auto& i : intel::atomic_op_table())
      for (auto w : {intel::Width::w32, intel::Width::w16, intel::Width::w64})
        if (!intel::illegal_reason(form, i.op, w)) fmt::print("{}{}\n", i.name, intel::suffix(w));
    return exit_ok;
  }
  forbid(a.src, "--src", "Intel operands are --src0 and --src1");
  forbid(a.swap, "--swap", "Intel operands are --src0 and --src1");
  forbid(a.operand, "--operand", "Intel operands are --src0 and --src1");
  forbid(a.compare, "--compare", "cmpxchg compares with --src1, fcmpwr with --src0 (docs/spec/intel.md §3.1)");

  std::string_view text = spelled;
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
    throw BadInput(
        fmt::format("unknown vISA atomic op '{}': expected add sub inc dec min max xchg cmpxchg and or "
                    "xor minsint maxsint predec fmax fmin fcmpwr (docs/spec/intel.md §3.1)",
                    text));
  if (auto why = intel::illegal_reason(form, *op, width)) throw BadInput(*why);
  if (platform) check_platform(*platform, form, *op, width);
  const intel::AtomicOpInfo& info = *intel::find(*op);
  const alu::Operation operation = intel::to_alu(*op, width);
  check_alu(operation);

  const int bits = intel::bits(width);
  const Value old = parse_value("--old", need(a.old_value, "--old", "the memory value before the atomic"), operation, bits);
  Value src0, src1;
  if (info.src0 == Role::null)
    forbid(a.src0, "--src0", "Src0 must be null for INC, DEC and PREDEC (docs/spec/intel.md §3.2)");
  else
    src0 =
        parse_value("--src0", need(a.src0, "--src0", "this op reads Src0 (docs/spec/intel.md §3.1)"), operation, bits);
  if (info.src1 == Role::null)
    forbid(a.src1, "--src1",
           "Src1 is used only by CMPXCHG and FCMPWR and must be null otherwise (docs/spec/intel.md §3.2)");
  else
    src1 = parse_value("--src1", need(a.src1, "--src1", "CMPXCHG and FCMPWR read Src1 (docs/spec/intel.md §3.1)"),
                       operation, bits);

  const alu::Operands in = intel::operands(*op, src0.lo, src1.lo);
  Computed c = compute(operation, old, {in.value, 0}, {in.compare, 0});
  // 16-bit atomics return into the low half of a dword whose upper 16 bits are zero (ASSUMPTION §5.1).
  if (width == intel::Width::w16) c.return_in_dword_low_half();
  return print(c, a.json);
}

// --- AMD ------------------------------------------------------------------------------------

// An instruction (`global_atomic_add_f32 --target gfx942`) as the AMD wave executes it.
int run_amd_instruction(const AluArgs& a) {
  forbid(a.src, "--src", "AMD instructions take --operand (and --compare for cmpswap, cmpst, mskor)");
  forbid(a.swap, "--swap", "AMD instructions take --operand (and --compare for cmpswap, cmpst, mskor)");
  forbid(a.src0, "--src0", "AMD instructions take --operand (and --compare for cmpswap, cmpst, mskor)");
  forbid(a.src1, "--src1", "AMD instructions take --operand (and --compare for cmpswap, cmpst, mskor)");
  if (!a.device.empty()) throw BadInput("--device takes a row of AMD's tables; an instruction takes --target");
  const AmdInstructionAtomic atomic = amd_instruction_atomic(
      {a.op, a.target, a.old_value, a.operand, a.compare, a.lds_denormals, a.l2_add_f32, a.inf_minus_inf});
  Computed c = compute(atomic.operation, atomic.old, atomic.value, atomic.compare, atomic.flush_rule);
  if (!atomic.returns) c.returned.reset();
  c.notes.insert(c.notes.begin(), atomic.notes.begin(), atomic.notes.end());
  return print(c, a.json);
}

int run_amd(const AluArgs& a) {
  if (!a.target.empty()) return run_amd_instruction(a);
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
    throw BadInput(
        fmt::format("unknown AMD row '{}': expected a row label such as \"32 bit atomicAdd\" "
                    "(`gpuatom alu amd --list` prints all 27; docs/spec/amd.md §4), or an instruction "
                    "with --target (global_atomic_add_f32 --target gfx942)",
                    a.op));
  const amd::Row& row = amd::rows()[*index];
  const alu::Operation operation = amd::to_alu(row, {a.unsigned_min_max});
  const int bits = row.width;
  const Value old = parse_value("--old", need(a.old_value, "--old", "the memory value before the atomic"), operation, bits);
  const Value value = parse_value("--operand", need(a.operand, "--operand", "the row's value operand"), operation, bits);
  Value compare;
  if (row.kind == amd::RowKind::cas)
    compare = parse_value("--compare", need(a.compare, "--compare", "atomicCAS compares with this value"), operation, bits);
  else
    forbid(a.compare, "--compare", "only atomicCAS takes a compare value");
  Computed c = compute(operation, old, value, compare);
  if (!a.device.empty()) {
    // One lane on one device: what the cell's outcome does to it (wave.hpp's roads). A CAS loop or a
    // downgraded scope computes the same for a lane alone; a NOP reaches no memory.
    const amd::Device& device = amd::device(parse_device("--device", a.device));
    const AskedCell cell =
        ask_cell(device, amd::AtomicRequest::of(row), parse_cell(a.cell, "the cell's selectors, with --device"), a.cell.pcie, {});
    if (cell.pcie_matters) refuse_pcie_matters(device, cell);
    const amd::Explanation& e = cell.chosen();
    switch (e.outcome) {
      case amd::Outcome::not_applicable:
        throw BadInput(fmt::format("{}: n/a on {} here (`gpuatom amd outcome` says why)", row.label, device.name));
      case amd::Outcome::nop:
        c.memory = old;
        c.returned = Value{0, 0};
        c.why.push_back(fmt::format("❌ NOP on {}: nothing reaches memory, and the lane gets 0 (`gpuatom amd outcome` says why)",
                                    device.name));
        break;
      case amd::Outcome::no_return:
        c.returned.reset();
        c.why.push_back(fmt::format("✅ NoReturn on {}: memory is updated, no value comes back (ASSUMPTION amd.noreturn-value: "
                                    "the lane reads 0)", device.name));
        break;
      default:
        c.notes.push_back(fmt::format("{} on {}: one lane alone computes the same as a native atomic", amd::label(e.outcome),
                                      device.name));
        break;
    }
    if (const std::string published = published_note(e); !published.empty()) c.notes.push_back("published: " + published);
  }
  return print(c, a.json);
}

}  // namespace

void add_alu_command(CLI::App& app, Action& run) {
  auto args = std::make_shared<AluArgs>();
  CLI::App* cmd = app.add_subcommand("alu", "Compute one atomic operation bit-exactly: new memory value and returned value");
  cmd->footer(
      "Examples:\n"
      "  gpuatom alu nvidia ATOM.E.ADD.F32.FTZ.RN --arch sm_90 --old 1e-40 --src 1.0\n"
      "  gpuatom alu nvidia ADD.F32.FTZ.RN --old 0x00000001 --src 0x3f800000\n"
      "  gpuatom alu nvidia CAS.64 --old 0x5 --src 0x5 --swap 0x9\n"
      "  gpuatom alu intel cmpxchg --old 0x7 --src0 0x1 --src1 0x7\n"
      "  gpuatom alu intel svm_atomic.fadd --platform pvc --old 1.5 --src0 2.25\n"
      "  gpuatom alu intel lsc_atomic_fadd.ugm --old 1.0 --src0 0.5\n"
      "  gpuatom alu amd \"32 bit atomicInc\" --old 0x11 --operand 0x11\n"
      "  gpuatom alu amd global_atomic_add_f32 --target gfx942 --old 1e-40 --operand 0\n"
      "  gpuatom alu nvidia --list --inst SUATOM");
  cmd->add_option("vendor", args->vendor, "nvidia, intel or amd")->required()->check(CLI::IsMember({"nvidia", "intel", "amd"}));
  cmd->add_option("op", args->op,
                  "NVIDIA: the instruction as SASS spells it (ATOM.E.ADD.F32.FTZ.RN, ATOMS.CAS.64, RED.E.ADD.F16x2.RN) "
                  "or OP[.SIZE]; Intel: svm_atomic.OP, typed_atomic.OP, lsc_atomic_OP or OP[.16|.64] (cmpxchg, add.64); "
                  "AMD: the row label (\"64 bit atomicCAS\"), or with --target an instruction as llvm-mc prints "
                  "it (global_atomic_add_f32, ds_cmpst_rtn_b32)");
  cmd->add_option("--old", args->old_value,
                  "memory value before the atomic: bits (0x3fc00000, 42, -1 for signed "
                  "types) or a float of the op's type (1.5, -0, -0x1p-149, inf, nan, "
                  "nan(0x1), snan(0x1), bf16x2(1.0, -2.0)); a typed f16(…), bf16(…), f32(…), "
                  "f64(…) of another format is converted exactly or refused, and on an "
                  "integer op gives its bits at the operand's width; the same for every "
                  "operand");
  cmd->add_option("--src", args->src, "NVIDIA: the Rb operand (for CAS: the compare value)");
  cmd->add_option("--swap", args->swap, "NVIDIA CAS: the Rc swap value");
  cmd->add_option("--src0", args->src0, "Intel: Src0 (cmpxchg: new value; fcmpwr: comparand)");
  cmd->add_option("--src1", args->src1, "Intel: Src1 (cmpxchg: comparand; fcmpwr: new value)");
  cmd->add_option("--operand", args->operand, "AMD: the row's value operand, or the instruction's data (a "
                                              "compare-and-swap's new value)");
  cmd->add_option("--compare", args->compare, "AMD atomicCAS, cmpswap and cmpst: the compare value; mskor: the mask");
  cmd->add_option("--target", args->target, "AMD instructions: the gfx target (gfx942, MI300X …) whose float rules apply");
  cmd->add_option("--lds-denormals", args->lds_denormals, "AMD instructions on LDS: MODE's denormals kept (default) or flushed");
  cmd->add_option("--l2-add-f32", args->l2_add_f32, "AMD instructions: L2 add_f32 subnormal inputs as the manuals say "
                                                    "(manuals, default: flushed) or as LLVM reads it (llvm)");
  cmd->add_option("--inf-minus-inf", args->inf_minus_inf, "AMD instructions: the NaN of -inf + +inf, quiet (default) or negative");
  cmd->add_option("--inst", args->inst, "NVIDIA instruction whose op x size table applies: ATOM (default), ATOMS, RED, "
                                        "SUATOM, SURED, or the sm_70+ ATOMG, REDG (or spell it in the op: ATOMS.CAS.64)");
  cmd->add_option("--arch", args->arch, "NVIDIA: the architecture (sm_50 … sm_121): its spelling and the forms it has");
  cmd->add_option("--platform", args->platform, "Intel: the platform profile (gen9, gen12, xehp, dg2, pvc) whose "
                                                "features the op needs");
  cmd->add_option("--data", args->data, "Intel LSC: the data size, d32 (default), d64 or d16c32");
  cmd->add_option("--nan", args->nan, "NVIDIA NaN results: canonical (default, ASSUMPTION) or propagate");
  cmd->add_flag("--f16x2-flush", args->f16x2_flush, "NVIDIA: flush F16x2 subnormals (default keeps them, ASSUMPTION)");
  cmd->add_flag("--safeadd-model", args->safeadd_model, "NVIDIA: execute SAFEADD as a 64-bit add (ASSUMPTION)");
  cmd->add_option("--form", args->form, "Intel: svm (default), typed or dword, whose width rules apply");
  cmd->add_flag("--unsigned", args->unsigned_min_max, "AMD: integer min/max use the unsigned overload (default signed)");
  cmd->add_option("--device", args->device, "AMD: run it in one cell of AMD's tables, on this device (a column, product "
                                            "or gfx target), with --memory, --granularity, --scope [--pcie] [--strategy]: "
                                            "a NOP leaves memory alone, a NoReturn gives nothing back");
  add_cell_options(*cmd, args->cell, false, "AMD with --device: ");
  cmd->add_flag("--json", args->json, "print one object: memory, returned (hex; null: none), type, memory_value, "
                                      "returned_value (typed), why and notes (lists of lines)");
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
