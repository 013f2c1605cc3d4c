#include "gpuatom/amd/lowering_answer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <string_view>

#include "gpuatom/support/input_error.hpp"

namespace gpuatom::amd {

namespace {

std::string target_names() {
  std::string out;
  for (const LoweringTarget& t : lowering_targets()) out += fmt::format("{}{}", out.empty() ? "" : ", ", t.name);
  return out;
}

std::vector<std::string> differences(const Lowering& l, const MatrixCell& cell) {
  std::vector<std::string> out;
  if (!cell.without_pcie) return out;
  for (const auto* e : {&*cell.without_pcie, &*cell.with_pcie}) {
    std::string d = disagreement(l, e->outcome);
    if (d.empty()) continue;
    if (cell.pcie_matters()) d += e == &*cell.without_pcie ? " (without PCIe atomics)" : " (with PCIe atomics)";
    if (std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
  }
  return out;
}

}  // namespace

const LoweringTarget& lowering_target_named(const std::string& text) {
  if (const LoweringTarget* t = find_lowering_target(text)) return *t;
  throw support::InputError(
      fmt::format("--target {}: expected one of: {} (or a product or column name of one of them: "
                  "MI300X, MI250X, gfx11 dGPU …)",
                  text, target_names()));
}

const Device& lowering_device(const LoweringTarget& target, const std::string& target_text,
                              const std::string& device_text) {
  const std::vector<DeviceId> devices = target_devices(target);
  if (devices.empty())
    throw support::InputError(fmt::format("--target {}: no device of AMD's tables is a {}", target_text, target.name));
  if (device_text.empty()) {
    const DeviceName named = find_device(target_text);
    for (const DeviceId id : devices)
      if (named.devices.size() == 1 && named.devices.front() == id) return device(id);
    return device(devices.front());
  }
  const DeviceId id = device_named("--device", device_text);
  if (std::find(devices.begin(), devices.end(), id) != devices.end()) return device(id);
  std::string valid;
  for (const DeviceId d : devices) valid += fmt::format("{}\"{}\"", valid.empty() ? "" : " or ", device(d).name);
  throw support::InputError(
      fmt::format("--device {}: not a {} device; {} is {}", device_text, target.name, target.name, valid));
}

std::vector<HipAtomic> hip_atomics(const HipAtomic& base, bool all, const std::string& op_text,
                                   const std::string& type_text) {
  std::vector<HipAtomic> atomics;
  if (all) {
    for (const auto& op : hip_op_spellings())
      for (const auto& type : hip_type_spellings())
        if (valid(op.value, type.value))
          atomics.push_back({op.value, type.value, base.scope, base.memory, base.returned});
    return atomics;
  }
  HipAtomic one = base;
  one.op = parse_spelling("--op", op_text, hip_op_spellings());
  one.type = parse_spelling("--type", type_text, hip_type_spellings());
  if (!valid(one.op, one.type))
    throw support::InputError(
        fmt::format("--op {} with --type {}: HIP has no such atomic (and/or/xor take integers; inc/dec take "
                    "u32 or u64; the packed types only add)",
                    name(one.op), name(one.type)));
  return {one};
}

LoweringAnswer lowering_answer(const LoweringTarget& target, const Device& device, const HipAtomic& atomic,
                               const CompileFlags& flags, Memory location) {
  LoweringAnswer a{atomic, lower(target, atomic, flags), matrix_cell(device, atomic, flags, location), {}};
  a.differences = differences(a.lowering, a.cell);
  return a;
}

std::string matrix_outcome_text(const MatrixCell& cell) {
  if (!cell.without_pcie) return "no cell: " + cell.why;
  if (!cell.pcie_matters()) return std::string(label(cell.without_pcie->outcome));
  return fmt::format("{} with PCIe atomics, {} without", label(cell.with_pcie->outcome),
                     label(cell.without_pcie->outcome));
}

std::string flags_text(const CompileFlags& f) {
  std::string out;
  if (f.unsafe_fp_atomics) out += " -munsafe-fp-atomics";
  if (f.flush_denormals) out += " -fgpu-flush-denormals-to-zero";
  if (f.fine_grained) out += " fine-grained memory";
  return out.empty() ? "none" : out.substr(1);
}

std::string lowering_text(const LoweringTarget& target, const Device& device, const CompileFlags& flags,
                          const LoweringAnswer& a) {
  std::string out;
  fmt::format_to(std::back_inserter(out), "{} · {} {} · {} scope · {} memory · result {} · flags: {}\n", target.name,
                 name(a.atomic.op), name(a.atomic.type), name(a.atomic.scope), name(a.atomic.memory),
                 a.atomic.returned ? "returned" : "unused", flags_text(flags));
  fmt::format_to(std::back_inserter(out), "clang-19 (LLVM 19's rules): {} {}\n", name(a.lowering.kind),
                 a.lowering.instruction);
  fmt::format_to(std::back_inserter(out), "  rule {}: {}\n", name(a.lowering.rule), a.lowering.reason);
  for (const std::string& n : a.lowering.notes) fmt::format_to(std::back_inserter(out), "  note: {}\n", n);
  if (a.cell.without_pcie) {
    const Explanation& e = *a.cell.without_pcie;
    fmt::format_to(std::back_inserter(out), "matrix ({} · {} · HW atomics · {} · {} · {} scope): {}\n", device.name,
                   e.request.label, name(e.selectors.memory), name(e.selectors.granularity), name(e.selectors.scope),
                   matrix_outcome_text(a.cell));
  } else {
    fmt::format_to(std::back_inserter(out), "matrix ({}): {}\n", device.name, matrix_outcome_text(a.cell));
  }
  if (!a.cell.without_pcie) return out;
  if (a.differences.empty())
    fmt::format_to(std::back_inserter(out), "the compiler and the matrix agree: {}\n",
                   a.lowering.kind == LoweringKind::cas_loop      ? "a CAS loop"
                   : a.lowering.kind == LoweringKind::unavailable ? "no hardware instruction"
                                                                  : "the hardware instruction");
  for (const auto* e : {&*a.cell.without_pcie, &*a.cell.with_pcie})
    if (!correct_at_requested_scope(e->outcome)) {
      // The same path is no promise of a correct result: NOP fails, Scope Downgrade is weaker.
      fmt::format_to(std::back_inserter(out),
                     "but the matrix says {}: the atomic does not give the correct result at the requested scope\n",
                     label(e->outcome));
      break;
    }
  for (const std::string& d : a.differences) fmt::format_to(std::back_inserter(out), "DIFFERENT: {}\n", d);
  return out;
}

std::string lowering_table(const LoweringTarget& target, const Device& device, const HipAtomic& base,
                           const CompileFlags& flags, const std::vector<LoweringAnswer>& answers) {
  std::string out;
  fmt::format_to(std::back_inserter(out), "{} · {} scope · {} memory · result {} · flags: {} · matrix: {}\n",
                 target.name, name(base.scope), name(base.memory), base.returned ? "returned" : "unused",
                 flags_text(flags), device.name);
  size_t instruction_width = std::string_view("instruction").size();
  for (const LoweringAnswer& x : answers)
    instruction_width = std::max(instruction_width, x.lowering.instruction.size());
  const auto row = [&](std::string_view op, std::string_view type, std::string_view kind, std::string_view instruction,
                       std::string_view rule, std::string_view matrix, std::string_view mark) {
    fmt::format_to(std::back_inserter(out), "  {:<9}{:<5}{:<12}{:<{}}  {:<28}{}{}\n", op, type, kind, instruction,
                   instruction_width, rule, matrix, mark);
  };
  row("op", "type", "lowering", "instruction", "rule", "matrix", "");
  int differ = 0;
  for (const LoweringAnswer& x : answers) {
    const std::string matrix = x.cell.without_pcie ? matrix_outcome_text(x.cell) : std::string("—");
    row(name(x.atomic.op), name(x.atomic.type), name(x.lowering.kind), x.lowering.instruction, name(x.lowering.rule),
        matrix, x.differences.empty() ? "" : "  ← DIFFERENT");
    if (!x.differences.empty()) ++differ;
  }
  if (base.memory == AddressSpace::lds)
    fmt::format_to(std::back_inserter(out), "LDS: AMD's tables have no cell to set beside these\n");
  else
    fmt::format_to(std::back_inserter(out), "{} of {} atomics: the compiler and the matrix differ\n", differ,
                   answers.size());
  return out;
}

}  // namespace gpuatom::amd
