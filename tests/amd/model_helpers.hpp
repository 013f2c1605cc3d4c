// Short ways for the AMD model tests to name a case and read its outcome.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/amd/evaluate.hpp"

namespace amd_test {

using namespace gpuatom::amd;

inline constexpr auto hw = Strategy::hw_atomics;
inline constexpr auto cas = Strategy::cas_emulation;
inline constexpr auto no_pcie = PcieAtomics::unsupported;
inline constexpr auto with_pcie = PcieAtomics::supported;
inline constexpr auto coarse = Granularity::coarse;
inline constexpr auto fine = Granularity::fine;
inline constexpr auto device_scope = Scope::device;
inline constexpr auto system_scope = Scope::system;
inline constexpr auto device_dram = Memory::device_dram;
inline constexpr auto migratable = Memory::migratable_host_dram;
inline constexpr auto pinned = Memory::pinned_host_dram;
inline constexpr Memory host_memories[] = {Memory::migratable_host_dram, Memory::pinned_host_dram};
inline constexpr Memory all_memories[] = {Memory::device_dram, Memory::migratable_host_dram, Memory::pinned_host_dram};
inline constexpr Scope both_scopes[] = {Scope::device, Scope::system};
inline constexpr PcieAtomics both_pcie[] = {PcieAtomics::unsupported, PcieAtomics::supported};
inline constexpr Strategy both_strategies[] = {Strategy::hw_atomics, Strategy::cas_emulation};

inline const Row& row(std::string_view label) {
  const auto index = find_row(label);
  if (!index) throw std::invalid_argument(std::string("no row ") + std::string(label));
  return rows()[*index];
}

inline Selectors at(Memory m, Granularity g, Scope s, PcieAtomics p = no_pcie, Strategy st = hw) {
  return {st, p, m, g, s};
}

inline Explanation explain(DeviceId d, std::string_view row_label, Selectors s, const ModelOptions& o = {}) {
  return evaluate(device(d), row(row_label), s, o);
}

inline Outcome outcome(DeviceId d, std::string_view row_label, Selectors s, const ModelOptions& o = {}) {
  return explain(d, row_label, s, o).outcome;
}

inline std::vector<const Row*> rows_of(RowGroup group) {
  std::vector<const Row*> out;
  for (const Row& r : rows())
    if (r.group == group) out.push_back(&r);
  return out;
}

// The page's "common integer and bitwise atomics".
inline std::vector<const Row*> integer_and_bitwise_rows() {
  auto out = rows_of(RowGroup::integer);
  for (const Row* r : rows_of(RowGroup::bitwise)) out.push_back(r);
  return out;
}

inline std::string describe(const Explanation& e) { return describe_case(e) + "\n" + explain_text(e); }

// Every row in `labels` has `expected` on the device at the selectors.
inline void expect_rows(DeviceId d, std::initializer_list<std::string_view> labels, Selectors s, Outcome expected,
                        const ModelOptions& o = {}) {
  for (const auto label : labels) {
    const Explanation e = explain(d, label, s, o);
    EXPECT_EQ(e.outcome, expected) << describe(e);
  }
}

inline void expect_rows(DeviceId d, const std::vector<const Row*>& list, Selectors s, Outcome expected,
                        const ModelOptions& o = {}) {
  for (const Row* r : list) {
    const Explanation e = evaluate(device(d), *r, s, o);
    EXPECT_EQ(e.outcome, expected) << describe(e);
  }
}

inline Path path_of(std::initializer_list<Place> stages) { return Path{stages}; }

}  // namespace amd_test
