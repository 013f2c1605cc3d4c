// vISA scenarios executed by the Intel runner (spec/intel.md §1, §5, §6.1, §7).
#include <gtest/gtest.h>

#include "common/scenario_text.hpp"
#include "gpuatom/scenario/bind.hpp"

using namespace gpuatom;

namespace {

scenario::RunReport run_ok(const std::string& text, scenario::Mode mode = scenario::Mode::deterministic) {
  return test::run_scenario_ok(scenario::run_visa, text, "visa.toml", mode);
}

std::string run_error(const std::string& text) { return test::run_scenario_error(scenario::run_visa, text, "visa.toml"); }

void expect_passes(const std::string& text) {
  for (auto mode : {scenario::Mode::parallel, scenario::Mode::deterministic, scenario::Mode::exhaustive}) {
    const auto r = run_ok(text, mode);
    EXPECT_TRUE(r.passed()) << "mode " << static_cast<int>(mode);
    for (const auto& e : r.expectations)
      if (!e.passed) ADD_FAILURE() << e.what << ": " << e.detail;
  }
}

// The three variables of the SVM tests: 8 addresses, old values and operands.
const std::string svm_decls =
    ".decl ADDR v_type=G type=uq num_elts=8 align=GRF\n"
    ".decl OLD v_type=G type=ud num_elts=8 align=GRF\n"
    ".decl VAL v_type=G type=ud num_elts=8 align=GRF\n";

// A program of `svm_decls`, `decls` and `line`, 8 channels of `lanes` per group, a region `x` of
// 64 bytes.
std::string text(const std::string& decls, const std::string& line, const std::string& lanes_table,
                 const std::string& expectations, const std::string& launch = "lanes = 8") {
  return "isa = \"visa\"\nexhaustive = true\nprogram = \"\"\"\n" + svm_decls + decls + line + "\n\"\"\"\n[launch]\n" +
         launch + "\n[[region]]\nname = \"x\"\nsize = 64\n[lanes]\n" + lanes_table + "\n" + expectations;
}

std::string region_word(unsigned index, const std::string& value) {
  return "[[expect]]\nregion = \"x\"\ntype = \"u32\"\nindex = " + std::to_string(index) + "\nequals = \"" + value + "\"\n";
}

std::string lane_each(const std::string& name, const std::string& value) {
  return "[[expect]]\nlane = \"" + name + "\"\neach = \"" + value + "\"\n";
}

// Each channel adds 1 to its own word: the words that changed are the enabled channels.
const std::string own_word = "ADDR = \"addr(x) + 4 * lane\"\nVAL = 1\nOLD = 7\n";

}  // namespace

TEST(IntelRunner, ActiveMaskIsTheExecutionMask) {
  expect_passes(text("", "svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0", own_word,
                     region_word(0, "1") + region_word(1, "0") + region_word(2, "1") + lane_each("OLD", "0"),
                     "lanes = 8\nactive = \"lane % 2 == 0\""));
}

TEST(IntelRunner, NoMaskIgnoresTheExecutionMask) {
  expect_passes(text("", "svm_atomic.add (M1_NM, 8) ADDR.0 OLD.0 VAL.0 %null.0", own_word,
                     region_word(1, "1") + region_word(7, "1"), "lanes = 8\nactive = \"lane % 2 == 0\""));
}

TEST(IntelRunner, PerChannelPredicateAndInversion) {
  const std::string decl = ".decl P1 v_type=P num_elts=8\n";
  const std::string lanes = own_word + "P1 = \"lane < 3\"\n";
  expect_passes(text(decl, "(P1) svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0", lanes,
                     region_word(2, "1") + region_word(3, "0") + lane_each("OLD", "lane < 3 ? 0 : 7")));
  expect_passes(text(decl, "(!P1) svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0", lanes,
                     region_word(2, "0") + region_word(3, "1") + lane_each("OLD", "lane < 3 ? 7 : 0")));
}

