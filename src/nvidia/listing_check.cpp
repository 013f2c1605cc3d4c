// A listing read as SASS text (read_sass, listing.hpp): each line's word checked against its
// text, both ways.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/support/text.hpp"
#include "listing_rule.hpp"

namespace gpuatom::nvidia {

namespace {

// The instruction the listed word holds, or why it holds none.
std::variant<Instruction, support::Diagnostic> decode_listed(const ListingLine& l, Architecture arch) {
  if (word_halves(arch) == 1) {
    Decoded decoded = decode(l.words[0], l.words_at, arch);
    if (decoded.instruction && !decoded.diagnostics.has_errors()) return std::move(*decoded.instruction);
    for (const support::Diagnostic& d : decoded.diagnostics.all())
      if (d.severity == support::Severity::error) return d;
    return support::Diagnostic{support::Severity::error, l.words_at,
                               fmt::format("0x{:016x} is no atomic gpuatom reads on {}", l.words[0], name(arch)),
                               listing_rule};
  }
  return decode128({l.words[0], l.words[1]}, arch, l.words_at);
}

// Whether the word's instruction is the line's. nvdisasm 11.8 prints no desc[URn] in a Hopper
// address where 13.0 does (docs/oracles.md): a line without it matches the word with it, and
// takes the word's descriptor (gpuatom prints what 13.0 prints).
bool same(Instruction& listed, Instruction decoded) {
  decoded.terminated = listed.terminated;  // a dual-issued pair's second line has no ';'
  const std::string text = print(decoded);
  if (print(listed) == text) return true;
  if (!decoded.architecture || !has(*decoded.architecture, Feature::listing_omits_descriptor) ||
      listed.address.descriptor || !decoded.address.descriptor)
    return false;
  listed.address.descriptor = decoded.address.descriptor;
  if (print(listed) == text) return true;
  listed.address.descriptor.reset();
  return false;
}

// Reads the lines of one listing into `out`, each line read or reported.
class ListingCheck {
 public:
  ListingCheck(const support::FileName& file, std::optional<Architecture> given, ParsedSass& out)
      : file_(file), given_(given), out_(out) {}

  void line(const ListingLine& l) {
    ++out_.lines_read;
    const std::string_view mnemonic = instruction_mnemonic(l.text);
    const support::SourceLocation where{file_, l.line, 0, std::nullopt};
    if (!l.words.empty() && !l.architecture && !unchecked_words_reported_) {
      out_.diagnostics.warning(l.words_at,
                               "the listing names no architecture (no 'code for sm_XX' or .headerflags line): "
                               "its words are not checked against its text; give --arch to check them",
                               listing_rule);
      unchecked_words_reported_ = true;
    }
    if (mnemonic.empty()) {
      support::SourceLocation at = where;
      at.column = static_cast<uint32_t>(std::min(l.text.find_first_not_of(" \t\r"), l.text.size()) + 1);
      out_.diagnostics.error(at, "no instruction after the address comment", listing_rule);
      return;
    }
    for (const UnreadAtomic& u : unread_atomic_mnemonics())
      if (support::iequals(u.name, mnemonic)) {
        support::SourceLocation at = where;
        at.column = static_cast<uint32_t>(l.text.find(mnemonic) + 1);
        out_.diagnostics.error(at, fmt::format("{} ({}) is an atomic gpuatom does not read yet", u.name, u.what),
                               listing_rule);
        return;
      }
    if (!parse_mnemonic(mnemonic)) return other_instruction(l, mnemonic);
    if (given_ && l.architecture && *l.architecture != *given_ && !overridden(*l.architecture)) {
      out_.diagnostics.warning(
          {file_, l.header_line, 1, std::nullopt},
          fmt::format("the listing's header says this is code for {}: it is read as {}, not as --arch {}",
                      name(*l.architecture), name(*l.architecture), name(*given_)),
          listing_rule);
      overridden_ = static_cast<int>(*l.architecture);
    }
    auto inst = parse_sass_line(l.text, where, out_.diagnostics, l.architecture);
    if (!inst) return;
    if (!l.words.empty() && l.architecture) check_word(l, *inst, *l.architecture);
    out_.instructions.push_back(std::move(*inst));
  }

 private:
  // An atomic's line: its word must hold it.
  void check_word(const ListingLine& l, Instruction& inst, Architecture arch) {
    if (auto wrong = word_halves_error(l, arch)) return out_.diagnostics.add(std::move(*wrong));
    auto decoded = decode_listed(l, arch);
    if (const auto* why = std::get_if<support::Diagnostic>(&decoded)) {
      out_.diagnostics.error(
          l.words_at, fmt::format("the listed word is not this line's instruction: {}", why->message), listing_rule);
    } else if (!same(inst, std::get<Instruction>(decoded))) {
      out_.diagnostics.error(l.words_at,
                             fmt::format("the listed word holds '{}', not this line's '{}'",
                                         print(std::get<Instruction>(decoded)), print(inst)),
                             listing_rule);
    } else {
      inst.kept_bits = std::get<Instruction>(decoded).kept_bits;
    }
  }

  // Another instruction's line (MOV, EXIT, a misspelt ATOMGG): read past, but its word must not
  // hold an atomic, so that no atomic passes unchecked behind other text.
  void other_instruction(const ListingLine& l, std::string_view mnemonic) {
    if (l.words.empty() || !l.architecture) return;
    const Architecture arch = *l.architecture;
    if (auto wrong = word_halves_error(l, arch)) return out_.diagnostics.add(std::move(*wrong));
    const Word128 word{l.words[0], l.words.size() == 2 ? l.words[1] : 0};
    const std::optional<CodeAtomic> atomic = atomic_in_word(word, l.address, arch, l.words_at);
    if (!atomic) return;
    if (atomic->instruction) {
      out_.diagnostics.error(l.words_at,
                             fmt::format("the listed word holds the atomic '{}', but this line's text is {}, no "
                                         "atomic gpuatom reads",
                                         print(*atomic->instruction), mnemonic),
                             listing_rule);
      return;
    }
    const std::string why =
        atomic->diagnostics.all().empty() ? std::string() : atomic->diagnostics.all().front().message;
    out_.diagnostics.error(l.words_at,
                           fmt::format("the listed word has an atomic's opcode, but this line's text is {}, no atomic "
                                       "gpuatom reads ({})",
                                       mnemonic, why),
                           listing_rule);
  }

  support::FileName file_;
  std::optional<Architecture> given_;
  ParsedSass& out_;
  bool unchecked_words_reported_ = false;
  // The header that last differed from --arch, reported once each; an int, -1 for none (a
  // std::optional here meets GCC 12's false maybe-uninitialized at -O3 once other files' code
  // is inlined beside it in the unity build).
  int overridden_ = -1;
  bool overridden(Architecture a) const { return overridden_ == static_cast<int>(a); }
};

}  // namespace

ParsedSass read_sass(std::string_view source, std::string_view file, std::optional<Architecture> architecture) {
  if (!is_listing(source)) return parse_sass(source, file, architecture);
  ParsedSass out;
  const support::FileName name_of_file(file);
  ListingCheck check(name_of_file, architecture, out);
  ListingReader reader(source, name_of_file, architecture);
  while (const std::optional<ListingLine> l = reader.next()) check.line(*l);
  out.diagnostics.append(reader.diagnostics());
  out.diagnostics.sort_by_line();
  return out;
}

}  // namespace gpuatom::nvidia
