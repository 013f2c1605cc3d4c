// Every page sentence an explanation quotes is verbatim in the page (seed 004), and every firing
// that rests on a DECISION or a PROPOSED default says so.
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

#include "amd/model_helpers.hpp"
#include "gpuatom/amd/corrections.hpp"

using namespace amd_test;

namespace {

// The page with every run of whitespace made one space, as a quote spans wrapped lines.
std::optional<std::string> normalized_page() {
  const std::filesystem::path seeds = std::filesystem::path(GPUATOM_SOURCE_DIR) / ".." / "shared" / "seeds";
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(seeds, ec)) {
    if (!entry.path().filename().string().starts_with("004_")) continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    std::string out;
    for (const char c : text.str()) {
      const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
      if (space && (out.empty() || out.back() == ' ')) continue;
      out += space ? ' ' : c;
    }
    return out;
  }
  return std::nullopt;
}

// A quote may elide with " … "; its pieces must appear in the page in order.
bool quoted_verbatim(const std::string& page, std::string_view quote) {
  size_t from = 0;
  while (!quote.empty()) {
    const size_t gap = quote.find(" … ");
    const std::string piece(quote.substr(0, gap));
    const size_t at_piece = page.find(piece, from);
    if (at_piece == std::string::npos) return false;
    from = at_piece + piece.size();
    quote = gap == std::string_view::npos ? std::string_view{} : quote.substr(gap + std::string_view(" … ").size());
  }
  return true;
}

// Every explanation the model can give: all cases, under the defaults and each switch's alternative.
void for_every_explanation(const std::function<void(const Explanation&)>& visit) {
  std::vector<ModelOptions> option_sets(1);
  for (const SwitchInfo& sw : switches())
    for (size_t v = 1; v < sw.values.size(); ++v) {
      ModelOptions o;
      set_switch(o, sw.name, sw.values[v]);
      option_sets.push_back(o);
    }
  for (const ModelOptions& o : option_sets)
    for (const Device& d : devices())
      for (const Strategy st : both_strategies)
        for (const PcieAtomics p : both_pcie)
          for (const Memory m : all_memories)
            for (const Granularity g : {coarse, fine})
              for (const Scope s : both_scopes) {
                for (const Row& r : rows()) visit(evaluate(d, r, at(m, g, s, p, st), o));
                for (const AtomicRequest& w : requests_128_bit()) visit(evaluate(d, w, at(m, g, s, p, st), o));
              }
}

}  // namespace

TEST(Sources, EveryQuotedPageSentenceIsVerbatimInThePage) {
  const auto page_text = normalized_page();
  if (!page_text) GTEST_SKIP() << "seed 004 not found next to the repository (../shared/seeds)";
  std::set<std::string_view> quotes;
  for_every_explanation([&](const Explanation& e) {
    for (const Firing& f : e.firings)
      if (f.source.kind == SourceKind::page) quotes.insert(f.source.text);
  });
  for (const Generation g : {Generation::mi100, Generation::mi200, Generation::mi300, Generation::gfx9,
                             Generation::gfx10, Generation::gfx11, Generation::gfx12}) {
    const ParagraphSentences& p = paragraph(g);
    for (const std::string_view s : {p.integer_support, p.coarse_in_l2, p.fine_uncacheable, p.fabric_forward,
                                     p.host_over_pcie, p.pcie_unsupported, p.float_cannot_forward})
      if (!s.empty()) quotes.insert(s);
  }
  // The sentences the corrections of issue 17 rest on (docs/reference/amd.md) are the page's too.
  for (const Correction& c : corrections()) quotes.insert(c.sentence);
  EXPECT_GT(quotes.size(), 20u);
  // The check itself can fail: a sentence the page does not contain, and pieces out of order.
  EXPECT_FALSE(quoted_verbatim(*page_text, "The Infinity Fabric supports every float atomic."));
  EXPECT_FALSE(quoted_verbatim(*page_text,
                               "128-bit bitwise Exchange and CAS are not supported on AMD GPUs … All atomicRMW "
                               "operations are forwarded out to the Infinity Fabric."));
  for (const std::string_view q : quotes) EXPECT_TRUE(quoted_verbatim(*page_text, q)) << "not in the page: " << q;
}

TEST(Sources, EveryDecisionProposedOrTablesFiringIsTaggedInTheExplanation) {
  std::set<RuleId> tagged_decision, tagged_proposed, tagged_tables;
  for_every_explanation([&](const Explanation& e) {
    const std::string text = explain_text(e);
    for (const Firing& f : e.firings) {
      const std::string t = firing_tag(f, e.options);
      if (f.basis == Basis::decision) {
        EXPECT_TRUE(t.starts_with("[DECISION")) << t;
        tagged_decision.insert(f.rule);
      }
      if (f.basis == Basis::proposed) {
        EXPECT_TRUE(t.starts_with("[PROPOSED")) << t;
        tagged_proposed.insert(f.rule);
      }
      if (f.basis == Basis::tables) {
        EXPECT_TRUE(t.starts_with("[TABLES")) << t;
        tagged_tables.insert(f.rule);
      }
      if (!t.empty()) {
        EXPECT_NE(text.find(t), std::string::npos);
      }
      // A firing decided by a switch names it with its value.
      for (const auto s : f.switches) EXPECT_NE(t.find(std::string(s) + "="), std::string::npos) << t;
    }
  });
  // The spec's DECISION rules: P2, P6 on APUs, C2–C6; its PROPOSED ones: the alternatives A1=na and
  // P1-before-P2, and the gfx10 width reading (H1, C2); AMD's tables: A1, P2 on MI300, P8, H4 for
  // atomicSub, C6's downgrade label, S1.
  for (const RuleId r : {RuleId::p2, RuleId::p6, RuleId::c2, RuleId::c3, RuleId::c4, RuleId::c5, RuleId::c6})
    EXPECT_TRUE(tagged_decision.count(r)) << rule_info(r).code;
  for (const RuleId r : {RuleId::a1, RuleId::p1, RuleId::c2, RuleId::h1})
    EXPECT_TRUE(tagged_proposed.count(r)) << rule_info(r).code;
  for (const RuleId r : {RuleId::a1, RuleId::p2, RuleId::p8, RuleId::h4, RuleId::c6, RuleId::s1})
    EXPECT_TRUE(tagged_tables.count(r)) << rule_info(r).code;
}
