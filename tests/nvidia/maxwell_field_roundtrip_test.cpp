// Each field of each SPA 5.0 (Maxwell/Pascal) 64-bit form, one at a time: a word whose field holds
// a value decodes (reads) and, where it decodes without an error, encodes (writes) back to the same
// word. The field codecs pair each kind's read with its write; this holds them to it for every form.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <variant>

#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"

namespace {

namespace nv = gpuatom::nvidia;

// Values across a field's width: the ends, single low bits, and alternating patterns.
std::array<uint64_t, 6> samples(const nv::BitField& f) {
  const uint64_t all = f.mask() >> f.lo;
  return {0, 1, 2 & all, all, 0x5555555555555555ULL & all, 0xaaaaaaaaaaaaaaaaULL & all};
}

// One field of `form` on `arch` at each sample value, over the form's opcode bits and zeros
// elsewhere: how many words were read and written back (none where nvdisasm refuses them all).
size_t check_field(const nv::EncodingInfo& form, const nv::BitField& f, nv::Architecture arch) {
  size_t checked = 0;
  for (const uint64_t value : samples(f)) {
    const uint64_t word = form.match | value << f.lo;
    const auto decoded = nv::decode(word, {}, arch);
    if (!decoded.instruction || decoded.diagnostics.has_errors()) continue;  // a word nvdisasm refuses
    const auto encoded = nv::encode(*decoded.instruction, arch);
    const std::string where = fmt::format("{} on {}: {} at bit {} = 0x{:x}, word 0x{:016x}", form.name, nv::name(arch),
                                          nv::name(f.kind), f.lo, value, word);
    if (const auto* refused = std::get_if<gpuatom::support::Diagnostic>(&encoded)) {
      ADD_FAILURE() << where << ": " << refused->message;
      continue;
    }
    EXPECT_EQ((std::get<uint64_t>(encoded) & f.mask()) >> f.lo, value) << where;
    EXPECT_EQ(fmt::format("0x{:016x}", std::get<uint64_t>(encoded)), fmt::format("0x{:016x}", word)) << where;
    ++checked;
  }
  return checked;
}

TEST(MaxwellFieldRoundTrip, EveryFieldOfEveryFormWritesBackWhatItReads) {
  size_t checked = 0;
  for (const nv::EncodingInfo& form : nv::encoding_table())
    for (const nv::BitField& f : form.fields) {
      if (f.kind == nv::FieldKind::unassigned) continue;  // read as a warning, written as 0
      size_t read = 0;                                    // on some architecture: sm_50 has no Ps forms
      for (const nv::Architecture arch : nv::architectures())
        if (nv::is_spa5(arch)) read += check_field(form, f, arch);
      EXPECT_GT(read, 0u) << form.name << ": " << nv::name(f.kind);
      checked += read;
    }
  EXPECT_GT(checked, 1000u);
}

}  // namespace
