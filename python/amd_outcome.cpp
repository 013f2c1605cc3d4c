#include "amd_outcome.hpp"

#include <fmt/format.h>

#include <optional>

#include "gpuatom/amd/asked_cell.hpp"
#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/request.hpp"
#include "gpuatom/amd/rows.hpp"
#include "gpuatom/amd/spelling.hpp"
#include "gpuatom/report/amd_outcome_report.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::python {

namespace {

using support::InputError;

const std::string& given(const char* flag, const std::string& value) {
  if (value.empty()) throw InputError(fmt::format("missing {}: the cell's selectors", flag));
  return value;
}

// The op as `amd outcome --op` reads it, with its message.
amd::AtomicRequest read_request(const std::string& text) {
  if (const auto request = amd::find_request(text)) return *request;
  throw InputError(amd::unknown_request_message(text));
}

}  // namespace

std::string amd_outcome_json(const OutcomeRequest& r) {
  const amd::Device& device = amd::device(amd::device_named("--device", r.device));
  const amd::AtomicRequest request = read_request(r.op);
  amd::ModelOptions options;
  for (const auto& entry : r.switches)
    if (auto error = amd::set_switch(options, entry.first, entry.second)) throw InputError(*error);
  amd::Selectors selectors;
  selectors.strategy = amd::parse_spelling("--strategy", r.strategy, amd::strategy_spellings());
  selectors.memory = amd::parse_spelling("--memory", given("--memory", r.memory), amd::memory_spellings());
  selectors.granularity =
      amd::parse_spelling("--granularity", given("--granularity", r.granularity), amd::granularity_spellings());
  selectors.scope = amd::parse_spelling("--scope", given("--scope", r.scope), amd::scope_spellings());
  const std::optional<amd::PcieAtomics> pcie =
      r.pcie.empty() ? std::nullopt : std::optional(amd::parse_spelling("--pcie", r.pcie, amd::pcie_spellings()));
  const amd::AskedCell cell = amd::ask_cell(device, request, selectors, pcie, options);
  amd::refuse_pcie_matters(device, cell);
  return report::amd_outcome_json(cell);
}

}  // namespace gpuatom::python
