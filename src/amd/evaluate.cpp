#include "gpuatom/amd/evaluate.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rule_steps.hpp"

namespace gpuatom::amd {

namespace {

// gfx10's FP64 min/max exist only under the PROPOSED width reading (amd.gfx10-fminmax); only HW
// atomics depend on it, CAS emulation loops either way.
bool rests_on_gfx10_widths(const Device& device, const Row& row, const Selectors& s) {
  return device.id == DeviceId::gfx10_dgpu && s.strategy == Strategy::hw_atomics && row.width == 64 &&
         (row.kind == RowKind::fp_min || row.kind == RowKind::fp_max);
}

// atomicSub on a PCIe stage with PCIe atomics rests on the amd.sub-pcie switch when it is set to
// fetchadd; the default (no AtomicOp carries it) is what AMD's tables show.
bool rests_on_sub_over_pcie(const Row& row, const Selectors& s, const Path& path, const ModelOptions& o) {
  return row.kind == RowKind::sub && o.sub_pcie == SubOverPcie::fetch_add && s.pcie == PcieAtomics::supported &&
         path.passes(Place::pcie);
}

// Marks the row-level firings (A, H, C) that rest on a PROPOSED reading of the row.
void mark_proposed_readings(const Explanation& e, std::vector<Firing>& firings) {
  const Row& row = *e.request.row;
  std::vector<std::string_view> switches;
  if (rests_on_gfx10_widths(*e.device, row, e.selectors)) switches.push_back("amd.gfx10-fminmax");
  if (rests_on_sub_over_pcie(row, e.selectors, e.path, e.options)) switches.push_back("amd.sub-pcie");
  if (switches.empty()) return;
  for (Firing& f : firings) {
    const bool row_level = f.rule <= RuleId::a1 || (f.rule >= RuleId::h1 && f.rule <= RuleId::c6);
    if (!row_level) continue;
    f.basis = Basis::proposed;
    for (const auto s : switches)
      if (std::find(f.switches.begin(), f.switches.end(), s) == f.switches.end()) f.switches.push_back(s);
  }
}

}  // namespace

Explanation evaluate(const Device& device, const AtomicRequest& request, const Selectors& selectors,
                     const ModelOptions& options) {
  Explanation e;
  e.device = &device;
  e.request = request;
  e.selectors = selectors;
  e.options = options;

  if (request.is_128_bit()) {
    e.firings.push_back(detail::fire(RuleId::a2,
                                     fmt::format("{}: AMD GPUs have no 128-bit Exchange or CAS", request.label),
                                     {SourceKind::page, page::no_128_bit}, Basis::page, Outcome::not_applicable));
    e.outcome = Outcome::not_applicable;
    return e;
  }
  const Row& row = *request.row;

  // A1: AMD's tables show ✅ CAS, never n/a, where "HW atomics" meets a row the device has no
  // instruction for: the compiler emulates it (the legend's CAS), along the same path.
  bool cas_rules = selectors.strategy == Strategy::cas_emulation;
  if (selectors.strategy == Strategy::hw_atomics && !has_instruction(device, row, options)) {
    const std::string missing = fmt::format(
        "{} has no hardware instruction for {} (neither its L2 nor its IF executes it)", device.name, row.label);
    if (options.no_hw_instruction == NoHwInstruction::not_applicable) {
      e.firings.push_back(detail::fire(RuleId::a1, missing, {SourceKind::page, page::not_applicable}, Basis::proposed,
                                       Outcome::not_applicable, {"amd.no-hw-instruction"}));
      e.outcome = Outcome::not_applicable;
      mark_proposed_readings(e, e.firings);
      return e;
    }
    e.firings.push_back(detail::fire(RuleId::a1, missing + "; the compiler emulates it with a CAS loop",
                                     {SourceKind::page, page::cas}, Basis::tables, std::nullopt,
                                     {"amd.no-hw-instruction"}));
    cas_rules = true;
  }

  Route routed = route(device, selectors, options);
  e.path = std::move(routed.path);
  e.firings.insert(e.firings.end(), routed.firings.begin(), routed.firings.end());

  const detail::Case c{device, row, selectors, options, e.path};
  Outcome outcome = cas_rules ? detail::apply_cas_rules(c, e.firings) : detail::apply_hw_rules(c, e.firings);
  mark_proposed_readings(e, e.firings);
  e.outcome = detail::apply_scope_rule(c, outcome, e.firings);
  return e;
}

}  // namespace gpuatom::amd
