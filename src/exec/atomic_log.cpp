#include "gpuatom/exec/atomic_log.hpp"

#include <map>

#include "gpuatom/alu/operation.hpp"

namespace gpuatom::exec {

CheckResult explain_logged(memory::DeviceMemory& initial, memory::DeviceMemory& after,
                           std::span<const std::vector<LoggedAtomic>* const> logs, const SerialSearchBudget& budget) {
  std::map<uint64_t, AddressHistory> by_address;
  for (const std::vector<LoggedAtomic>* log : logs)
    for (const LoggedAtomic& l : *log) {
      AddressHistory& h = by_address[l.address];
      if (h.atomics.empty()) {
        const unsigned width = static_cast<unsigned>(alu::width_bits(l.atomic.operation.type) / 8);
        const auto region = after.region_at(l.address);
        const auto space = region ? region->attributes.space : memory::Space::global;
        h.address = l.address;
        h.initial = initial.load(l.address, width, space).value_or(0);
        h.final_value = after.load(l.address, width, space).value_or(0);
      }
      h.atomics.push_back(l.atomic);
    }
  std::vector<AddressHistory> histories;
  histories.reserve(by_address.size());
  for (auto& [address, h] : by_address) histories.push_back(std::move(h));
  return check_serial_orders(histories, budget);
}

}  // namespace gpuatom::exec
