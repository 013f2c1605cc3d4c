// `gpuatom report` in headless Chromium at 1400 px and 800 px: a screenshot at each width, and a
// script run in the page that measures every element, so that no table, chart or text is cut
// (wider than the window with no scroll box of its own, or clipped by its box). And the legality
// views: for two architectures (platforms, targets) compared, the first one that has a form.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "chromium.hpp"
#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/intel/platform.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path layout_work = browser::artifacts() / ("layout-" + std::to_string(::getpid()));

// Written into the page before </body>, after the page's own script has drawn its views: one line
// "width=N", then one "CUT: …" line per element that is cut, in <pre id="probe">.
constexpr const char* probe_script = R"js(<script>(function(){
  const out=['width='+window.innerWidth], root=document.documentElement, vw=root.clientWidth;
  const desc=e=>e.tagName.toLowerCase()+(e.id?'#'+e.id:'')+' "'+(e.textContent||'').trim().slice(0,50)+'"';
  const scrollBox=e=>{for(let p=e.parentElement;p;p=p.parentElement){const o=getComputedStyle(p).overflowX;
    if(o==='auto'||o==='scroll')return p;}return null;};
  if(root.scrollWidth>vw) out.push('CUT: the page is '+root.scrollWidth+' px wide in a window of '+vw);
  for(const e of document.body.querySelectorAll('*')){
    const s=getComputedStyle(e); if(s.display==='none'||s.visibility==='hidden') continue;
    const clips=v=>v==='hidden'||v==='clip';
    if((clips(s.overflowX)&&e.scrollWidth>e.clientWidth+1)||(clips(s.overflowY)&&e.scrollHeight>e.clientHeight+1))
      out.push('CUT: '+desc(e)+' clips its content');
    const r=e.getBoundingClientRect();
    if(r.width>0&&r.right>vw+1&&!scrollBox(e)) out.push('CUT: '+desc(e)+' ends at '+Math.round(r.right)+' px, past the window');
  }
  const pre=document.createElement('pre'); pre.id='probe'; pre.textContent=out.join('\n'); document.body.append(pre);
})();</script>)js";

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The probe's lines for `page` (a file) opened at `width` px.
std::string probe(const fs::path& page, int width) {
  std::string html = read(page);
  const size_t end = html.rfind("</body>");
  html.insert(end == std::string::npos ? html.size() : end, probe_script);
  const fs::path probed = layout_work / ("probe-" + std::to_string(width) + "-" + page.filename().string());
  std::ofstream(probed, std::ios::binary) << html;
  const std::string dom = browser::chromium(
      layout_work, "--window-size=" + std::to_string(width) + ",1200 --dump-dom file://" + probed.string());
  const size_t start = dom.find("<pre id=\"probe\">"), stop = dom.find("</pre>", start);
  if (start == std::string::npos) return "no probe in the page: " + dom.substr(0, 2000);
  return dom.substr(start + 16, stop - start - 16);
}

}  // namespace

class ReportLayout : public testing::Test {
 protected:
  static void SetUpTestSuite() { browser::write_report(layout_work); }
  void SetUp() override {
    if (!browser::have_chromium()) GTEST_SKIP() << browser::no_chromium;
  }
  static std::string page() { return browser::page_url(layout_work); }
  static std::string dom(const std::string& hash) {
    return browser::chromium(layout_work, "--dump-dom '" + page() + hash + "'");
  }
};