TEST(IntelRunner, AnyAndAllPredicates) {
  const std::string decl = ".decl P1 v_type=P num_elts=8\n";
  const std::string one_bit = own_word + "P1 = \"lane == 5\"\n";
  // .any: one set bit enables every channel; .all: one clear bit disables every channel.
  expect_passes(text(decl, "(P1.any) svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0", one_bit,
                     region_word(0, "1") + region_word(7, "1") + lane_each("OLD", "0")));
  expect_passes(text(decl, "(P1.all) svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0", one_bit,
                     region_word(5, "0") + lane_each("OLD", "7")));
  expect_passes(text(decl, "(!P1.all) svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0", one_bit,
                     region_word(5, "1") + lane_each("OLD", "0")));
  expect_passes(text(decl, "(P1.all) svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0", own_word + "P1 = 1\n",
                     region_word(4, "1") + lane_each("OLD", "0")));
}

TEST(IntelRunner, SixteenBitUsesLowHalfOfEachDwordAndZeroesTheUpperHalf) {
  // Channel n adds the low 16 bits of VAL dword n to the half-word at 2n; Dst dword n gets the
  // old half-word zero-extended.
  expect_passes(text("", "svm_atomic.add.16 (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0",
                     "ADDR = \"addr(x) + 2 * lane\"\nVAL = \"0xabcd0000 + lane + 1\"\nOLD = \"0xffffffff\"\n",
                     region_word(0, "0x00020001") + region_word(3, "0x00080007") + region_word(4, "0") +
                         lane_each("OLD", "0")));
}

TEST(IntelRunner, SixtyFourBitSvm) {
  const std::string decl = ".decl V64 v_type=G type=uq num_elts=8 align=GRF\n.decl O64 v_type=G type=uq num_elts=8 align=GRF\n";
  expect_passes(text(decl, "svm_atomic.add.64 (M1, 8) ADDR.0 O64.0 V64.0 %null.0",
                     "ADDR = \"addr(x)\"\nV64 = \"0x100000000\"\n",
                     "[[expect]]\nregion = \"x\"\ntype = \"u64\"\nindex = 0\nequals = \"0x800000000\"\n"
                     "[[expect]]\nlane = \"O64\"\npermutation = \"i * 0x100000000\"\n"));
}

TEST(IntelRunner, NullDstStillUpdatesMemory) {
  expect_passes(text("", "svm_atomic.add (M1, 8) ADDR.0 %null.0 VAL.0 %null.0", "ADDR = \"addr(x)\"\nVAL = 2\nOLD = 7\n",
                     region_word(0, "16") + lane_each("OLD", "7")));
}

TEST(IntelRunner, FaultsArePerChannel) {
  // Channel 1 is misaligned, channel 2 unmapped; the others complete.
  const auto r = run_ok(text("", "svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0",
                             "ADDR = \"lane == 1 ? addr(x) + 2 : (lane == 2 ? 0x10 : addr(x) + 4 * lane)\"\nVAL = 1\nOLD = 7\n",
                             region_word(0, "1") + region_word(3, "1") +
                                 "[[expect]]\nfaults = 2\n[[expect]]\nlane = \"OLD\"\neach = \"lane == 1 || lane == 2 ? 7 : 0\"\n"));
  EXPECT_TRUE(r.passed());
  EXPECT_EQ(r.counters.faults, 2u);
  EXPECT_EQ(r.counters.operations, 6u);
}

TEST(IntelRunner, SameAddressChannelsGoInAscendingOrderDeterministically) {
  // Exchange: channel n stores n + 10 and gets what channel n − 1 stored.
  const auto r = run_ok(text("", "svm_atomic.xchg (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0",
                             "ADDR = \"addr(x)\"\nVAL = \"lane + 10\"\n",
                             region_word(0, "17") + lane_each("OLD", "lane == 0 ? 0 : lane + 9")),
                        scenario::Mode::deterministic);
  EXPECT_TRUE(r.passed());
}

TEST(IntelRunner, BadProgramLineIsReportedAtItsScenarioLine) {
  // The program starts on line 4 of the file; its 4th line (the instruction) is line 7.
  const std::string err = run_error(text("", "svm_atomic.bogus (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0", "", ""));
  EXPECT_NE(err.find("visa.toml:7:"), std::string::npos) << err;
}

