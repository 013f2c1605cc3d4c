#include "gpuatom/amd/rules.hpp"

#include <array>

#include "gpuatom/amd/spelling.hpp"

namespace gpuatom::amd {

namespace {

using B = Basis;
using R = RuleId;

// Corrected against AMD's published tables (issue 17): A1 emulates instead of refusing, P2 comes
// before P1, P8 is new, C1 always emulates, and S1 no longer changes the outcome.
constexpr std::array<RuleInfo, 22> catalog = {{
    {R::a1, "A1 NO-HW-INSTRUCTION",
     "HW atomics and no hardware instruction for the row on the device → the compiler emulates it with a CAS loop "
     "(C2–C5)",
     B::tables},
    {R::a2, "A2 NO-128-BIT", "128-bit Exchange or CAS → n/a", B::page},
    {R::p1, "P1 MI300-FABRIC",
     "MI300X or MI300A, fine-grained memory: every atomicRMW goes to the Infinity Fabric; continue with P5–P7",
     B::page},
    {R::p2, "P2 COARSE-L2",
     "coarse-grained memory (every device, MI300 included): the L2 executes it, whatever the requested scope",
     B::decision},
    {R::p3, "P3 GFX12-FINE-SYSTEM-MEMORY",
     "gfx12, fine-grained host memory: device scope in L2, system scope to the IF and P7", B::page},
    {R::p4, "P4 FINE-UNCACHED", "fine-grained memory is uncached: to the Infinity Fabric; continue with P5–P8",
     B::page},
    {R::p5, "P5 IF-DEVICE-MEMORY", "at the IF, Device DRAM: the path ends at the IF", B::derived},
    {R::p6, "P6 HOST-OVER-FABRIC", "at the IF, host memory of an APU or MI200 A+A: the path ends at the IF", B::page},
    {R::p7, "P7 HOST-OVER-PCIE", "at the IF, host memory of a dGPU: forwarded from the IF to PCIe", B::page},
    {R::p8, "P8 AA-CAS-OVER-PCIE",
     "CAS emulation on MI200 A+A, host memory: the tables carry it over PCIe, as on MI200 PCIe", B::tables},
    {R::h1, "H1 NATIVE", "every stage of the path supports the row → Native", B::page},
    {R::h2, "H2 NO-RETURN", "every stage supports the row, the executing one only without return → NoReturn", B::page},
    {R::h3, "H3 IF-CANNOT-FORWARD", "the first stage that lacks the row is the IF → NOP", B::page},
    {R::h4, "H4 PCIE-NOP", "the first stage that lacks the row is PCIe, on a NOP device → NOP", B::page},
    {R::h5, "H5 PCIE-LOAD-OP-STORE",
     "the first stage that lacks the row is PCIe, on a load-op-store device → Native at device scope, Scope Downgrade "
     "at system scope",
     B::page},
    {R::c1, "C1 CAS-EMULATION", "CAS emulation: every row but atomicCAS is a CAS loop, even where the row is native",
     B::page},
    {R::c2, "C2 CAS-LOOP", "a CAS loop of the row's width travels the row's path", B::decision},
    {R::c3, "C3 CAS-REACHES", "every stage supports CAS of that width → CAS", B::decision},
    {R::c4, "C4 CAS-PCIE-NOP", "PCIe does not carry the CAS, on a NOP device → NOP", B::decision},
    {R::c5, "C5 CAS-PCIE-LOAD-OP-STORE",
     "PCIe does not carry the CAS, on a load-op-store device → CAS at device scope, Scope Downgrade - CAS at system "
     "scope",
     B::decision},
    {R::c6, "C6 CAS-ROW",
     "atomicCAS is the emulation primitive itself: evaluated with H1–H5; under CAS emulation a downgrade reads Scope "
     "Downgrade - CAS",
     B::decision},
    {R::s1, "S1 COARSE-SYSTEM-SCOPE",
     "coarse-grained memory, system scope: downgraded by the programming model, which the tables do not mark; the "
     "outcome stands",
     B::tables},
}};

}  // namespace

std::string_view tag(Basis basis) {
  switch (basis) {
    case Basis::page: return "";
    case Basis::derived: return "DERIVED";
    case Basis::decision: return "DECISION";
    case Basis::proposed: return "PROPOSED";
    case Basis::tables: return "TABLES";
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
