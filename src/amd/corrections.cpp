#include "gpuatom/amd/corrections.hpp"

#include <fmt/format.h>

#include <array>
#include <map>
#include <set>
#include <vector>

#include "gpuatom/amd/evaluate.hpp"
#include "gpuatom/amd/matrix.hpp"
#include "gpuatom/amd/sources.hpp"

namespace gpuatom::amd {

namespace {

constexpr std::string_view coarse_in_l2 =
    "Coarse-grained memory is marked as cacheable, and atomic operations will be processed in the L2 cache.";

constexpr std::array<Correction, 7> list = {{
    {"1 CAS strategy", "C1",
     "C1 NATIVE-AT-PLACE: under CAS emulation a row every stage executes natively stays ✅ Native",
     "C1 CAS-EMULATION: every row but atomicCAS is a CAS loop (✅ CAS where the CAS reaches, the NOP and "
     "load-op-store rules C4, C5 otherwise); atomicCAS stays the native primitive (C6)",
     page::cas_emulation_selector},
    {"2 scope downgrade", "S1",
     "S1 COARSE-SYSTEM-DOWNGRADE: coarse-grained memory at system scope turns Native, NoReturn and CAS into "
     "⚠️ Scope Downgrade (- CAS); switch amd.noreturn-downgrade for NoReturn",
     "S1 COARSE-SYSTEM-SCOPE: the tables mark coarse system scope exactly as device scope on every device; S1 "
     "records the programming model's caveat and keeps the outcome. The only ⚠️ left is the PCIe load-op-store "
     "(H5, C5). amd.noreturn-downgrade is gone",
     page::coarse_downgrade},
    {"2 scope downgrade", "P1, P2",
     "P1 before P2: MI300 coarse-grained host memory goes to the IF and PCIe, where MI300X's load-op-store "
     "downgrades system scope",
     "P2 before P1 (amd.mi300-coarse-place=l2 by default): MI300 coarse-grained memory stays in the L2, with the "
     "IF's capability set and no PCIe stage",
     coarse_in_l2},
    {"3 HW strategy", "A1, C2–C5",
     "A1 NO-HW-INSTRUCTION: with HW atomics a row the device has no instruction for is n/a",
     "A1: the compiler emulates it with a CAS loop down the row's path (amd.no-hw-instruction=cas by default): "
     "✅ CAS, or ❌ NOP / ⚠️ Scope Downgrade - CAS where PCIe refuses the CAS",
     page::cas},
    {"4 NOP at the edges", "H4, H5 (amd.sub-pcie)",
     "PCIe FetchAdd carries atomicSub as the add of the negated operand (amd.sub-pcie=fetchadd)",
     "no PCIe AtomicOp carries atomicSub (amd.sub-pcie=none by default): ❌ NOP on the NOP devices, the "
     "load-op-store on MI300X and gfx12",
     page::pcie_nop},
    {"4 NOP at the edges", "P8", "P6: MI200 A+A reaches host memory over the Infinity Fabric under both strategies",
     "P8: under CAS emulation AMD's tables carry MI200 A+A host-memory atomics over PCIe as on MI200 PCIe "
     "(❌ NOP without PCIe atomics); the HW tables keep P6",
     page::no_pcie_atomics},
    {"4 labels at the edges", "C6", "a downgraded atomicCAS is ⚠️ Scope Downgrade under both strategies",
     "under CAS emulation the downgraded primitive reads ⚠️ Scope Downgrade - CAS, the label of the table's "
     "strategy",
     page::scope_downgrade},
}};

// The 27 rows and the two 128-bit requests, as evaluate() takes them.
std::vector<AtomicRequest> all_requests() {
  std::vector<AtomicRequest> out;
  for (const Row& row : rows()) out.push_back(AtomicRequest::of(row));
  for (const AtomicRequest& wide : requests_128_bit()) out.push_back(wide);
  return out;
}

// Every distinct source each rule's firings quote, over every cell of the 8 tables.
std::map<RuleId, std::set<std::pair<SourceKind, std::string_view>>> quoted_sources() {
  std::map<RuleId, std::set<std::pair<SourceKind, std::string_view>>> out;
  const std::vector<AtomicRequest> requests = all_requests();
  for (const TableKey& key : all_tables())
    for (const SelectorLeaf& leaf : selector_leaves())
      for (const Device& d : devices(key.family))
        for (const AtomicRequest& request : requests)
          for (const Firing& f : evaluate(d, request, selectors_for(key, leaf)).firings)
            out[f.rule].insert({f.source.kind, f.source.text});
  return out;
}

}  // namespace

std::span<const Correction> corrections() { return list; }

std::string rules_markdown() {
  std::string out =
      "## Rules\n\n"
      "Applied in the order A → P → (H or C) → S "
      "(docs/spec/amd.md §6, as corrected below). The sentences are those the "
      "rule's firings quote over the 8 tables; `gpuatom amd outcome` prints them per cell. TABLES marks a reading "
      "AMD's published tables settle where the prose is silent or reads otherwise.\n\n"
      "| rule | what it does | basis | sentences it rests on |\n|---|---|---|---|\n";
  const auto sources = quoted_sources();
  for (const RuleInfo& r : rule_catalog()) {
    std::string quotes;
    if (const auto it = sources.find(r.id); it != sources.end())
      for (const auto& [kind, text] : it->second)
        quotes += fmt::format("{}{}: “{}”", quotes.empty() ? "" : "<br>", name(kind), text);
    out += fmt::format("| {} | {} | {} | {} |\n", r.code, r.summary, tag(r.basis).empty() ? "page" : tag(r.basis),
                       quotes.empty() ? "–" : quotes);
  }
  out +=
      "\n## Corrections to docs/spec/amd.md\n\n"
      "AMD's published tables (see the agreement below) overturned these readings of docs/spec/amd.md; the model "
      "follows the tables, each rule keeping the page sentence it rests on. The issue's four disagreement "
      "rules: 1 CAS strategy, 2 scope downgrade, 3 HW strategy, 4 NOP / n/a / Native at the edges.\n\n"
      "| issue rule | rules | "
      "docs/spec/amd.md said | the model now (AMD's tables) | sentence |\n|---|---|---|---|---|\n";
  for (const Correction& c : list)
    out += fmt::format("| {} | {} | {} | {} | “{}” |\n", c.issue_rule, c.rules, c.spec_said, c.model_now, c.sentence);
  return out;
}

}  // namespace gpuatom::amd