TEST(IntelRunner, SvmExplainableHoldsAndIsCheckedInEveryMode) {
  // Two channels of each of two threads add to one word: every returned value fits a serial
  // order (24 orders in exhaustive mode).
  expect_passes(text("", "svm_atomic.add (M1, 2) ADDR.0 OLD.0 VAL.0 %null.0", "ADDR = \"addr(x)\"\nVAL = \"tid + 1\"\n",
                     region_word(0, "10") + "[[expect]]\nexplainable = true\n", "lanes = 4\ngroup = 2"));
  // The verdict comes from the run's log of atomics (not "this run did not log its atomics").
  const auto r = run_ok(text("", "svm_atomic.xchg (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0",
                             "ADDR = \"addr(x)\"\nVAL = \"lane + 10\"\n", "[[expect]]\nexplainable = true\n"));
  ASSERT_EQ(r.expectations.size(), 1u);
  EXPECT_TRUE(r.expectations[0].passed) << r.expectations[0].detail;
  EXPECT_NE(r.expectations[0].detail.find("serial order explains"), std::string::npos) << r.expectations[0].detail;
}

TEST(IntelRunner, UnknownLaneVariableIsAnError) {
  const std::string err = run_error(text("", "svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0", "NOPE = 1\n", ""));
  EXPECT_NE(err.find("'NOPE' is not a declared"), std::string::npos) << err;
}

// Many groups in parallel mode, with only memory expectations and affine / constant [lanes]
// values: the threads are streamed (one reused per host worker), and every group's state must be
// set up afresh. Same outcome in every mode but exhaustive (too many channels for it).
TEST(IntelRunner, StreamedThreadsSetUpEachGroupAfresh) {
  const std::string scenario =
      "isa = \"visa\"\nprogram = \"\"\"\n" + svm_decls +
      "svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0\n"
      "svm_atomic.add (M1, 8) ADDR.0 %null.0 OLD.0 %null.0\n"
      "\"\"\"\n[launch]\nlanes = 4000\nactive = \"tid % 3 != 0\"\n"
      "[[region]]\nname = \"x\"\nsize = 400\n[lanes]\nADDR = \"addr(x) + (tid % 100) * 4\"\nVAL = 2\nOLD = 5\n"
      // Each word: 40 channels, those with tid % 3 != 0 add 2 and then the old value they saw.
      "[[expect]]\nregion = \"x\"\ntype = \"u32\"\nindex = 0\nbetween = [52, 4294967295]\n"
      "[[expect]]\nfaults = 0\n";
  for (auto mode : {scenario::Mode::parallel, scenario::Mode::deterministic}) {
    const auto r = run_ok(scenario, mode);
    EXPECT_TRUE(r.passed()) << "mode " << static_cast<int>(mode);
    EXPECT_EQ(r.counters.operations, 2u * (4000 - 1334));
  }
}

// A [lanes] value that fails for one channel: the streamed parallel mode meets it mid-run and
// reports it exactly as the eager setup of the deterministic mode does.
TEST(IntelRunner, StreamedSetupErrorsReadAsTheEagerOnes) {
  const std::string scenario =
      "isa = \"visa\"\nprogram = \"\"\"\n" + svm_decls +
      "svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0\n"
      "\"\"\"\n[launch]\nlanes = 4000\n"
      "[[region]]\nname = \"x\"\nsize = 400\n[lanes]\nADDR = \"addr(x) + (tid % 100) * 4\"\n"
      "VAL = \"100 / (tid - 2613)\"\nOLD = \"tid / 8\"\n"
      "[[expect]]\nfaults = 0\n";
  auto loaded = scenario::parse_scenario(scenario, "visa.toml");
  ASSERT_TRUE(std::holds_alternative<scenario::Scenario>(loaded));
  std::vector<std::string> messages;
  for (auto mode : {scenario::Mode::parallel, scenario::Mode::deterministic}) {
    scenario::RunOptions options;
    options.mode = mode;
    options.threads = 2;
    options.quiet = true;
    const auto result = scenario::run_visa(std::get<scenario::Scenario>(loaded), options);
    ASSERT_TRUE(std::holds_alternative<support::Diagnostics>(result)) << "mode " << static_cast<int>(mode);
    messages.push_back(std::get<support::Diagnostics>(result).format_all());
  }
  EXPECT_EQ(messages[0], messages[1]);
  EXPECT_NE(messages[1].find("division by zero (group 326, element 5)"), std::string::npos) << messages[1];
}
