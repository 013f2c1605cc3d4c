// Each field of each 128-bit form, one at a time: a word whose field holds a value decodes (reads)
// and encodes (writes) back to the same word, and the word written reads as the same instruction.
// The field codecs pair each kind's read with its write; this holds them to it for every form.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <variant>
#include <vector>

#include "../../src/nvidia/binary/sass128_fields.hpp"
#include "../../src/nvidia/binary/sass128_forms.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

namespace {

namespace nv = gpuatom::nvidia;
namespace s128 = gpuatom::nvidia::sass128;

// The architectures of the form's generations on which gpuatom reads it (a SUATOM row of sm_120 and
// sm_121 only where the table gives Feature::suatom_uniform_array, the others only where it does not).
std::vector<nv::Architecture> architectures_of(const s128::Form& form) {
  std::vector<nv::Architecture> out;
  for (const nv::Architecture a : nv::architectures())
    if (nv::generation_info(a).word == nv::WordFormat::sass128 && s128::in(form.generations, nv::generation(a)) &&
        (form.mnemonic != nv::Mnemonic::SUATOM ||
         form.uniform_array_only == nv::has(a, nv::Feature::suatom_uniform_array)))
      out.push_back(a);
  return out;
}

// Values across a field's width: the ends, single low bits, and alternating patterns.
std::array<uint64_t, 6> sass128_samples(const s128::Field& f) {
  const uint64_t all = s128::low_mask(f.width);
  return {0, 1, 2 & all, all, 0x5555555555555555ULL & all, 0xaaaaaaaaaaaaaaaaULL & all};
}

std::string hex128(const nv::Word128& w) { return fmt::format("0x{:016x}{:016x}", w.hi, w.lo); }

// Each field of `form` on `arch`, at each sample value, over the form's fixed bits; returns how
// many words were read and written.
size_t check_fields(const s128::Form& form, nv::Architecture arch) {
  size_t checked = 0;
  const nv::Word128 base{form.opcode | form.fixed_low, form.fixed_high};
  for (const s128::Field& f : form.field_list()) {
    size_t read = 0;
    for (const uint64_t value : sass128_samples(f)) {
      nv::Word128 word = base;
      s128::put(word, f.lo, f.width, value);
      const auto decoded = nv::decode128(word, arch);
      const auto* instruction = std::get_if<nv::Instruction>(&decoded);
      if (!instruction) continue;  // a code that names nothing, refused as such
      ++read;
      const std::string where =
          fmt::format("{} {} (0x{:03x}) on {}: field {} at bit {} = 0x{:x}, word {}", nv::info(form.mnemonic).name,
                      form.name, form.opcode, nv::name(arch), static_cast<int>(f.kind), f.lo, value, hex128(word));
      const auto encoded = nv::encode128(*instruction, arch);
      const auto* written = std::get_if<nv::Word128>(&encoded);
      if (!written) {
        ADD_FAILURE() << where << ": " << std::get<gpuatom::support::Diagnostic>(encoded).message;
        continue;
      }
      EXPECT_EQ(s128::get(*written, f), value) << where;
      EXPECT_EQ(hex128(*written), hex128(word)) << where;
      const auto reread = nv::decode128(*written, arch);
      const auto* again = std::get_if<nv::Instruction>(&reread);
      EXPECT_TRUE(again && nv::print(*again) == nv::print(*instruction)) << where;
      ++checked;
    }
    // Zero names something in every field: each field is read at least once.
    EXPECT_GT(read, 0u) << nv::info(form.mnemonic).name << ' ' << form.name << " on " << nv::name(arch) << ": field "
                        << static_cast<int>(f.kind);
  }
  return checked;
}

TEST(Sass128FieldRoundTrip, EveryFieldOfEveryFormWritesBackWhatItReads) {
  size_t checked = 0;
  for (const s128::Form& form : s128::forms()) {
    const auto archs = architectures_of(form);
    EXPECT_FALSE(archs.empty()) << form.name;
    for (const nv::Architecture a : archs) checked += check_fields(form, a);
  }
  EXPECT_GT(checked, 20000u);
}

}  // namespace
