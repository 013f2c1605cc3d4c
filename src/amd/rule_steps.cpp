#include "rule_steps.hpp"

#include <fmt/format.h>

namespace gpuatom::amd::detail {

std::optional<Place> first_lacking(const Case& c, const Row& row) {
  for (const Place place : c.path.stages)
    if (support(c.device, place, row, c.selectors.pcie, c.options) == Support::none) return place;
  return std::nullopt;
}

Support at_executing_stage(const Case& c, const Row& row) {
  return support(c.device, c.path.executing(), row, c.selectors.pcie, c.options);
}

std::string stage_phrase(Place place, const Row& row) {
  if (place == Place::pcie) return fmt::format("PCIe ({})", name(row.pcie));
  return fmt::format("the {}", name(place));
}

std::string pcie_lack_reason(const Case& c, const Row& row) {
  if (c.selectors.pcie == PcieAtomics::unsupported) return "the system has no PCIe atomics";
  if (row.kind == RowKind::sub) return "no PCIe AtomicOp carries atomicSub (AMD's tables; amd.sub-pcie=none)";
  return fmt::format("PCIe AtomicOps are FetchAdd, Swap and CAS only; {} is none of them", row.label);
}

Basis pcie_lack_basis(const Case& c, const Row& row) {
  if (c.selectors.pcie == PcieAtomics::unsupported) return Basis::page;
  if (row.kind == RowKind::sub) return Basis::tables;
  return Basis::decision;
}

Firing fire(RuleId rule, std::string reason, Source source, Basis basis, std::optional<Outcome> outcome,
            std::vector<std::string_view> switches) {
  return {rule, std::move(reason), source, basis, std::move(switches), outcome};
}

}  // namespace gpuatom::amd::detail
