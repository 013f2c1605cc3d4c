#include "gpuatom/amd/path.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace gpuatom::amd {

namespace {

Firing fire(RuleId rule, std::string reason, Source source, Basis basis, std::vector<std::string_view> switches = {}) {
  return {rule, std::move(reason), source, basis, std::move(switches), std::nullopt};
}

// P5–P8: the atomic has reached the Infinity Fabric; where does it end?
void from_fabric(const Device& device, const Selectors& s, Route& r) {
  r.path.stages.push_back(Place::fabric);
  if (!is_host_memory(s.memory)) {
    r.firings.push_back(fire(RuleId::p5, "Device DRAM sits on the fabric's memory side: the IF executes the atomic",
                             {SourceKind::spec, spec::device_memory_at_fabric}, Basis::derived));
    return;
  }
  // P8: AMD's CAS-emulation tables show MI200 A+A host memory as MI200 PCIe's (❌ NOP without PCIe
  // atomics, ✅ CAS with them), while its HW tables follow the A+A sentence (P6).
  if (device.kind == DeviceKind::aa_system && s.strategy == Strategy::cas_emulation) {
    r.path.stages.push_back(Place::pcie);
    r.firings.push_back(fire(RuleId::p8,
                             fmt::format("{}: under CAS emulation AMD's tables carry host-memory atomics over PCIe, "
                                         "as on MI200 PCIe",
                                         device.name),
                             {SourceKind::page, page::no_pcie_atomics}, Basis::tables));
    return;
  }
  if (!reaches_host_over_pcie(device)) {
    if (device.kind == DeviceKind::aa_system)
      r.firings.push_back(fire(RuleId::p6,
                               fmt::format("{}: host memory is the remote location over the Infinity Fabric, which "
                                           "executes the atomic",
                                           device.name),
                               {SourceKind::page, page::mi200_aa_remote}, Basis::page));
    else
      r.firings.push_back(fire(RuleId::p6,
                               fmt::format("{} is an APU: host memory is reached over the Infinity Fabric, with no "
                                           "PCIe stage",
                                           device.name),
                               {SourceKind::decision, decision::apu_host_over_fabric}, Basis::decision));
    return;
  }
  r.path.stages.push_back(Place::pcie);
  r.firings.push_back(
      fire(RuleId::p7, fmt::format("{} is a dGPU: {} is reached from the IF over PCIe", device.name, name(s.memory)),
           {SourceKind::page, paragraph(device.generation).host_over_pcie}, Basis::page));
}

}  // namespace

bool Path::passes(Place place) const { return std::find(stages.begin(), stages.end(), place) != stages.end(); }

std::string Path::text() const {
  if (stages.empty()) return "–";
  std::string out;
  for (const Place p : stages) {
    if (!out.empty()) out += " → ";
    out += name(p);
  }
  return out;
}

Route route(const Device& device, const Selectors& s, const ModelOptions& options) {
  Route r;
  const bool coarse = s.granularity == Granularity::coarse;
  const bool mi300_coarse_at_fabric = options.mi300_coarse_place == Mi300CoarsePlace::fabric;

  // P2 before P1: AMD's tables keep MI300 coarse-grained memory in the L2 like every other device
  // (no PCIe stage, no load-op-store downgrade); amd.mi300-coarse-place=fabric restores P1 first.
  if (forwards_atomics_to_fabric(device) && (!coarse || mi300_coarse_at_fabric)) {
    if (coarse)
      r.firings.push_back(fire(RuleId::p1,
                               fmt::format("{} forwards every atomicRMW to the Infinity Fabric, coarse-grained memory "
                                           "included (P1 before P2)",
                                           device.name),
                               {SourceKind::spec, spec::mi300_before_coarse}, Basis::proposed,
                               {"amd.mi300-coarse-place"}));
    else
      r.firings.push_back(fire(RuleId::p1,
                               fmt::format("{} forwards every atomicRMW to the Infinity Fabric", device.name),
                               {SourceKind::page, page::mi300_all_to_fabric}, Basis::page));
    from_fabric(device, s, r);
    return r;
  }

  if (coarse) {
    r.path.stages.push_back(Place::l2);
    if (forwards_atomics_to_fabric(device))
      r.firings.push_back(
          fire(RuleId::p2,
               fmt::format("{}: coarse-grained memory stays in the L2, which has the IF's capability set", device.name),
               {SourceKind::spec, spec::mi300_coarse_in_l2}, Basis::tables, {"amd.mi300-coarse-place"}));
    else
      r.firings.push_back(fire(
          RuleId::p2, "coarse-grained memory is cacheable: the L2 executes the atomic, whatever the requested scope",
          {SourceKind::page, paragraph(device.generation).coarse_in_l2}, Basis::decision));
    return r;
  }

  if (caches_fine_grained_host_memory(device) && is_host_memory(s.memory)) {
    if (s.scope == Scope::device) {
      r.path.stages.push_back(Place::l2);
      r.firings.push_back(fire(RuleId::p3,
                               "gfx12 caches fine-grained system memory: a device-scope atomic is processed in the L2",
                               {SourceKind::page, page::gfx12_device_scope_l2}, Basis::page));
      return r;
    }
    r.firings.push_back(fire(RuleId::p3,
                             "gfx12 caches fine-grained system memory, but a system-scope atomic bypasses the L2 to "
                             "the Infinity Fabric",
                             {SourceKind::page, page::gfx12_system_scope_bypass}, Basis::page));
    from_fabric(device, s, r);
    return r;
  }

  r.firings.push_back(fire(RuleId::p4,
                           fmt::format("fine-grained memory is uncached on {}: the atomic is forwarded to the Infinity "
                                       "Fabric",
                                       name(device.generation)),
                           {SourceKind::page, paragraph(device.generation).fabric_forward}, Basis::page));
  from_fabric(device, s, r);
  return r;
}

}  // namespace gpuatom::amd
