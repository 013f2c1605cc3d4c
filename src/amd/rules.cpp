#include "gpuatom/amd/rules.hpp"

#include <array>

#include "gpuatom/amd/spelling.hpp"

namespace gpuatom::amd {

namespace {

using B = Basis;
using R = RuleId;

constexpr std::array<RuleInfo, 21> catalog = {{
    {R::a1, "A1 NO-HW-INSTRUCTION", "HW atomics and no hardware instruction for the row on the device → n/a", B::proposed},
    {R::a2, "A2 NO-128-BIT", "128-bit Exchange or CAS → n/a", B::page},
    {R::p1, "P1 MI300-FABRIC", "MI300X or MI300A: every atomicRMW goes to the Infinity Fabric; continue with P5–P7", B::page},
    {R::p2, "P2 COARSE-L2", "coarse-grained memory: the L2 executes it, whatever the requested scope", B::decision},
    {R::p3, "P3 GFX12-FINE-SYSTEM-MEMORY", "gfx12, fine-grained host memory: device scope in L2, system scope to the IF and P7", B::page},
    {R::p4, "P4 FINE-UNCACHED", "fine-grained memory is uncached: to the Infinity Fabric; continue with P5–P7", B::page},
    {R::p5, "P5 IF-DEVICE-MEMORY", "at the IF, Device DRAM: the path ends at the IF", B::derived},
    {R::p6, "P6 HOST-OVER-FABRIC", "at the IF, host memory of an APU or MI200 A+A: the path ends at the IF", B::page},
    {R::p7, "P7 HOST-OVER-PCIE", "at the IF, host memory of a dGPU: forwarded from the IF to PCIe", B::page},
    {R::h1, "H1 NATIVE", "every stage of the path supports the row → Native", B::page},
    {R::h2, "H2 NO-RETURN", "every stage supports the row, the executing one only without return → NoReturn", B::page},
    {R::h3, "H3 IF-CANNOT-FORWARD", "the first stage that lacks the row is the IF → NOP", B::page},
    {R::h4, "H4 PCIE-NOP", "the first stage that lacks the row is PCIe, on a NOP device → NOP", B::page},
    {R::h5, "H5 PCIE-LOAD-OP-STORE", "the first stage that lacks the row is PCIe, on a load-op-store device → Native at device scope, Scope Downgrade at system scope", B::page},
    {R::c1, "C1 NATIVE-AT-PLACE", "every stage supports the row with a returning form → Native", B::decision},
    {R::c2, "C2 CAS-LOOP", "otherwise a CAS loop of the row's width travels the same path", B::decision},
    {R::c3, "C3 CAS-REACHES", "every stage supports CAS of that width → CAS", B::decision},
    {R::c4, "C4 CAS-PCIE-NOP", "PCIe does not carry the CAS, on a NOP device → NOP", B::decision},
    {R::c5, "C5 CAS-PCIE-LOAD-OP-STORE", "PCIe does not carry the CAS, on a load-op-store device → CAS at device scope, Scope Downgrade - CAS at system scope", B::decision},
    {R::c6, "C6 CAS-ROW", "atomicCAS is the emulation primitive itself: evaluated with H1–H5", B::decision},
    {R::s1, "S1 COARSE-SYSTEM-DOWNGRADE", "coarse-grained memory, system scope: Native or NoReturn → Scope Downgrade, CAS → Scope Downgrade - CAS", B::page},
}};

}  // namespace

std::string_view tag(Basis basis) {
  switch (basis) {
    case Basis::page: return "";
    case Basis::derived: return "DERIVED";
    case Basis::decision: return "DECISION";
    case Basis::proposed: return "PROPOSED";
  }
  return "?";
}

std::span<const RuleInfo> rule_catalog() { return catalog; }
const RuleInfo& rule_info(RuleId id) { return catalog[static_cast<size_t>(id)]; }

std::optional<RuleId> find_rule(std::string_view code) {
  for (const RuleInfo& r : catalog)
    if (same_spelling(code, r.code) || same_spelling(code, r.code.substr(0, 2))) return r.id;
  return std::nullopt;
}

}  // namespace gpuatom::amd
