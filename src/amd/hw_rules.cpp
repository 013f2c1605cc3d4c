// H1–H5 (docs/spec/amd.md §6.3): "HW atomics" issues the row's native instruction down the path.
#include <fmt/format.h>

#include <stdexcept>

#include "rule_steps.hpp"

namespace gpuatom::amd::detail {

namespace {

Outcome all_stages_support(const Case& c, std::vector<Firing>& firings) {
  const Place executing = c.path.executing();
  if (at_executing_stage(c, c.row) == Support::no_return_only) {
    firings.push_back(
        fire(RuleId::h2,
             fmt::format("the {} L2 executes {} only in a form that returns no data", c.device.name, c.row.label),
             {SourceKind::page, page::mi100_no_return}, Basis::page, Outcome::no_return));
    return Outcome::no_return;
  }
  std::string reason =
      fmt::format("{} executes {} with its hardware instruction", stage_phrase(executing, c.row), c.row.label);
  if (c.path.stages.size() > 1) reason = fmt::format("the IF forwards and {}", reason);
  firings.push_back(
      fire(RuleId::h1, std::move(reason), {SourceKind::page, page::native}, Basis::page, Outcome::native));
  return Outcome::native;
}

Outcome pcie_lacks(const Case& c, std::vector<Firing>& firings) {
  const ParagraphSentences& says = paragraph(c.device.generation);
  const Basis basis = pcie_lack_basis(c, c.row);
  if (c.device.pcie_fallback == PcieFallback::nop) {
    firings.push_back(fire(RuleId::h4,
                           fmt::format("{}; PCIe on {} turns an atomic it cannot carry into a NOP",
                                       pcie_lack_reason(c, c.row), c.device.name),
                           {SourceKind::page, says.pcie_unsupported}, basis, Outcome::nop));
    return Outcome::nop;
  }
  const bool system = c.selectors.scope == Scope::system;
  const Outcome outcome = system ? Outcome::scope_downgrade : Outcome::native;
  firings.push_back(fire(RuleId::h5,
                         fmt::format("{}; the PCIe controller of {} runs a load-op-store that {}",
                                     pcie_lack_reason(c, c.row), c.device.name,
                                     system ? "the CPU sees as non-atomic: downgraded to device scope"
                                            : "seems atomic to the device: Native at device scope"),
                         {SourceKind::page, says.pcie_unsupported}, basis, outcome));
  return outcome;
}

}  // namespace

Outcome apply_hw_rules(const Case& c, std::vector<Firing>& firings) {
  const auto lacking = first_lacking(c, c.row);
  if (!lacking) return all_stages_support(c, firings);
  switch (*lacking) {
    case Place::fabric: {
      const ParagraphSentences& says = paragraph(c.device.generation);
      firings.push_back(
          fire(RuleId::h3,
               fmt::format("the Infinity Fabric of {} does not support {}: the atomic cannot be forwarded "
                           "and becomes a NOP",
                           name(c.device.generation), c.row.label),
               {SourceKind::page, says.float_cannot_forward}, Basis::page, Outcome::nop));
      return Outcome::nop;
    }
    case Place::pcie: return pcie_lacks(c, firings);
    case Place::l2: break;
  }
  // The L2 set of every device contains its IF set, so a row with an instruction (A1 passed) is
  // never refused by the L2 first (DERIVED, docs/spec/amd.md §6.3); a test holds the data to that.
  throw std::logic_error(
      fmt::format("{}: the L2 lacks {} although the device has the instruction", c.device.name, c.row.label));
}

}  // namespace gpuatom::amd::detail
