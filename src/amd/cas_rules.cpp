// C1–C6 (spec/amd.md §6.4): "CAS emulation" uses the native instruction where the executing
// place supports it with a return value, and otherwise a compare-and-swap loop down the same path
// (DECISION).
#include <stdexcept>

#include <fmt/format.h>

#include "rule_steps.hpp"

namespace gpuatom::amd::detail {

namespace {

// "the L2" for a one-stage path, "every stage of IF → PCIe" otherwise.
std::string stages_phrase(const Path& path) {
  if (path.stages.size() == 1) return fmt::format("the {}", name(path.executing()));
  return fmt::format("every stage of {}", path.text());
}

bool every_stage_returns(const Case& c) {
  for (const Place place : c.path.stages)
    if (support(c.device, place, c.row, c.selectors.pcie, c.options) != Support::full) return false;
  return true;
}

// Why the row itself cannot run natively, for C2's reason.
Firing cas_loop_firing(const Case& c) {
  const int width = cas_row_for(c.row).width;
  const auto lacking = first_lacking(c, c.row);
  if (!lacking)  // every stage has it, but the executing one without return (MI100 L2)
    return fire(RuleId::c2,
                fmt::format("the {} L2 has {} only without a return value; the API needs the old value, so a "
                            "{}-bit CAS loop runs in the L2",
                            c.device.name, c.row.label, width),
                {SourceKind::spec, spec::no_return_not_native}, Basis::proposed, std::nullopt);
  std::string why;
  if (*lacking == Place::pcie)
    why = pcie_lack_reason(c, c.row);
  else if (!has_instruction(c.device, c.row, c.options))
    why = fmt::format("{} has no instruction for {}", c.device.name, c.row.label);
  else
    why = fmt::format("the {} of {} does not support {}", name(*lacking), c.device.name, c.row.label);
  return fire(RuleId::c2, fmt::format("{}: a {}-bit CAS loop travels {}", why, width, c.path.text()),
              {SourceKind::decision, decision::cas_emulation}, Basis::decision, std::nullopt);
}

Outcome cas_loop(const Case& c, std::vector<Firing>& firings) {
  firings.push_back(cas_loop_firing(c));
  const Row& cas = cas_row_for(c.row);
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
  const std::string why = pcie_lack_reason(c, cas);
  if (c.device.pcie_fallback == PcieFallback::nop) {
    firings.push_back(fire(RuleId::c4, fmt::format("{}; on {} the CAS becomes a NOP", why, c.device.name),
                           {SourceKind::page, says.pcie_unsupported}, Basis::decision, Outcome::nop));
    return Outcome::nop;
  }
  const bool system = c.selectors.scope == Scope::system;
  const Outcome outcome = system ? Outcome::scope_downgrade_cas : Outcome::cas;
  firings.push_back(fire(RuleId::c5,
                         fmt::format("{}; the PCIe controller of {} runs each CAS as a load-op-store, {}", why,
                                     c.device.name,
                                     system ? "non-atomic for the CPU: the loop works at device scope only"
                                            : "atomic for the device: CAS at device scope"),
                         {SourceKind::page, says.pcie_unsupported}, Basis::decision, outcome));
  return outcome;
}

}  // namespace

Outcome apply_cas_rules(const Case& c, std::vector<Firing>& firings) {
  if (c.row.kind == RowKind::cas) {
    firings.push_back(fire(RuleId::c6, fmt::format("{} is the emulation primitive itself: it is issued as the native instruction", c.row.label),
                           {SourceKind::spec, spec::cas_row_is_primitive}, Basis::decision, std::nullopt));
    return apply_hw_rules(c, firings);
  }
  if (every_stage_returns(c)) {
    firings.push_back(fire(RuleId::c1,
                           fmt::format("{} supports {} with a return value: no emulation needed",
                                       stages_phrase(c.path), c.row.label),
                           {SourceKind::decision, decision::cas_emulation}, Basis::decision, Outcome::native));
    return Outcome::native;
  }
  return cas_loop(c, firings);
}

}  // namespace gpuatom::amd::detail
