// `gpuatom amd lower`: what clang-19 makes of one HIP atomic on one gfx target — the instruction
// with its cache-policy modifiers, or a CAS loop — with LLVM's reason, and AMD's tables' outcome
// for the same atomic beside it (docs/spec/amd-isa.md §8).
//
//   gpuatom amd lower --target gfx942 --op add --type f32 --scope agent --memory global
//   gpuatom amd lower --target MI250X --op max --type f64 --unsafe-fp-atomics --unused --json
//   gpuatom amd lower --target gfx1100 --all
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "amd_arguments.hpp"
#include "gpuatom/amd/lowering.hpp"

namespace gpuatom::cli {

namespace {

struct LowerArgs {
  std::string target, op, type, scope = "agent", memory = "global", device, location = "device";
  bool unsafe_fp_atomics = false, flush_denormals = false, fine_grained = false;
  bool returned = false, unused = false, all = false, json = false;
};

using json = nlohmann::ordered_json;

// Everything one answer needs: the case, the lowering, and the matrix beside it.
struct Answer {
  amd::HipAtomic atomic;
  amd::Lowering lowering;
  amd::MatrixCell cell;
  std::vector<std::string> differences;  // empty: the compiler and the matrix agree (or no cell)
};

std::string target_names() {
  std::string out;
  for (const amd::LoweringTarget& t : amd::lowering_targets()) out += fmt::format("{}{}", out.empty() ? "" : ", ", t.name);
  return out;
}

const amd::LoweringTarget& parse_target(const std::string& text) {
  if (const amd::LoweringTarget* t = amd::find_lowering_target(text)) return *t;
  throw BadInput(fmt::format("--target {}: expected one of: {} (or a product or column name of one of them: "
                             "MI300X, MI250X, gfx11 dGPU …)",
                             text, target_names()));
}

const amd::Device& parse_lower_device(const LowerArgs& a, const amd::LoweringTarget& target) {
  const std::vector<amd::DeviceId> devices = amd::target_devices(target);
  if (devices.empty()) throw BadInput(fmt::format("--target {}: no device of AMD's tables is a {}", a.target, target.name));
  if (a.device.empty()) {
    // A product name picks its own column ("MI300A" is gfx942's second device).
    const amd::DeviceName named = amd::find_device(a.target);
    for (const amd::DeviceId id : devices)
      if (named.devices.size() == 1 && named.devices.front() == id) return amd::device(id);
    return amd::device(devices.front());
  }
  const amd::DeviceId id = parse_device("--device", a.device);
  for (const amd::DeviceId d : devices)
    if (d == id) return amd::device(id);
  std::string valid;
  for (const amd::DeviceId d : devices) valid += fmt::format("{}\"{}\"", valid.empty() ? "" : " or ", amd::device(d).name);
  throw BadInput(fmt::format("--device {}: not a {} device; {} is {}", a.device, target.name, target.name, valid));
}

std::vector<std::string> differences(const amd::Lowering& l, const amd::MatrixCell& cell) {
  std::vector<std::string> out;
  if (!cell.without_pcie) return out;
  for (const auto* e : {&*cell.without_pcie, &*cell.with_pcie}) {
    std::string d = amd::disagreement(l, e->outcome);
    if (d.empty()) continue;
    if (cell.pcie_matters()) d += e == &*cell.without_pcie ? " (without PCIe atomics)" : " (with PCIe atomics)";
    if (std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
  }
  return out;
}

Answer answer(const amd::LoweringTarget& target, const amd::Device& device, const amd::HipAtomic& atomic,
              const amd::CompileFlags& flags, amd::Memory location) {
  Answer a{atomic, amd::lower(target, atomic, flags), amd::matrix_cell(device, atomic, flags, location), {}};
  a.differences = differences(a.lowering, a.cell);
  return a;
}

std::string outcome_text(const amd::MatrixCell& cell) {
  if (!cell.without_pcie) return "no cell: " + cell.why;
  if (!cell.pcie_matters()) return std::string(amd::label(cell.without_pcie->outcome));
  return fmt::format("{} with PCIe atomics, {} without", amd::label(cell.with_pcie->outcome),
                     amd::label(cell.without_pcie->outcome));
}

std::string flags_text(const amd::CompileFlags& f) {
  std::string out;
  if (f.unsafe_fp_atomics) out += " -munsafe-fp-atomics";
  if (f.flush_denormals) out += " -fgpu-flush-denormals-to-zero";
  if (f.fine_grained) out += " fine-grained memory";
  return out.empty() ? "none" : out.substr(1);
}

json to_json(const amd::LoweringTarget& target, const amd::Device& device, const amd::CompileFlags& flags,
             const Answer& a) {
  json out;
  out["target"] = target.name;
  out["op"] = amd::name(a.atomic.op);
  out["type"] = amd::name(a.atomic.type);
  out["scope"] = amd::name(a.atomic.scope);
  out["memory"] = amd::name(a.atomic.memory);
  out["result"] = a.atomic.returned ? "returned" : "unused";
  out["flags"] = {{"unsafe_fp_atomics", flags.unsafe_fp_atomics},
                  {"flush_denormals", flags.flush_denormals},
                  {"fine_grained", flags.fine_grained}};
  out["lowering"] = amd::name(a.lowering.kind);
  out["instruction"] = a.lowering.instruction;
  out["rule"] = amd::name(a.lowering.rule);
  out["reason"] = a.lowering.reason;
  out["notes"] = a.lowering.notes;
  json matrix;
  matrix["device"] = device.name;
  if (a.cell.without_pcie) {
    const amd::Explanation& e = *a.cell.without_pcie;
    matrix["atomic"] = e.request.label;
    matrix["memory"] = amd::name(e.selectors.memory);
    matrix["granularity"] = amd::name(e.selectors.granularity);
    matrix["scope"] = amd::name(e.selectors.scope);
    matrix["outcome"] = a.cell.pcie_matters() ? json() : json(amd::name(e.outcome));
    matrix["without_pcie"] = amd::name(e.outcome);
    matrix["with_pcie"] = amd::name(a.cell.with_pcie->outcome);
    matrix["correct"] = amd::correct_at_requested_scope(e.outcome) &&
                        amd::correct_at_requested_scope(a.cell.with_pcie->outcome);
    matrix["why"] = json();
  } else {
    matrix["outcome"] = json();
    matrix["why"] = a.cell.why;
  }
  out["matrix"] = matrix;
  out["agreement"] = !a.cell.without_pcie ? "no cell" : a.differences.empty() ? "agree" : "differ";
  out["differences"] = a.differences;
  return out;
}

void print_one(const amd::LoweringTarget& target, const amd::Device& device, const amd::CompileFlags& flags,
               const Answer& a) {
  fmt::print("{} · {} {} · {} scope · {} memory · result {} · flags: {}\n", target.name, amd::name(a.atomic.op),
             amd::name(a.atomic.type), amd::name(a.atomic.scope), amd::name(a.atomic.memory),
             a.atomic.returned ? "returned" : "unused", flags_text(flags));
  fmt::print("clang-19 (LLVM 19's rules): {} {}\n", amd::name(a.lowering.kind), a.lowering.instruction);
  fmt::print("  rule {}: {}\n", amd::name(a.lowering.rule), a.lowering.reason);
  for (const std::string& n : a.lowering.notes) fmt::print("  note: {}\n", n);
  if (a.cell.without_pcie) {
    const amd::Explanation& e = *a.cell.without_pcie;
    fmt::print("matrix ({} · {} · HW atomics · {} · {} · {} scope): {}\n", device.name, e.request.label,
               amd::name(e.selectors.memory), amd::name(e.selectors.granularity), amd::name(e.selectors.scope),
               outcome_text(a.cell));
  } else {
    fmt::print("matrix ({}): {}\n", device.name, outcome_text(a.cell));
  }
  if (!a.cell.without_pcie) return;
  if (a.differences.empty())
    fmt::print("the compiler and the matrix agree: {}\n",
               a.lowering.kind == amd::LoweringKind::cas_loop      ? "a CAS loop"
               : a.lowering.kind == amd::LoweringKind::unavailable ? "no hardware instruction"
                                                                   : "the hardware instruction");
  for (const auto* e : {&*a.cell.without_pcie, &*a.cell.with_pcie})
    if (!amd::correct_at_requested_scope(e->outcome)) {
      // The same path is no promise of a correct result: NOP fails, Scope Downgrade is weaker.
      fmt::print("but the matrix says {}: the atomic does not give the correct result at the requested scope\n",
                 amd::label(e->outcome));
      break;
    }
  for (const std::string& d : a.differences) fmt::print("DIFFERENT: {}\n", d);
}

int run_lower(const LowerArgs& a) {
  const amd::LoweringTarget& target = parse_target(a.target);
  const amd::Device& device = parse_lower_device(a, target);
  if (a.returned && a.unused) throw BadInput("--returned and --unused: give one of them (default: --returned)");
  if (a.all && (!a.op.empty() || !a.type.empty()))
    throw BadInput("--all prints every op and type: leave out --op and --type");
  const bool all = a.all || a.op.empty();
  if (!all && a.type.empty()) throw BadInput("missing --type: i32, u32, i64, u64, f32, f64, f16x2 or bf16x2 (or --all for every op)");
  if (all && !a.type.empty()) throw BadInput("--type without --op: give --op too, or leave both out for every op");

  amd::HipAtomic base;
  base.scope = parse_spelling("--scope", a.scope, amd::hip_scope_spellings());
  base.memory = parse_spelling("--memory", a.memory, amd::address_space_spellings());
  base.returned = !a.unused;
  const amd::Memory location = parse_spelling("--location", a.location, amd::memory_spellings());
  const amd::CompileFlags flags{a.unsafe_fp_atomics, a.flush_denormals, a.fine_grained};

  std::vector<amd::HipAtomic> atomics;
  if (all) {
    for (const auto& op : amd::hip_op_spellings())
      for (const auto& type : amd::hip_type_spellings())
        if (amd::valid(op.value, type.value)) atomics.push_back({op.value, type.value, base.scope, base.memory, base.returned});
  } else {
    amd::HipAtomic one = base;
    one.op = parse_spelling("--op", a.op, amd::hip_op_spellings());
    one.type = parse_spelling("--type", a.type, amd::hip_type_spellings());
    if (!amd::valid(one.op, one.type))
      throw BadInput(fmt::format("--op {} with --type {}: HIP has no such atomic (and/or/xor take integers; inc/dec take "
                                 "u32 or u64; the packed types only add)",
                                 amd::name(one.op), amd::name(one.type)));
    atomics.push_back(one);
  }

  std::vector<Answer> answers;
  for (const amd::HipAtomic& atomic : atomics) answers.push_back(answer(target, device, atomic, flags, location));
  if (a.json) {
    if (!all) {
      fmt::print("{}\n", to_json(target, device, flags, answers.front()).dump());
      return exit_ok;
    }
    json rows = json::array();
    for (const Answer& x : answers) rows.push_back(to_json(target, device, flags, x));
    fmt::print("{}\n", rows.dump());
    return exit_ok;
  }
  if (!all) {
    print_one(target, device, flags, answers.front());
    return exit_ok;
  }
  fmt::print("{} · {} scope · {} memory · result {} · flags: {} · matrix: {}\n", target.name, amd::name(base.scope),
             amd::name(base.memory), base.returned ? "returned" : "unused", flags_text(flags), device.name);
  size_t instruction_width = std::string_view("instruction").size();
  for (const Answer& x : answers) instruction_width = std::max(instruction_width, x.lowering.instruction.size());
  const auto row = [&](std::string_view op, std::string_view type, std::string_view kind, std::string_view instruction,
                       std::string_view rule, std::string_view matrix, std::string_view mark) {
    fmt::print("  {:<9}{:<5}{:<12}{:<{}}  {:<28}{}{}\n", op, type, kind, instruction, instruction_width, rule, matrix,
               mark);
  };
  row("op", "type", "lowering", "instruction", "rule", "matrix", "");
  int differ = 0;
  for (const Answer& x : answers) {
    const std::string matrix = x.cell.without_pcie ? outcome_text(x.cell) : std::string("—");
    row(amd::name(x.atomic.op), amd::name(x.atomic.type), amd::name(x.lowering.kind), x.lowering.instruction,
        amd::name(x.lowering.rule), matrix, x.differences.empty() ? "" : "  ← DIFFERENT");
    if (!x.differences.empty()) ++differ;
  }
  if (base.memory == amd::AddressSpace::lds) fmt::print("LDS: AMD's tables have no cell to set beside these\n");
  else fmt::print("{} of {} atomics: the compiler and the matrix differ\n", differ, answers.size());
  return exit_ok;
}

}  // namespace

void add_amd_lower_command(CLI::App& amd_command, Action& run) {
  auto args = std::make_shared<LowerArgs>();
  CLI::App* cmd = amd_command.add_subcommand(
      "lower", "What clang-19 makes of one HIP atomic on one gfx target, beside AMD's tables (docs/spec/amd-isa.md §8)");
  cmd->footer(
      "The lowering follows LLVM 19's rules (checked against the clang-19 corpus data/amd-lowering/clang-19.tsv);\n"
      "the matrix cell is `gpuatom amd outcome` for the target's device, HW atomics, coarse-grained unless\n"
      "--fine-grained, System scope for --scope system and Device for narrower scopes.\n"
      "Examples:\n"
      "  gpuatom amd lower --target gfx942 --op add --type f32 --scope system\n"
      "  gpuatom amd lower --target gfx90a --op add --type f32 --unsafe-fp-atomics --unused\n"
      "  gpuatom amd lower --target gfx1200 --all --memory flat");
  cmd->add_option("--target", args->target, "gfx908, gfx90a, gfx942, gfx1030, gfx1100, gfx1200, or a product or "
                                             "column name (MI300X, MI250X, gfx11 dGPU …)")->required();
  cmd->add_option("--op", args->op, "add | sub | and | or | xor | min | max | exchange | cas | inc | dec "
                                    "(left out: every op, as --all)");
  cmd->add_option("--type", args->type, "i32 | u32 | i64 | u64 | f32 | f64 | f16x2 | bf16x2 (the packed types: add "
                                        "only, through the target builtins)");
  cmd->add_option("--scope", args->scope, "system | agent | workgroup | wavefront | singlethread (default agent)");
  cmd->add_option("--memory", args->memory, "the pointer: global | flat | lds (default global)");
  cmd->add_flag("--unsafe-fp-atomics", args->unsafe_fp_atomics, "compile with -munsafe-fp-atomics");
  cmd->add_flag("--flush-denormals", args->flush_denormals, "compile with -fgpu-flush-denormals-to-zero");
  cmd->add_flag("--fine-grained", args->fine_grained, "the memory is fine-grained (the matrix's Fine-grained)");
  cmd->add_flag("--returned", args->returned, "the pre-op value is used (default)");
  cmd->add_flag("--unused", args->unused, "the pre-op value is not used");
  cmd->add_flag("--all", args->all, "every op and type for the target, as a table");
  cmd->add_option("--device", args->device, "the matrix's column when the target has two (gfx90a: MI200 PCIe or "
                                            "MI200 A+A; gfx942: MI300X or MI300A); default the first");
  cmd->add_option("--location", args->location, "the matrix's memory: device | migratable | pinned (default device)");
  cmd->add_flag("--json", args->json, "one JSON object (an array with --all)");
  cmd->callback([&run, args] { run = [args] { return run_lower(*args); }; });
}

}  // namespace gpuatom::cli
