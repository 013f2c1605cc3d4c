// `gpuatom amd lower`: what clang-19 makes of one HIP atomic on one gfx target — the instruction
// with its cache-policy modifiers, or a CAS loop — with LLVM's reason, and AMD's tables' outcome
// for the same atomic beside it (docs/spec/amd-isa.md §8).
//
//   gpuatom amd lower --target gfx942 --op add --type f32 --scope agent --memory global
//   gpuatom amd lower --target MI250X --op max --type f64 --unsafe-fp-atomics --unused --json
//   gpuatom amd lower --target gfx1100 --all
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "amd_arguments.hpp"
#include "gpuatom/amd/lowering_answer.hpp"

namespace gpuatom::cli {

namespace {

struct LowerArgs {
  std::string target, op, type, scope = "agent", memory = "global", device, location = "device";
  bool unsafe_fp_atomics = false, flush_denormals = false, fine_grained = false;
  bool returned = false, unused = false, all = false, json = false;
};

using json = nlohmann::ordered_json;

const amd::Device& parse_lower_device(const LowerArgs& a, const amd::LoweringTarget& target) {
  const std::vector<amd::DeviceId> devices = amd::target_devices(target);
  if (devices.empty())
    throw BadInput(fmt::format("--target {}: no device of AMD's tables is a {}", a.target, target.name));
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
  for (const amd::DeviceId d : devices)
    valid += fmt::format("{}\"{}\"", valid.empty() ? "" : " or ", amd::device(d).name);
  throw BadInput(fmt::format("--device {}: not a {} device; {} is {}", a.device, target.name, target.name, valid));
}

json to_json(const amd::LoweringTarget& target, const amd::Device& device, const amd::CompileFlags& flags,
             const amd::LoweringAnswer& a) {
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
    matrix["correct"] =
        amd::correct_at_requested_scope(e.outcome) && amd::correct_at_requested_scope(a.cell.with_pcie->outcome);
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

int run_lower(const LowerArgs& a) {
  const amd::LoweringTarget& target = amd::lowering_target_named(a.target);
  const amd::Device& device = parse_lower_device(a, target);
  if (a.returned && a.unused) throw BadInput("--returned and --unused: give one of them (default: --returned)");
  if (a.all && (!a.op.empty() || !a.type.empty()))
    throw BadInput("--all prints every op and type: leave out --op and --type");
  const bool all = a.all || a.op.empty();
  if (!all && a.type.empty())
    throw BadInput("missing --type: i32, u32, i64, u64, f32, f64, f16x2 or bf16x2 (or --all for every op)");
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
        if (amd::valid(op.value, type.value))
          atomics.push_back({op.value, type.value, base.scope, base.memory, base.returned});
  } else {
    amd::HipAtomic one = base;
    one.op = parse_spelling("--op", a.op, amd::hip_op_spellings());
    one.type = parse_spelling("--type", a.type, amd::hip_type_spellings());
    if (!amd::valid(one.op, one.type))
      throw BadInput(
          fmt::format("--op {} with --type {}: HIP has no such atomic (and/or/xor take integers; inc/dec take "
                      "u32 or u64; the packed types only add)",
                      amd::name(one.op), amd::name(one.type)));
    atomics.push_back(one);
  }

  std::vector<amd::LoweringAnswer> answers;
  for (const amd::HipAtomic& atomic : atomics)
    answers.push_back(amd::lowering_answer(target, device, atomic, flags, location));
  if (a.json) {
    if (!all) {
      fmt::print("{}\n", to_json(target, device, flags, answers.front()).dump());
      return exit_ok;
    }
    json rows = json::array();
    for (const amd::LoweringAnswer& x : answers) rows.push_back(to_json(target, device, flags, x));
    fmt::print("{}\n", rows.dump());
    return exit_ok;
  }
  if (!all) {
    fmt::print("{}", amd::lowering_text(target, device, flags, answers.front()));
    return exit_ok;
  }
  fmt::print("{}", amd::lowering_table(target, device, base, flags, answers));
  return exit_ok;
}

}  // namespace

void add_amd_lower_command(CLI::App& amd_command, Action& run) {
  auto args = std::make_shared<LowerArgs>();
  CLI::App* cmd = amd_command.add_subcommand(
      "lower",
      "What clang-19 makes of one HIP atomic on one gfx target, beside AMD's tables (docs/spec/amd-isa.md §8)");
  cmd->footer(
      "The lowering follows LLVM 19's rules (checked against the clang-19 corpus data/amd-lowering/clang-19.tsv);\n"
      "the matrix cell is `gpuatom amd outcome` for the target's device, HW atomics, coarse-grained unless\n"
      "--fine-grained, System scope for --scope system and Device for narrower scopes.\n"
      "Examples:\n"
      "  gpuatom amd lower --target gfx942 --op add --type f32 --scope system\n"
      "  gpuatom amd lower --target gfx90a --op add --type f32 --unsafe-fp-atomics --unused\n"
      "  gpuatom amd lower --target gfx1200 --all --memory flat");
  cmd->add_option("--target", args->target,
                  "gfx908, gfx90a, gfx942, gfx1030, gfx1100, gfx1200, or a product or "
                  "column name (MI300X, MI250X, gfx11 dGPU …)")
      ->required();
  cmd->add_option("--op", args->op,
                  "add | sub | and | or | xor | min | max | exchange | cas | inc | dec "
                  "(left out: every op, as --all)");
  cmd->add_option("--type", args->type,
                  "i32 | u32 | i64 | u64 | f32 | f64 | f16x2 | bf16x2 (the packed types: add "
                  "only, through the target builtins)");
  cmd->add_option("--scope", args->scope, "system | agent | workgroup | wavefront | singlethread (default agent)");
  cmd->add_option("--memory", args->memory, "the pointer: global | flat | lds (default global)");
  cmd->add_flag("--unsafe-fp-atomics", args->unsafe_fp_atomics, "compile with -munsafe-fp-atomics");
  cmd->add_flag("--flush-denormals", args->flush_denormals, "compile with -fgpu-flush-denormals-to-zero");
  cmd->add_flag("--fine-grained", args->fine_grained, "the memory is fine-grained (the matrix's Fine-grained)");
  cmd->add_flag("--returned", args->returned, "the pre-op value is used (default)");
  cmd->add_flag("--unused", args->unused, "the pre-op value is not used");
  cmd->add_flag("--all", args->all, "every op and type for the target, as a table");
  cmd->add_option("--device", args->device,
                  "the matrix's column when the target has two (gfx90a: MI200 PCIe or "
                  "MI200 A+A; gfx942: MI300X or MI300A); default the first");
  cmd->add_option("--location", args->location, "the matrix's memory: device | migratable | pinned (default device)");
  cmd->add_flag("--json", args->json, "one JSON object (an array with --all)");
  cmd->callback([&run, args] { run = [args] { return run_lower(*args); }; });
}

}  // namespace gpuatom::cli