namespace {

// The cell of a legality view whose title starts with `what` ("ATOM · ADD .F16x8.RN"): its class
// and the first target it names, as "class first".
std::string legal_cell(const std::string& dom, const std::string& what) {
  const std::string quoted = std::regex_replace(what, std::regex(R"re([.*+?^${}()|\[\]\\])re"), R"re(\$&)re");
  const std::regex cell("<td class=\"([a-z-]+)\" title=\"" + quoted +
                        R"re(: first on ([^;]+);[^"]*" data-first="([^"]+)">([^<]*)</td>)re");
  std::smatch m;
  if (!std::regex_search(dom, m, cell)) return "no cell " + what;
  EXPECT_EQ(m[2], m[3]);
  EXPECT_EQ(m[3], m[4]) << "the cell shows the first target that has it";
  return m[1].str() + " " + m[2].str();
}

}  // namespace

TEST_F(ReportLayout, NothingIsCutAt1400And800Pixels) {
  for (const int width : {1400, 800}) {
    const std::string shot = "layout-" + std::to_string(width) + ".png";
    const std::string log =
        browser::chromium(layout_work, "--window-size=" + std::to_string(width) +
                                           ",1600 --screenshot=" + (layout_work / shot).string() + " " + page());
    EXPECT_EQ(log.find(":CONSOLE("), std::string::npos) << log;
    ASSERT_TRUE(fs::exists(layout_work / shot)) << log;
    EXPECT_GT(fs::file_size(layout_work / shot), 20000u);  // a blank page compresses to a few KiB
    fs::copy_file(layout_work / shot, browser::artifacts() / shot, fs::copy_options::overwrite_existing);
    const std::string lines = probe(layout_work / "index.html", width);
    EXPECT_EQ(lines, "width=" + std::to_string(width)) << "at " << width << " px";
  }
}

TEST_F(ReportLayout, TheProbeFindsWhatIsCut) {
  const fs::path bad = layout_work / "bad.html";
  std::ofstream(bad) << "<!DOCTYPE html><html><body><div style=\"width:2000px\">wide</div>"
                        "<div style=\"overflow:hidden;width:100px;white-space:nowrap\">a line longer than its box</div>"
                        "<div style=\"overflow-x:auto\"><div style=\"width:3000px\">scrolls</div></div></body></html>";
  const std::string lines = probe(bad, 800);
  EXPECT_NE(lines.find("CUT: the page is 2"), std::string::npos) << lines;
  EXPECT_NE(lines.find("CUT: div \"wide\" ends at 2"), std::string::npos) << lines;
  EXPECT_NE(lines.find("CUT: div \"a line longer than its box\" clips its content"), std::string::npos) << lines;
  EXPECT_EQ(lines.find("\"scrolls\""), std::string::npos) << "inside a scroll box is not cut: " << lines;
}

// One page load for the three views (#legal-nvidia=…&legal-intel=…&legal-amd=…).
TEST_F(ReportLayout, LegalityNamesTheFirstArchitecturePlatformAndTarget) {
  // The first target whose encodings hold global_atomic_add_f32, read from the table itself.
  std::string first_amd;
  for (const gpuatom::amd::isa::Target& t : gpuatom::amd::isa::targets())
    for (const gpuatom::amd::isa::Encoding& e : gpuatom::amd::isa::encodings())
      if (first_amd.empty() && e.mnemonic == "global_atomic_add_f32" && e.on(t)) first_amd = std::string(t.name);
  ASSERT_FALSE(first_amd.empty());
  const std::string shown = dom("#legal-nvidia=sm_60,sm_90&legal-intel=gen12,pvc&legal-amd=" + first_amd);
  // NVIDIA, sm_60 compared with sm_90: what ptxas 13 and nvdisasm print first on Hopper, Volta, Pascal, Maxwell.
  EXPECT_EQ(legal_cell(shown, "ATOM · ADD .F16x8.RN"), "only-b sm_90");
  EXPECT_EQ(legal_cell(shown, "RED · ADD .F32x4.FTZ.RN"), "only-b sm_90");
  EXPECT_EQ(legal_cell(shown, "ATOMS · EXCH .128"), "only-b sm_90");
  EXPECT_EQ(legal_cell(shown, "ATOM · CAST.SPIN .U32"), "only-b sm_90");
  EXPECT_EQ(legal_cell(shown, "ATOM · ADD .BF16x2.RN"), "only-b sm_70");
  EXPECT_EQ(legal_cell(shown, "ATOM · ADD .F64.RN"), "y sm_60");
  EXPECT_EQ(legal_cell(shown, "ATOM · ADD .F16x2.RN"), "y sm_52");
  EXPECT_EQ(legal_cell(shown, "ATOM · ADD .U32"), "y sm_50");
  // Intel, gen12 compared with pvc: the platform table's first platform with the feature.
  const auto name = [](gpuatom::intel::Feature f) {
    return std::string(gpuatom::intel::name(*gpuatom::intel::first_platform_with(f)));
  };
  EXPECT_EQ(legal_cell(shown, "lsc_atomic_* · fadd ugm d32"), "only-b " + name(gpuatom::intel::Feature::lsc));
  EXPECT_EQ(legal_cell(shown, "typed_atomic · svm_atomic · dword_atomic · add svm.16"),
            "y " + name(gpuatom::intel::Feature::atomics_16bit));
  EXPECT_EQ(legal_cell(shown, "typed_atomic · svm_atomic · dword_atomic · add svm"), "y gen9");
  // AMD, one target alone.
  EXPECT_EQ(legal_cell(shown, "atomic mnemonics: operation × form · add_f32 global"), "y " + first_amd);
}

TEST_F(ReportLayout, OneArchitectureAloneMarksWhatComesLater) {
  const std::string shown = dom("#legal-nvidia=sm_50");
  EXPECT_EQ(legal_cell(shown, "ATOM · ADD .F16x2.RN"), "later sm_52");
  EXPECT_EQ(legal_cell(shown, "ATOM · ADD .F64.RN"), "later sm_60");
  EXPECT_EQ(legal_cell(shown, "ATOM · ADD .S32"), "y sm_50");
}
