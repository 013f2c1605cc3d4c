#include "html_amd_instructions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/amd/lowering.hpp"
#include "gpuatom/amd/outcome.hpp"
#include "gpuatom/support/text.hpp"
#include "html_legality.hpp"

namespace gpuatom::report {
namespace {

constexpr amd::HipOp hip_ops[] = {amd::HipOp::add,     amd::HipOp::sub, amd::HipOp::bit_and, amd::HipOp::bit_or,
                                  amd::HipOp::bit_xor, amd::HipOp::min, amd::HipOp::max,     amd::HipOp::exchange,
                                  amd::HipOp::cas,     amd::HipOp::inc, amd::HipOp::dec};
constexpr amd::HipType hip_types[] = {amd::HipType::u32, amd::HipType::i32, amd::HipType::u64,   amd::HipType::i64,
                                      amd::HipType::f32, amd::HipType::f64, amd::HipType::f16x2, amd::HipType::bf16x2};

// One cell: the instruction (or CAS loop), coloured as the matrix's outcomes are, with the rule,
// the matrix's word for the target's first device and any difference in its title.
std::string lowering_cell(const amd::LoweringTarget& target, const amd::HipAtomic& atomic) {
  const amd::Lowering l = amd::lower(target, atomic);
  std::string title = fmt::format("{}: {} ({})", amd::name(l.kind), l.instruction, l.reason);
  const std::vector<amd::DeviceId> devices = amd::target_devices(target);
  if (!devices.empty()) {
    const amd::Device& device = amd::device(devices.front());
    const amd::MatrixCell cell = amd::matrix_cell(device, atomic, {});
    if (cell.without_pcie) {
      title += fmt::format("\nAMD's table ({}, coarse-grained device memory): {}", device.name,
                           amd::name(cell.without_pcie->outcome));
      const std::string differs = amd::disagreement(l, cell.without_pcie->outcome);
      if (!differs.empty()) title += "\n" + differs;
    } else if (!cell.why.empty()) {
      title += "\n" + cell.why;
    }
  }
  const std::string_view css = l.kind == amd::LoweringKind::instruction ? "native"
                               : l.kind == amd::LoweringKind::cas_loop  ? "cas"
                               : l.kind == amd::LoweringKind::expanded  ? "downgrade"
                                                                        : "na";
  const std::string shown = l.kind == amd::LoweringKind::cas_loop ? "CAS loop" : l.instruction;
  return fmt::format("<td class=\"{}\" title=\"{}\"><code>{}</code></td>", css, support::html_escape(title),
                     support::html_escape(shown));
}

std::string lowering_table(amd::AddressSpace memory, std::string_view caption) {
  std::string out = fmt::format("<div class=\"scroll\"><table><caption>{}</caption><tr><th>HIP atomic</th>",
                                support::html_escape(caption));
  for (const amd::LoweringTarget& t : amd::lowering_targets())
    out += fmt::format("<th>{}</th>", support::html_escape(t.name));
  out += "</tr>";
  for (const amd::HipType type : hip_types)
    for (const amd::HipOp op : hip_ops) {
      if (!amd::valid(op, type)) continue;
      const amd::HipAtomic atomic{op, type, amd::HipScope::agent, memory, true};
      out += fmt::format("<tr><th>{} {}</th>", amd::name(op), amd::name(type));
      for (const amd::LoweringTarget& t : amd::lowering_targets()) out += lowering_cell(t, atomic);
      out += "</tr>";
    }
  return out + "</table></div>";
}

// Targets with the same atomics share a column.
std::string instruction_counts() {
  struct Column {
    std::string names;
    std::set<std::string_view> mnemonics;
  };
  std::vector<Column> columns;
  for (const amd::isa::Target& t : amd::isa::targets()) {
    std::set<std::string_view> set;
    for (const amd::isa::Encoding& e : amd::isa::encodings())
      if (e.on(t)) set.insert(e.mnemonic);
    auto same = std::find_if(columns.begin(), columns.end(), [&](const Column& c) { return c.mnemonics == set; });
    if (same == columns.end())
      columns.push_back({std::string(t.name), std::move(set)});
    else
      same->names += fmt::format(" {}", t.name);
  }
  std::map<amd::isa::InstClass, std::set<std::string_view>> by_class;
  for (const amd::isa::Encoding& e : amd::isa::encodings()) by_class[e.cls].insert(e.mnemonic);
  std::string out =
      "<div class=\"scroll\"><table><caption>Atomic mnemonics per class (canonical spellings; "
      "docs/reference/amd-isa.md lists "
      "them)</caption><tr><th>class</th>";
  for (const Column& c : columns) out += fmt::format("<th>{}</th>", support::html_escape(c.names));
  out += "</tr>";
  for (const auto& [cls, all] : by_class) {
    out += fmt::format("<tr><th>{}</th>", amd::isa::name(cls));
    for (const Column& c : columns) {
      size_t n = 0;
      std::string list;
      for (std::string_view m : all)
        if (c.mnemonics.count(m)) list += fmt::format("{}{}", n++ ? " " : "", m);
      out += n ? fmt::format("<td title=\"{}\">{}</td>", support::html_escape(list), n) : "<td class=\"n\">–</td>";
    }
    out += "</tr>";
  }
  return out + "</table></div>";
}

}  // namespace

std::string amd_instructions_section() {
  std::string out =
      "<section id=\"amd-instructions\"><h2>AMD: the instructions behind the matrix</h2><p>What clang-19 emits for "
      "each "
      "HIP atomic on each gfx target (<code>gpuatom amd lower</code>: LLVM 19's expansion rules, checked against "
      "clang-19 on every case of data/amd-lowering/), at agent scope with the value used and no flags; a cell's title "
      "gives the rule, AMD's table for the target's device, and where the two tell different stories. Green: one "
      "atomic instruction; blue: a compare-and-swap loop.</p>";
  out += lowering_table(amd::AddressSpace::global, "Global memory");
  out += lowering_table(amd::AddressSpace::lds, "LDS (__shared__)");
  out += instruction_counts();
  out +=
      "<h3>Atomic instructions per target</h3><p>Each operation and form (the mnemonic's prefix) from the encoding "
      "table <code>asm amd</code> and <code>disasm amd</code> read (<code>amd/isa/encoding_table.hpp</code>). A link "
      "may choose the view: <code>#legal-amd=gfx90a,gfx942</code>.</p>";
  out += amd_legality();
  return out + "</section>";
}

}  // namespace gpuatom::report
