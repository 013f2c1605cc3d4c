#include "html_legality.hpp"

#include <fmt/format.h>

#include <map>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/intel/lsc.hpp"
#include "gpuatom/intel/platform.hpp"
#include "gpuatom/intel/text/spelling.hpp"
#include "gpuatom/intel/validator.hpp"
#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/opcodes.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "html_json.hpp"

namespace gpuatom::report {

namespace {

// One table of facts: rows × columns, each cell the targets that have it, as a string of '0' and
// '1' in the targets' order. Rows and columns no target has are left out.
class Grid {
 public:
  explicit Grid(std::string title) : title_(std::move(title)) {}

  void add(const std::string& row, const std::string& column, const std::string& targets) {
    if (targets.find('1') == std::string::npos) return;
    cells_.push_back({index(rows_, row), index(columns_, column), targets});
  }

  nlohmann::json to_json() const {
    nlohmann::json cells = nlohmann::json::array();
    for (const Cell& c : cells_) cells.push_back({c.row, c.column, c.targets});
    return {{"title", title_}, {"rows", rows_}, {"cols", columns_}, {"cells", cells}};
  }

 private:
  struct Cell {
    size_t row, column;
    std::string targets;
  };
  static size_t index(std::vector<std::string>& names, const std::string& name) {
    for (size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return i;
    names.push_back(name);
    return names.size() - 1;
  }
  std::string title_;
  std::vector<std::string> rows_, columns_;
  std::vector<Cell> cells_;
};

// The targets (in order) for which `has` holds, as Grid::add takes them.
template <class Target, class Has>
std::string mask(std::span<const Target> targets, Has has) {
  std::string out;
  for (const Target& t : targets) out += has(t) ? '1' : '0';
  return out;
}

// --- NVIDIA: the op × size table of the architecture's dialect, and the forms it has ---------

// What `alu nvidia --arch` and `check sass --arch` accept: the op × size table of the dialect the
// architecture's tools print, the size forms its generation has (validator.hpp), ATOM.CAST.SPIN
// from its generation on, and on SPA 5.0 a size code that names the size there (opcodes.hpp).
bool nvidia_has(nvidia::Architecture arch, nvidia::Family family, nvidia::AtomOp op, nvidia::Size size) {
  using namespace nvidia;
  const Dialect dialect = is_spa5(arch) ? Dialect::spa5 : Dialect::modern;
  if (!legal(family, dialect, op, size) || missing_size_form(arch, size)) return false;
  if (op == AtomOp::CAST_SPIN && family == Family::ATOM && !has(arch, Feature::atom_cast_spin)) return false;
  if (dialect == Dialect::modern) return true;
  const SizeField field = family == Family::ATOMS                               ? SizeField::shared
                          : family == Family::SUATOM || family == Family::SURED ? SizeField::surface
                                                                                : SizeField::atom;
  return size_code(field, size, arch).has_value();
}

nlohmann::json nvidia_facts() {
  using namespace nvidia;
  nlohmann::json targets = nlohmann::json::array();
  for (const Architecture a : architectures()) targets.push_back(name(a));
  nlohmann::json grids = nlohmann::json::array();
  for (const Family family : {Family::ATOM, Family::ATOMS, Family::RED, Family::SUATOM, Family::SURED}) {
    Grid grid(std::string(name(family)));
    for (const OpInfo& o : op_table())
      for (const SizeInfo& s : size_table())
        grid.add(std::string(o.name), std::string(size_name(s.size)),
                 mask(architectures(), [&](Architecture a) { return nvidia_has(a, family, o.op, s.size); }));
    grids.push_back(grid.to_json());
  }
  return {{"targets", targets}, {"grids", grids}};
}

// --- Intel: the form's op × width table, and the platform's rules (validate_platform) --------

bool intel_has(intel::Platform platform, const intel::Instruction& instruction) {
  support::Diagnostics diagnostics;
  intel::validate_platform(instruction, platform, diagnostics);
  return !diagnostics.has_errors();
}

void add_intel(Grid& grid, const std::string& row, const std::string& column,
               const std::variant<intel::Instruction, std::string>& parsed) {
  const auto* instruction = std::get_if<intel::Instruction>(&parsed);
  if (!instruction) return;
  grid.add(row, column, mask(intel::all_platforms(), [&](intel::Platform p) { return intel_has(p, *instruction); }));
}

nlohmann::json intel_facts() {
  using namespace intel;
  nlohmann::json targets = nlohmann::json::array();
  for (const Platform p : all_platforms()) targets.push_back(name(p));
  Grid legacy("typed_atomic · svm_atomic · dword_atomic");
  const std::pair<Form, const char*> forms[] = {{Form::typed, "typed"}, {Form::svm, "svm"}, {Form::dword, "dword"}};
  for (const AtomicOpInfo& i : atomic_op_table())
    for (const auto& [form, form_name] : forms)
      for (const Width w : {Width::w16, Width::w32, Width::w64}) {
        if (illegal_reason(form, i.op, w)) continue;
        const std::string spelling = fmt::format("{}{}", i.name, suffix(w));
        add_intel(legacy, std::string(i.name), fmt::format("{}{}", form_name, w == Width::w32 ? "" : suffix(w)),
                  parse_spelling(spelling, form, LscDataSize::d32));
      }
  Grid lsc("lsc_atomic_*");
  for (const LscOpInfo& o : lsc_op_table())
    for (const LscSfid sfid : {LscSfid::ugm, LscSfid::ugml, LscSfid::tgm, LscSfid::slm})
      for (const LscDataSize data : {LscDataSize::d16c32, LscDataSize::d32, LscDataSize::d64})
        add_intel(lsc, std::string(o.name), fmt::format("{} {}", name(sfid), name(data)),
                  parse_spelling(fmt::format("lsc_atomic_{}.{}", o.name, name(sfid)), Form::lsc_untyped, data));
  return {{"targets", targets}, {"grids", nlohmann::json::array({legacy.to_json(), lsc.to_json()})}};
}

// --- AMD: the encoding table's atomic mnemonics per target ------------------------------------

// "global_atomic_add_f32" → {"global", "add_f32"}; "ds_add_rtn_u32" → {"ds", "add_rtn_u32"}: the
// form (the mnemonic's prefix) and the operation with its size.
std::pair<std::string, std::string> amd_form_and_op(std::string_view mnemonic) {
  const size_t atomic = mnemonic.find("atomic_");
  if (atomic != std::string_view::npos && atomic > 0)
    return {std::string(mnemonic.substr(0, atomic - 1)), std::string(mnemonic.substr(atomic + 7))};
  const size_t underscore = mnemonic.find('_');
  if (underscore == std::string_view::npos) return {std::string(mnemonic), std::string(mnemonic)};
  return {std::string(mnemonic.substr(0, underscore)), std::string(mnemonic.substr(underscore + 1))};
}

nlohmann::json amd_facts() {
  using namespace amd::isa;
  nlohmann::json targets = nlohmann::json::array();
  for (const Target& t : amd::isa::targets()) targets.push_back(t.name);
  std::map<std::string_view, uint32_t> on;  // mnemonic → its encodings' target bits
  std::vector<std::string_view> order;
  for (const Encoding& e : encodings()) {
    if (!on.count(e.mnemonic)) order.push_back(e.mnemonic);
    on[e.mnemonic] |= e.targets;
  }
  Grid grid("atomic mnemonics: operation × form");
  for (const std::string_view mnemonic : order) {
    const auto [form, op] = amd_form_and_op(mnemonic);
    const uint32_t bits = on[mnemonic];
    grid.add(op, form, mask(amd::isa::targets(), [bits](const Target& t) { return (bits & t.mask()) != 0; }));
  }
  return {{"targets", targets}, {"grids", nlohmann::json::array({grid.to_json()})}};
}

// Draws the chosen view of a vendor's facts: one architecture (each cell green where it has the
// form, with the first target that has it), or two compared (the cells where they differ marked).
// A link may choose them: #legal-nvidia=sm_80,sm_90&legal-intel=gen12,pvc&legal-amd=gfx942.
constexpr std::string_view legality_script_text = R"js(
function legalityView(vendor){
  const facts=JSON.parse(document.getElementById('facts-'+vendor).textContent);
  const box=document.getElementById('legal-'+vendor), a=box.querySelector('.pick-a'), b=box.querySelector('.pick-b');
  facts.targets.forEach((t,i)=>{a.add(new Option(t,i));b.add(new Option(t,i));});
  a.value=facts.targets.length-1;
  const m=new RegExp('[#&]legal-'+vendor+'=([^,&]+)(?:,([^&]+))?').exec(location.hash);
  if(m){const i=facts.targets.indexOf(m[1]),j=facts.targets.indexOf(m[2]);if(i>=0)a.value=i;if(j>=0)b.value=j;}
  const esc=s=>s.replace(/&/g,'&amp;').replace(/</g,'&lt;').replace(/"/g,'&quot;');
  function draw(){
    const ia=+a.value, ib=b.value===''?-1:+b.value, ta=facts.targets[ia], tb=ib<0?'':facts.targets[ib];
    let html='';
    for(const g of facts.grids){
      const cell={};for(const [r,c,t] of g.cells) cell[r+','+c]=t;
      html+='<h3>'+esc(g.title)+'</h3><div class="scroll"><table class="legal"><tr><th></th>'+
        g.cols.map(c=>'<th>'+esc(c)+'</th>').join('')+'</tr>';
      g.rows.forEach((row,r)=>{
        html+='<tr><th>'+esc(row)+'</th>';
        g.cols.forEach((col,c)=>{
          const t=cell[r+','+c];
          if(!t){html+='<td class="n">–</td>';return;}
          const first=facts.targets[t.indexOf('1')], inA=t[ia]==='1', inB=ib>=0&&t[ib]==='1';
          const cls=ib<0?(inA?'y':'later'):inA&&inB?'y':inA?'only-a':inB?'only-b':'later';
          const title=g.title+' · '+row+' '+col+': first on '+first+'; '+ta+(inA?' has it':' has not')+
            (ib<0?'':'; '+tb+(inB?' has it':' has not'));
          html+='<td class="'+cls+'" title="'+esc(title)+'" data-first="'+first+'">'+first+'</td>';
        });
        html+='</tr>';
      });
      html+='</table></div>';
    }
    box.querySelector('.grids').innerHTML=html;
  }
  a.addEventListener('change',draw);b.addEventListener('change',draw);draw();
}
for(const v of ['nvidia','intel','amd']) legalityView(v);
)js";

// The pickers and legend of a vendor's view: `label` names a target ("Architecture"), `noun` the
// same in a sentence ("architecture").
std::string controls(std::string_view vendor, std::string_view label, std::string_view noun) {
  return fmt::format(
      "<div class=\"selectors\" id=\"legal-{0}\"><label>{1} <select class=\"pick-a\"></select></label>"
      "<label>compared with <select class=\"pick-b\"><option value=\"\">—</option></select></label>"
      "<p class=\"legend\">A cell names the first {2} that has the form; green: the chosen {2} has it; grey: it "
      "does not; compared: <span class=\"only-a\">only the first</span>, <span class=\"only-b\">only the "
      "second</span>.</p><div class=\"grids\"></div></div>",
      vendor, label, noun);
}

}  // namespace

std::string nvidia_legality() {
  return controls("nvidia", "Architecture", "architecture") + json_script("facts-nvidia", nvidia_facts());
}

std::string intel_legality() {
  return controls("intel", "Platform", "platform") + json_script("facts-intel", intel_facts());
}

std::string amd_legality() { return controls("amd", "Target", "target") + json_script("facts-amd", amd_facts()); }

std::string_view legality_script() { return legality_script_text; }

}  // namespace gpuatom::report
