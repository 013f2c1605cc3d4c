// Listings out (listing.hpp): cuobjdump's layout, the header of a kernel's code and one line per
// atomic, appended piece by piece.
#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/listing.hpp"

namespace gpuatom::nvidia {

std::string listing_header(Architecture architecture, std::string_view kernel) {
  return fmt::format("\tcode for {}\n\t\tFunction : {}\n", name(architecture), kernel);
}

namespace {
// cuobjdump's columns: the address comment at 9, the opcode at 36 with the guard before it.
constexpr size_t opcode_column = 35;
size_t guard_width(std::string_view text) {
  return text.starts_with("@") ? std::min<size_t>(text.find(' ') + 1, 19) : 0;
}
}  // namespace

size_t listing_width(std::string_view text) { return text.size() - guard_width(text); }

void append_listing_line(std::string& out, uint64_t address, std::string_view text, const Word128& word,
                         Architecture architecture, size_t text_width) {
  // Appended piece by piece: a large code section lists half a million of these lines.
  const auto hex = [&](uint64_t v, int digits) {
    constexpr char digit[] = "0123456789abcdef";
    int n = digits;
    while (n < 16 && (v >> (4 * n)) != 0) ++n;
    for (int k = n - 1; k >= 0; --k) out.push_back(digit[(v >> (4 * k)) & 0xf]);
  };
  const size_t start = out.size();
  out.append("        /*");
  hex(address, 4);
  out.append("*/");
  out.append(opcode_column - (out.size() - start) - guard_width(text), ' ');
  out.append(text);
  const size_t comment = opcode_column + std::max(text_width, listing_width(text)) + 3;
  out.append(comment > out.size() - start ? comment - (out.size() - start) : 0, ' ');
  out.append("/* 0x");
  hex(word.lo, 16);
  out.append(" */\n");
  if (word_halves(architecture) == 2) {
    out.append(comment, ' ');
    out.append("/* 0x");
    hex(word.hi, 16);
    out.append(" */\n");
  }
}

std::string listing_line(uint64_t address, std::string_view text, const Word128& word, Architecture architecture,
                         size_t text_width) {
  std::string out;
  append_listing_line(out, address, text, word, architecture, text_width);
  out.pop_back();  // the newline
  return out;
}

}  // namespace gpuatom::nvidia
