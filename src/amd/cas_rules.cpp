// C1–C6 (docs/spec/amd.md §6.4, corrected by AMD's published tables): a CAS loop of the row's width
// travels the row's path. "CAS emulation" loops for every row but atomicCAS, native or not (C1);
// "HW atomics" loops only where the device has no instruction (A1).
#include <fmt/format.h>

#include <stdexcept>

#include "rule_steps.hpp"

namespace gpuatom::amd::detail {

namespace {

// "the L2" for a one-stage path, "every stage of IF → PCIe" otherwise.
std::string stages_phrase(const Path& path) {
  if (path.stages.size() == 1) return fmt::format("the {}", name(path.executing()));
  return fmt::format("every stage of {}", path.text());
}

bool emulation_selected(const Case& c) { return c.selectors.strategy == Strategy::cas_emulation; }

Outcome cas_loop(const Case& c, std::vector<Firing>& firings) {
  const Row& cas = cas_row_for(c.row);
  const std::string why = emulation_selected(c)
                              ? fmt::format("the software emulates {}", c.row.label)
                              : fmt::format("{} has no instruction for {}", c.device.name, c.row.label);
  firings.push_back(fire(RuleId::c2, fmt::format("{}: a {}-bit CAS loop travels {}", why, cas.width, c.path.text()),
                         {SourceKind::page, page::cas}, Basis::decision, std::nullopt));
  const auto lacking = first_lacking(c, cas);
  if (!lacking) {
    firings.push_back(fire(RuleId::c3,
                           fmt::format("{} supports the {}-bit CAS: the loop computes the correct result",
                                       stages_phrase(c.path), cas.width),
                           {SourceKind::page, page::cas}, Basis::decision, Outcome::cas));
    return Outcome::cas;
  }
  // L2 and IF support CAS on every device; only PCIe can refuse it.
  if (*lacking != Place::pcie)
    throw std::logic_error(fmt::format("{}: the {} lacks CAS", c.device.name, name(*lacking)));
  const ParagraphSentences& says = paragraph(c.device.generation);
  const std::string lack = pcie_lack_reason(c, cas);
  if (c.device.pcie_fallback == PcieFallback::nop) {
    firings.push_back(fire(RuleId::c4, fmt::format("{}; on {} the CAS becomes a NOP", lack, c.device.name),
                           {SourceKind::page, says.pcie_unsupported}, Basis::decision, Outcome::nop));
    return Outcome::nop;
  }
  const bool system = c.selectors.scope == Scope::system;
  const Outcome outcome = system ? Outcome::scope_downgrade_cas : Outcome::cas;
  firings.push_back(
      fire(RuleId::c5,
           fmt::format("{}; the PCIe controller of {} runs each CAS as a load-op-store, {}", lack, c.device.name,
                       system ? "non-atomic for the CPU: the loop works at device scope only"
                              : "atomic for the device: CAS at device scope"),
           {SourceKind::page, says.pcie_unsupported}, Basis::decision, outcome));
  return outcome;
}

// atomicCAS under either strategy: the primitive itself, issued natively down the path. The
// CAS-emulation tables label its load-op-store downgrade "Scope Downgrade - CAS" (the table's own
// strategy), the HW tables "Scope Downgrade".
Outcome cas_row(const Case& c, std::vector<Firing>& firings) {
  firings.push_back(
      fire(RuleId::c6,
           fmt::format("{} is the emulation primitive itself: it is issued as the native instruction", c.row.label),
           {SourceKind::spec, spec::cas_row_is_primitive}, Basis::decision, std::nullopt));
  const Outcome outcome = apply_hw_rules(c, firings);
  if (outcome != Outcome::scope_downgrade || !emulation_selected(c)) return outcome;
  firings.push_back(fire(RuleId::c6,
                         "under CAS emulation the tables label the downgraded primitive Scope Downgrade - CAS",
                         {SourceKind::page, page::scope_downgrade}, Basis::tables, Outcome::scope_downgrade_cas));
  return Outcome::scope_downgrade_cas;
}

}  // namespace

Outcome apply_cas_rules(const Case& c, std::vector<Firing>& firings) {
  if (c.row.kind == RowKind::cas) return cas_row(c, firings);
  if (emulation_selected(c))
    firings.push_back(
        fire(RuleId::c1,
             fmt::format("CAS emulation: the software runs {} as a CAS loop, native instruction or not", c.row.label),
             {SourceKind::page, page::cas_emulation_selector}, Basis::page, std::nullopt));
  return cas_loop(c, firings);
}

}  // namespace gpuatom::amd::detail
