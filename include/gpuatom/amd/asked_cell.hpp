// One cell of AMD's tables asked of the model for a user who may leave PCIe atomics unsaid: with
// --pcie given it is that cell; left out, both settings are asked, and the answer is the one cell
// when they agree or both when PCIe atomics decide it (`amd outcome`, `amd which`, `alu amd`).
#pragma once

#include <optional>
#include <string>

#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/evaluate.hpp"
#include "gpuatom/amd/explanation.hpp"
#include "gpuatom/amd/request.hpp"

namespace gpuatom::amd {

struct AskedCell {
  Explanation with_pcie, without_pcie;  // the given setting's cell is `without_pcie`
  bool pcie_given = false;
  bool pcie_matters = false;  // left out, and the two settings differ in outcome or path
  const Explanation& chosen() const { return pcie_given || !pcie_matters ? without_pcie : with_pcie; }
};

// `pcie` empty: the user left it out.
AskedCell ask_cell(const Device& device, const AtomicRequest& request, Selectors selectors,
                   std::optional<PcieAtomics> pcie, const ModelOptions& options);

// support::InputError when PCIe atomics decide the cell: both outcomes named, --pcie asked for.
void refuse_pcie_matters(const Device& device, const AskedCell& cell);

// What AMD's published tables say of `e`'s cell beside the model, in words, or "" when they agree
// (the device is on them and the cell is no known anomaly).
std::string published_note(const Explanation& e);

}  // namespace gpuatom::amd
