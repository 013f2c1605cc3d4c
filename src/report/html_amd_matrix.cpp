#include "html_amd_matrix.hpp"

#include <fmt/format.h>

#include <map>
#include <string>
#include <vector>

#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/explanation.hpp"
#include "gpuatom/amd/known_anomalies.hpp"
#include "gpuatom/amd/matrix.hpp"
#include "gpuatom/amd/outcome.hpp"
#include "gpuatom/amd/rows.hpp"
#include "gpuatom/support/text.hpp"
#include "html_json.hpp"

namespace gpuatom::report {

namespace {

std::string_view outcome_class(amd::Outcome o) {
  switch (o) {
    case amd::Outcome::native: return "native";
    case amd::Outcome::cas: return "cas";
    case amd::Outcome::no_return: return "noreturn";
    case amd::Outcome::scope_downgrade:
    case amd::Outcome::scope_downgrade_cas: return "downgrade";
    case amd::Outcome::nop: return "nop";
    case amd::Outcome::not_applicable: return "na";
  }
  return "na";
}

// Strings kept once: a cell's title is split at ';' into pieces many cells share (the rules'
// reasons), and each distinct title is kept once as its outcome, AMD's word and its pieces.
class Strings {
 public:
  size_t piece(const std::string& text) {
    const auto [it, fresh] = piece_index_.emplace(text, pieces_.size());
    if (fresh) pieces_.push_back(text);
    return it->second;
  }

  // The title's index: [outcome, AMD's published word (a piece, or -1), pieces…].
  size_t title(amd::Outcome outcome, const amd::KnownAnomaly* differs, const std::string& text) {
    nlohmann::json entry =
        nlohmann::json::array({static_cast<int>(outcome),
                               differs ? static_cast<int64_t>(piece(std::string(differs->amd_says))) : int64_t{-1}});
    for (size_t begin = 0;;) {
      const size_t end = text.find(';', begin);
      entry.push_back(piece(text.substr(begin, end - begin)));
      if (end == std::string::npos) break;
      begin = end + 1;
    }
    const auto [it, fresh] = title_index_.emplace(entry.dump(), titles_.size());
    if (fresh) titles_.push_back(std::move(entry));
    return it->second;
  }

  nlohmann::json pieces() const { return pieces_; }
  nlohmann::json titles() const { return titles_; }

