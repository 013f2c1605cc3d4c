#include "gpuatom/amd/isa/code_listing.hpp"

#include <fmt/format.h>

#include "gpuatom/amd/isa/binary.hpp"
#include "gpuatom/amd/isa/instruction_length.hpp"
#include "gpuatom/amd/isa/text.hpp"

namespace gpuatom::amd::isa {

namespace {

std::string words_of(std::span<const uint8_t> bytes) {
  std::string words;
  for (size_t w = 0; w + 4 <= bytes.size(); w += 4)
    words += fmt::format(" {:02X}{:02X}{:02X}{:02X}", bytes[w + 3], bytes[w + 2], bytes[w + 1], bytes[w]);
  return words;
}

std::string plural(uint64_t n, std::string_view word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

}  // namespace

void walk_code(std::span<const uint8_t> code, uint64_t address, uint64_t file_offset, const Target& target,
               const support::FileName& file, CodeListing& listing, support::Diagnostics& diagnostics) {
  size_t at = 0;
  while (at < code.size()) {
    const std::span<const uint8_t> rest = code.subspan(at);
    const auto decoded = decode(rest, target);
    if (const auto* inst = std::get_if<Instruction>(&decoded)) {
      listing.atomics.push_back({print(*inst, target), address + at, words_of(rest.first(inst->encoding->bytes))});
      at += inst->encoding->bytes;
      continue;
    }
    const auto& refusal = std::get<DecodeRefusal>(decoded);
    const std::optional<uint32_t> size = instruction_length(rest, target);
    if (size && !refusal.matched_atomic) {  // an instruction, not an atomic: counted
      ++listing.others;
      at += *size;
      continue;
    }
    diagnostics.error({file, 0, 0, file_offset + at},
                      size ? fmt::format("{} ({})", refusal.reason, target.name)
                           : fmt::format("no instruction of {} starts here (first dword 0x{:02X}{:02X}{:02X}{:02X})",
                                         target.name, rest.size() > 3 ? rest[3] : 0, rest.size() > 2 ? rest[2] : 0,
                                         rest.size() > 1 ? rest[1] : 0, rest[0]),
                      "docs/spec/amd-isa.md §2");
    return;
  }
}

std::string function_listing_text(std::string_view function, const CodeListing& listing) {
  std::string out = fmt::format("{}:\n", function);
  for (const ListedAtomic& a : listing.atomics)
    out += fmt::format("\t{:<58} // {:012X}:{}\n", a.text, a.address, a.words);
  return out + fmt::format("\t; {}: {}, {}\n", function, plural(listing.atomics.size(), "atomic"),
                           plural(listing.others, "other instruction"));
}

}  // namespace gpuatom::amd::isa
