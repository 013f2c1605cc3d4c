// `alu intel`'s reading of an atomic spelled alone (intel/spelled_atomic.hpp): the form, the
// listed spellings, the instruction, which sources each op reads or refuses and where they go, and
// the 16-bit return into the low half of a dword.
#include "gpuatom/intel/spelled_atomic.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "common/refusal.hpp"
#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/intel/lsc.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::intel {
namespace {

using gpuatom::testing::refusal;

SpelledAtomicText spelled(std::string spelling, std::optional<std::string> src0 = {},
                          std::optional<std::string> src1 = {}) {
  SpelledAtomicText text;
  text.spelling = std::move(spelling);
  text.old_value = "7";
  text.src0 = std::move(src0);
  text.src1 = std::move(src1);
  return text;
}

AluAtomic read(const SpelledAtomicText& text) { return read_operands(read_instruction(text, read_form(text)), text); }

TEST(IntelSpelledAtomic, TheFormIsThePrefixsElseFormsName) {
  SpelledAtomicText text = spelled("typed_atomic.add");
  text.form = "dword";
  EXPECT_EQ(read_form(text), Form::typed);
  text.spelling = "add";
  EXPECT_EQ(read_form(text), Form::dword);
  EXPECT_EQ(read_form(spelled("lsc_atomic_iadd.slm")), Form::lsc_untyped);
  text.form = "global";
  EXPECT_EQ(refusal([&] { read_form(text); }), "--form global: expected svm, typed or dword");
}

TEST(IntelSpelledAtomic, ListedSpellingsAreTheFormsLegalOnes) {
  const std::vector<std::string> svm = legal_spellings(Form::svm);
  const std::vector<std::string> typed = legal_spellings(Form::typed);
  const auto has = [](const std::vector<std::string>& list, const char* s) {
    return std::find(list.begin(), list.end(), s) != list.end();
  };
  EXPECT_TRUE(has(svm, "add") && has(svm, "add.16") && has(svm, "add.64") && has(svm, "fadd"));
  EXPECT_TRUE(has(typed, "cmpxchg.16"));
  EXPECT_FALSE(has(typed, "add.64"));  // no 64-bit typed atomics
  EXPECT_FALSE(has(typed, "fadd"));    // fadd and fsub are SVM and DWORD ops
}

TEST(IntelSpelledAtomic, CmpxchgStoresSrc0WhereOldIsSrc1AndFcmpwrTheOtherWay) {
  const AluAtomic cmpxchg = read(spelled("svm_atomic.cmpxchg", "1", "9"));
  EXPECT_EQ(cmpxchg.value.lo, 1u);
  EXPECT_EQ(cmpxchg.compare.lo, 9u);
  EXPECT_EQ(cmpxchg.old.lo, 7u);
  const AluAtomic fcmpwr = read(spelled("svm_atomic.fcmpwr", "1.0", "2.0"));
  EXPECT_EQ(fcmpwr.compare.lo, 0x3f800000u);
  EXPECT_EQ(fcmpwr.value.lo, 0x40000000u);
  const AluAtomic add = read(spelled("add.64", "0x100000000"));
  EXPECT_EQ(add.bits, 64);
  EXPECT_EQ(add.value.lo, 0x100000000u);
  EXPECT_EQ(add.compare.lo, 0u);
}

TEST(IntelSpelledAtomic, EachSourceIsRequiredOrRefusedByItsRule) {
  EXPECT_EQ(refusal([] { read(spelled("inc", "1")); }),
            "--src0 is not an operand here: Src0 must be null for INC, DEC and PREDEC (docs/spec/intel.md §3.2)");
  EXPECT_EQ(refusal([] { read(spelled("add")); }), "missing --src0: this op reads Src0 (docs/spec/intel.md §3.1)");
  EXPECT_EQ(refusal([] { read(spelled("cmpxchg", "1")); }),
            "missing --src1: CMPXCHG and FCMPWR read Src1 (docs/spec/intel.md §3.1)");
  EXPECT_TRUE(refusal([] {
                read(spelled("add", "1", "2"));
              }).starts_with("--src1 is not an operand here: Src1 is used only by CMPXCHG and FCMPWR"));
  SpelledAtomicText no_old = spelled("inc");
  no_old.old_value.reset();
  EXPECT_EQ(refusal([&] { read(no_old); }), "missing --old: the memory value before the atomic");
  EXPECT_EQ(refusal([] { read(spelled("inc")); }), "");
}

TEST(IntelSpelledAtomic, LscSourcesAreItsSrc1AndSrc2AndIcasComparesWithSrc1) {
  const AluAtomic icas = read(spelled("lsc_atomic_icas.ugm", "7", "3"));
  EXPECT_EQ(icas.compare.lo, 7u);
  EXPECT_EQ(icas.value.lo, 3u);
  EXPECT_EQ(refusal([] { read(spelled("lsc_atomic_iadd.ugm")); }), "missing --src0: LSC's src1");
  EXPECT_EQ(refusal([] { read(spelled("lsc_atomic_iinc.ugm", "1")); }),
            "--src0 is not an operand here: this LSC atomic reads no source");
  EXPECT_EQ(refusal([] { read(spelled("lsc_atomic_iadd.ugm", "1", "2")); }),
            "--src1 is not an operand here: only icas and fcas read a second source");
  EXPECT_EQ(refusal([] { read(spelled("lsc_atomic_icas.ugm", "1")); }), "missing --src1: LSC's src2");
}

TEST(IntelSpelledAtomic, LscDataSizeIsAnAtomicsOrRefusedAfterTheInstruction) {
  SpelledAtomicText text = spelled("lsc_atomic_iadd.ugm", "1");
  text.data = "d64";
  EXPECT_EQ(read_instruction(text, Form::lsc_untyped).lsc.data_size, LscDataSize::d64);
  EXPECT_EQ(read(text).bits, 64);
  text.data = "d8";
  EXPECT_EQ(read_instruction(text, Form::lsc_untyped).lsc.data_size, LscDataSize::d32);  // for --platform first
  EXPECT_EQ(refusal([&] { read(text); }), "--data d8: expected d32, d64 or d16c32");
}

TEST(IntelSpelledAtomic, SixteenBitAtomicsReturnIntoTheLowHalfOfADword) {
  const alu::LaneResult add16 = lane_result(read(spelled("add.16", "0x2")));
  EXPECT_EQ(add16.memory.lo, 0x9u);
  EXPECT_EQ(add16.returned_bits, 32);
  EXPECT_TRUE(add16.returned_in_low_half);
  SpelledAtomicText d16c32 = spelled("lsc_atomic_iadd.ugm", "1");
  d16c32.data = "d16c32";
  EXPECT_TRUE(lane_result(read(d16c32)).returned_in_low_half);
  const alu::LaneResult add32 = lane_result(read(spelled("add", "0x2")));
  EXPECT_EQ(add32.returned_bits, 32);
  EXPECT_FALSE(add32.returned_in_low_half);
}

// Every op of each legacy form spelled as vISA spells it (svm_atomic.add.64) computes what the
// short spelling with --form computes.
TEST(IntelSpelledAtomic, TheVisaSpellingComputesAsTheShortOne) {
  size_t compared = 0;
  for (const std::string form : {"svm", "typed", "dword"}) {
    SpelledAtomicText listing;
    listing.form = form;
    for (const std::string& op : legal_spellings(read_form(listing))) {
      const bool two = op.starts_with("cmpxchg") || op.starts_with("fcmpwr");
      const bool none = op.starts_with("inc") || op.starts_with("dec") || op.starts_with("predec");
      SpelledAtomicText short_form;
      short_form.spelling = op;
      short_form.form = form;
      short_form.old_value = "0x5";
      if (!none) short_form.src0 = "0x7";
      if (two) short_form.src1 = "0x5";
      SpelledAtomicText full = short_form;
      full.spelling = form;  // one append at a time: GCC 12 warns falsely on a + b + c at -O3
      full.spelling += "_atomic.";
      full.spelling += op;
      full.form = "svm";  // the prefix names the form
      EXPECT_EQ(alu::lane_json(lane_result(read(full))), alu::lane_json(lane_result(read(short_form))))
          << full.spelling;
      ++compared;
    }
  }
  EXPECT_GT(compared, 80u);
}

// Every op at every width in each legacy form: computes where the form's op × width table allows
// it, else refused (as `alu intel OP.WIDTH --form F` exits 0 or 2).
TEST(IntelSpelledAtomic, EveryOpAndWidthComputesOrIsRefusedByItsTable) {
  size_t refused = 0;
  for (const std::string form : {"svm", "typed", "dword"})
    for (const AtomicOpInfo& info : atomic_op_table())
      for (const Width width : {Width::w16, Width::w32, Width::w64}) {
        SpelledAtomicText text;
        text.spelling = info.name;
        text.spelling += suffix(width);
        text.form = form;
        // "0" as string(1, '0'): GCC 12 warns falsely (-Wrestrict) on a literal assigned here at -O3.
        text.old_value.emplace(1, '0');
        if (info.src0 != Role::null) text.src0.emplace(1, '0');
        if (info.src1 != Role::null) text.src1.emplace(1, '0');
        const std::string why = refusal([&] { lane_result(read(text)); });
        const auto rule = illegal_reason(read_form(text), info.op, width);
        EXPECT_EQ(why.empty(), !rule) << form << " " << text.spelling << ": " << why;
        refused += rule ? 1 : 0;
      }
  EXPECT_GT(refused, 10u);
}

}  // namespace
}  // namespace gpuatom::intel
