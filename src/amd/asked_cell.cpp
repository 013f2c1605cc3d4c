#include "gpuatom/amd/asked_cell.hpp"

#include <fmt/format.h>

#include "gpuatom/amd/known_anomalies.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::amd {

AskedCell ask_cell(const Device& device, const AtomicRequest& request, Selectors selectors,
                   std::optional<PcieAtomics> pcie, const ModelOptions& options) {
  AskedCell cell;
  cell.pcie_given = pcie.has_value();
  if (pcie) {
    selectors.pcie = *pcie;
    cell.without_pcie = evaluate(device, request, selectors, options);
    return cell;
  }
  selectors.pcie = PcieAtomics::unsupported;
  cell.without_pcie = evaluate(device, request, selectors, options);
  selectors.pcie = PcieAtomics::supported;
  cell.with_pcie = evaluate(device, request, selectors, options);
  cell.pcie_matters = cell.with_pcie.outcome != cell.without_pcie.outcome ||
                      cell.with_pcie.path.stages != cell.without_pcie.path.stages;
  return cell;
}

void refuse_pcie_matters(const Device& device, const AskedCell& cell) {
  if (!cell.pcie_matters) return;
  throw support::InputError(
      fmt::format("--pcie decides this cell on {}: {} with PCIe atomics, {} without; give --pcie yes or no",
                  device.name, label(cell.with_pcie.outcome), label(cell.without_pcie.outcome)));
}

std::string published_note(const Explanation& e) {
  if (!e.device->published)
    return fmt::format("{} is not on {}: its outcome rests on ASSUMPTION amd.mi350x-as-mi300x", e.device->name,
                       published_source);
  if (e.request.is_128_bit()) return "";
  if (const KnownAnomaly* a = published_difference(*e.device, e.request.label, e.selectors))
    return fmt::format("{} say {} here; the model keeps {}: {}", published_source, a->amd_says, label(e.outcome),
                       a->why);
  return "";
}

}  // namespace gpuatom::amd