 private:
  std::vector<std::string> pieces_;
  std::vector<nlohmann::json> titles_;
  std::map<std::string, size_t> piece_index_, title_index_;
};

std::string table_id(const amd::TableKey& key) {
  return fmt::format("{}-{}-{}", key.strategy == amd::Strategy::hw_atomics ? "hw" : "cas",
                     key.pcie == amd::PcieAtomics::supported ? "pcie" : "nopcie",
                     key.family == amd::Family::instinct ? "instinct" : "gfx");
}

// Every table's cells as title indices, row by row; the outcomes, rows and strings beside them.
nlohmann::json matrix_facts() {
  Strings strings;
  nlohmann::json tables = nlohmann::json::object();
  for (const amd::TableKey& key : amd::all_tables()) {
    const amd::Matrix m = amd::build_matrix(key);
    nlohmann::json columns = nlohmann::json::array(), leaves = nlohmann::json::array();
    for (const amd::Device& d : m.columns) columns.push_back(d.name);
    for (const amd::LeafTable& leaf : m.leaves) {
      std::vector<size_t> cells;
      for (const auto& row : leaf.cells)
        for (const amd::Explanation& e : row) {
          // AMD's published word under the model's where they differ (known_anomalies.hpp).
          const amd::KnownAnomaly* differs = amd::published_difference(*e.device, e.request.label, e.selectors);
          const std::string title =
              amd::explain_line(e) +
              (differs ? fmt::format(" — {} say {}: {}", amd::published_source, differs->amd_says, differs->why) : "");
          cells.push_back(strings.title(e.outcome, differs, title));
        }
      leaves.push_back(cells);
    }
    tables[table_id(key)] = {{"title", amd::title(key)}, {"columns", columns}, {"leaves", leaves}};
  }
  nlohmann::json outcomes = nlohmann::json::array(), rows = nlohmann::json::array(),
                 leaf_titles = nlohmann::json::array();
  for (int o = 0; o <= static_cast<int>(amd::Outcome::not_applicable); ++o) {
    const auto outcome = static_cast<amd::Outcome>(o);
    outcomes.push_back({amd::name(outcome), amd::label(outcome), outcome_class(outcome)});
  }
  for (const amd::Row& r : amd::rows()) rows.push_back(r.label);
  for (const amd::SelectorLeaf& leaf : amd::selector_leaves()) leaf_titles.push_back(amd::title(leaf));
  return {{"outcomes", outcomes},       {"rows", rows},    {"leaves", leaf_titles}, {"pieces", strings.pieces()},
          {"titles", strings.titles()}, {"tables", tables}};
}

std::string option_list(const std::vector<std::pair<std::string, std::string>>& options) {
  std::string out;
  for (const auto& [value, text] : options)
    out += fmt::format("<option value=\"{}\">{}</option>", value, support::html_escape(text));
  return out;
}

// Draws the one table the selectors choose, only the device column picked (or every one), each
// cell as the model's outcome with its reason as the title.
constexpr std::string_view matrix_script = R"js(
(function(){
  const f=JSON.parse(document.getElementById('facts-amd-matrix').textContent);
  const sel=id=>document.getElementById(id), esc=s=>s.replace(/&/g,'&amp;').replace(/</g,'&lt;').replace(/"/g,'&quot;');
  f.leaves.forEach((t,i)=>sel('sel-leaf').add(new Option(t,i)));
  const chosen=/^#amd=(hw|cas)-(pcie|nopcie)-(instinct|gfx)-(\d+)(?:-(.+))?$/.exec(location.hash);
  if(chosen)['sel-strategy','sel-pcie','sel-family','sel-leaf'].forEach((id,i)=>{sel(id).value=chosen[i+1];});
  let device=chosen&&chosen[5]?decodeURIComponent(chosen[5]):'';
  function devices(){
    const t=f.tables[[sel('sel-strategy').value,sel('sel-pcie').value,sel('sel-family').value].join('-')];
    const d=sel('sel-device'); d.length=1;
    t.columns.forEach(c=>d.add(new Option(c,c)));
    d.value=t.columns.includes(device)?device:'';
  }
  function draw(){
    const key=[sel('sel-strategy').value,sel('sel-pcie').value,sel('sel-family').value].join('-'), leaf=+sel('sel-leaf').value;
    const t=f.tables[key], cells=t.leaves[leaf], n=t.columns.length;
    const shown=t.columns.map((c,i)=>i).filter(i=>!device||t.columns[i]===device);
    let html='<table class="amd-table" id="amd-'+key+'-'+leaf+'"><caption>'+esc(t.title)+' — '+esc(f.leaves[leaf])+
      '</caption><tr><th>Atomic</th>'+shown.map(i=>'<th>'+esc(t.columns[i])+'</th>').join('')+'</tr>';
    f.rows.forEach((row,r)=>{
      html+='<tr><th>'+esc(row)+'</th>';
      for(const i of shown){
        const [o,amd,...pieces]=f.titles[cells[r*n+i]], out=f.outcomes[o];
        html+='<td class="'+out[2]+'" title="'+esc(pieces.map(p=>f.pieces[p]).join(';'))+'" data-outcome="'+esc(out[0])+'">'+
          esc(out[1])+(amd<0?'':'<br><small class="amd-published">AMD: '+esc(f.pieces[amd])+'</small>')+'</td>';
      }
      html+='</tr>';
    });
    sel('amd-tables').innerHTML=html+'</table>';
  }
  for(const id of ['sel-strategy','sel-pcie','sel-family']) sel(id).addEventListener('change',()=>{devices();draw();});
  sel('sel-leaf').addEventListener('change',draw);
  sel('sel-device').addEventListener('change',()=>{device=sel('sel-device').value;draw();});
  sel('amd').addEventListener('click',e=>{const td=e.target.closest('td[title]');if(td)sel('reason').textContent=td.title;});
  devices();draw();
})();
)js";

}  // namespace

std::string amd_matrix_section() {
  std::string out =
      "<section id=\"amd\"><h2>AMD: outcome matrices</h2><p>Computed by the rules of docs/spec/amd.md §6 for every "
      "cell (not the page's data). Pick a table and a device; hover a cell for its reason, click it to pin the full "
      "explanation below. Where AMD's published table (ROCm 6.4.3) says otherwise, its word is under the model's. "
      "A link may choose the view: <code>#amd=hw-nopcie-instinct-0-MI300X</code>.</p><div class=\"selectors\">";
  out += "<label>Strategy <select id=\"sel-strategy\">" +
         option_list({{"hw", "HW atomics"}, {"cas", "CAS emulation"}}) + "</select></label>";
  out += "<label>PCIe <select id=\"sel-pcie\">" +
         option_list({{"nopcie", "No PCIe atomics"}, {"pcie", "PCIe atomics"}}) + "</select></label>";
  out += "<label>Family <select id=\"sel-family\">" + option_list({{"instinct", "Instinct"}, {"gfx", "gfx"}}) +
         "</select></label>";
  out += "<label>Memory / granularity / scope <select id=\"sel-leaf\"></select></label>";
  out += "<label>Device <select id=\"sel-device\"><option value=\"\">every device</option></select></label></div>";
  out += "<div class=\"scroll\" id=\"amd-tables\"></div><div id=\"reason\">Click a cell to see why.</div>";
  out += json_script("facts-amd-matrix", matrix_facts());
  return out + fmt::format("<script>{}</script></section>", matrix_script);
}

}  // namespace gpuatom::report
