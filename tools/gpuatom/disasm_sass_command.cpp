// `gpuatom disasm sass 0xWORD… | --file F [--binary] [--arch sm_NN]`: Maxwell/Pascal 64-bit
// words, or Volta … Blackwell 128-bit words (two 64-bit halves, low then high), to the text
// NVIDIA's nvdisasm prints for them on that architecture (docs/oracles.md, docs/sass128.md).
//
//   gpuatom disasm sass 0xed07000100570200 0xebf9000000370233
//   gpuatom disasm sass --arch sm_90 0x000000040a0079a8 0x004e2800081ee1c6
//   gpuatom disasm sass --arch sm_90 --control 0x000000040a0079a8 0x004e2800081ee1c6  (control bits as a comment)
//   gpuatom disasm sass --arch sm_52 0xed09000100470200  (sm_52 reads .F16x2.FTZ.RN, sm_61 .F16x2.RN)
//   gpuatom disasm sass --file words.txt            (one hex word per line; // and # comments)
//   gpuatom disasm sass --file kernel.text --binary (a raw code section: little-endian words)
//   gpuatom disasm sass kernel.cubin                (every kernel's atomics, the architecture
//                                                    from the ELF header)
//   cuobjdump -sass a.out | gpuatom disasm sass --file -   (a listing: its words read again)
//
// Code (a cubin, --binary) and listings print as cuobjdump lists code: a header per kernel, each
// atomic with its address and word comments (docs/listings.md). Their other instructions and
// Maxwell/Pascal's control words are passed over; words on their own are all atomics.
//
// A word that matches no opcode, or that nvdisasm calls invalid (CAS layout 3, a Ps form on
// sm_50 …), is bad input: as with nvdisasm, nothing is printed, the error names the word, and
// the exit code is 2. A word that breaks a rule of the pages (illegal op × size, reserved code,
// odd register pair) is printed as nvdisasm prints it, with a warning; warnings do not fail.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "command.hpp"
#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/binary/cubin.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/support/text.hpp"
#include "json_lines.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

namespace {

struct DisasmArgs {
  std::string isa;
  std::vector<std::string> words;
  std::string file;
  bool binary = false;
  bool control = false;
  bool json = false;
  std::shared_ptr<std::optional<nvidia::Architecture>> architecture =
      std::make_shared<std::optional<nvidia::Architecture>>();
};

// A word and where it came from: line and column of a text, or byte offset (line 0) of a binary.
// The file name is not copied per word: a 10 MB binary holds 1.25 M of them.
struct Word {
  uint64_t value;
  uint64_t high = 0;  // a 128-bit word's high half
  uint32_t line = 0, column = 0;
  uint64_t offset = 0;

  support::SourceLocation where(const std::string& file) const {
    if (line) return {file, line, column, std::nullopt};
    return {file, 0, 0, offset};
  }
};

// "0xed07000100570200" or "ed07000100570200": at most 16 hex digits.
std::optional<uint64_t> parse_word(std::string_view text) {
  if (support::istarts_with(text, "0x")) text.remove_prefix(2);
  if (text.empty() || text.size() > 16) return std::nullopt;
  std::string prefixed("0x");
  prefixed += text;
  return support::parse_unsigned(prefixed);
}

// `halves` = 2 for 128-bit words: each line holds the low and the high half.
std::vector<Word> words_from_text(const std::string& text, const std::string& file, support::Diagnostics& diagnostics,
                                  int halves) {
  std::vector<Word> words;
  uint32_t line_number = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + start, end - start);
    ++line_number;
    start = end + 1;
    for (std::string_view comment : {"//", "#"})
      if (size_t c = line.find(comment); c != std::string_view::npos) line = line.substr(0, c);
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) continue;
    const size_t last = line.find_last_not_of(" \t\r");
    const std::string_view token = line.substr(first, last - first + 1);
    const support::SourceLocation where{file, line_number, static_cast<uint32_t>(first + 1), std::nullopt};
    if (halves == 2) {
      const size_t space = token.find_first_of(" \t");
      const size_t second = space == std::string_view::npos ? space : token.find_first_not_of(" \t", space);
      const auto low = parse_word(token.substr(0, space));
      const auto high = second == std::string_view::npos ? std::nullopt : parse_word(token.substr(second));
      if (low && high) words.push_back({*low, *high, where.line, where.column, 0});
      else
        diagnostics.error(where, fmt::format("'{}' is not a 128-bit word: two 64-bit hex halves, low then high "
                                             "(0x000000040a0079a8 0x004e2800081ee1c6)",
                                             token));
      continue;
    }
    if (auto w = parse_word(token)) words.push_back({*w, 0, where.line, where.column, 0});
    else diagnostics.error(where, fmt::format("'{}' is not a 64-bit hex word (one per line, e.g. 0xed07000100570200)", token));
  }
  return words;
}

// A listing of code in cuobjdump's layout, built up kernel by kernel; an atomic that does not
// decode leaves its diagnostics and no line. Code holds many atomics: the warnings (rules a word
// breaks) are kept apart and reported after the errors, so that no error is lost behind the cap
// on what is listed (support::Diagnostics::max_kept).
struct CodeListing {
  std::string text;
  bool undecodable = false;
  support::Diagnostics warnings;
  bool json = false;  // --json: `text` holds one JSON object per instruction, diagnostics go to standard output
  std::string file;

  void keep(const support::Diagnostic& d, support::Diagnostics& errors) {
    (d.severity == support::Severity::error ? errors : warnings).add(d);
  }
  void report_all(const support::Diagnostics& errors) const {
    if (json) {
      print_json_diagnostics(errors);
      print_json_diagnostics(warnings);
      return;
    }
    report(errors);
    report(warnings);
  }

  // One kernel's code (`walk(visit)` visits each of its atomics and returns the rest of what
  // atomics_in_code() returns), or a listing's atomics passed in as `walk` visits them.
  template <typename Walk>
  void add(const std::string& kernel, nvidia::Architecture arch, support::Diagnostics& diagnostics, Walk walk) {
    if (!json) text += nvidia::listing_header(arch, kernel);
    struct Line {
      uint64_t address;
      nvidia::Word128 word;
      std::string text;
    };
    std::vector<Line> lines;
    size_t width = 0;
    const nvidia::CodeAtomics code = walk([&](nvidia::CodeAtomic& atomic) {
      for (const support::Diagnostic& d : atomic.diagnostics.all()) keep(d, diagnostics);
      if (!atomic.instruction) {
        undecodable = true;
        return;
      }
      lines.push_back({atomic.address, atomic.word, nvidia::print(*atomic.instruction)});
      width = std::max(width, nvidia::listing_width(lines.back().text));
    });
    for (const support::Diagnostic& d : code.diagnostics.all()) keep(d, diagnostics);
    undecodable |= code.diagnostics.has_errors();
    // Each line is the padded text and one or two word comments (~35 + width + 26 bytes each).
    text.reserve(text.size() + lines.size() * (64 + width) * nvidia::word_halves(arch));
    if (json) {
      const bool wide = nvidia::word_halves(arch) == 2;
      for (const Line& l : lines)
        text += json_instruction(file, 0, l.text, l.word.lo, wide ? std::optional(l.word.hi) : std::nullopt,
                                 CodePlace{kernel, l.address});
      return;
    }
    for (const Line& l : lines) nvidia::append_listing_line(text, l.address, l.text, l.word, arch, width);
  }
};

// The architecture of a cubin's code: the cubin's, or --arch when it names the same target or
// another `a`/`f` variant of it.
nvidia::Architecture cubin_architecture(const nvidia::Cubin& cubin, const std::optional<nvidia::Architecture>& given,
                                        const std::string& file) {
  if (!given) return cubin.architecture;
  if (nvidia::compute_capability(*given) == nvidia::compute_capability(cubin.architecture)) return *given;
  throw BadInput(fmt::format("{}: the cubin is code for {} (its ELF header), not --arch {}", file,
                             nvidia::name(cubin.architecture), nvidia::name(*given)));
}

// One word's line, or nothing with its diagnostics added.
std::optional<std::string> disassemble(const Word& w, const support::SourceLocation& where, nvidia::Architecture arch,
                                       bool control, support::Diagnostics& diagnostics) {
  if (nvidia::is_spa5(arch)) {
    nvidia::Decoded decoded = nvidia::decode(w.value, where, arch);
    for (const support::Diagnostic& d : decoded.diagnostics.all()) diagnostics.add(d);
    if (decoded.instruction && !decoded.diagnostics.has_errors()) return nvidia::print(*decoded.instruction);
    return std::nullopt;
  }
  const nvidia::Word128 word{w.value, w.high};
  const auto decoded = nvidia::decode128(word, arch, where);
  if (const auto* why = std::get_if<support::Diagnostic>(&decoded)) {
    diagnostics.add(*why);
    return std::nullopt;
  }
  std::string line = nvidia::print(std::get<nvidia::Instruction>(decoded));
  if (control) line += fmt::format("  /* {} */", nvidia::describe(nvidia::control_bits(word)));
  return line;
}

// A listing's words, listed again with gpuatom's text: a header wherever the architecture or the
// kernel changes. Lines whose word is another instruction are passed over.
int disassemble_listing(const std::string& input, const std::string& file, const std::optional<nvidia::Architecture>& given,
                        support::Diagnostics& diagnostics, bool json) {
  const nvidia::Architecture fallback = given.value_or(nvidia::default_word_architecture);
  nvidia::CodeAtomics section;
  CodeListing listing;
  listing.json = json;
  listing.file = file;
  std::optional<nvidia::Architecture> section_arch;
  uint32_t section_header = 0;
  std::string section_function;
  const auto flush = [&] {
    if (section_arch && !section.atomics.empty())
      listing.add(section_function.empty() ? file : section_function, *section_arch, diagnostics, [&](auto visit) {
        for (nvidia::CodeAtomic& atomic : section.atomics) visit(atomic);
        return nvidia::CodeAtomics{};
      });
    section = {};
  };
  for (const nvidia::ListingLine& l : nvidia::listing_lines(input, file, given)) {
    const nvidia::Architecture arch = l.architecture.value_or(fallback);
    if (arch != section_arch || l.header_line != section_header || l.function != section_function) {
      flush();
      section_arch = arch;
      section_header = l.header_line;
      section_function = l.function;
    }
    if (auto wrong = nvidia::word_halves_error(l, arch)) {
      diagnostics.add(std::move(*wrong));
      continue;
    }
    if (l.words.empty()) {
      diagnostics.error({file, l.line, 1, std::nullopt},
                        "an instruction line without its word: disasm reads a listing's words (cuobjdump -sass, "
                        "nvdisasm -hex); check and asm read its text",
                        "docs/listings.md");
      continue;
    }
    const nvidia::Word128 word{l.words[0], l.words.size() == 2 ? l.words[1] : 0};
    if (auto atomic = nvidia::atomic_in_word(word, l.address, arch, l.words_at)) section.atomics.push_back(std::move(*atomic));
  }
  flush();
  listing.report_all(diagnostics);
  if (listing.undecodable || diagnostics.has_errors()) return exit_bad_input;
  fmt::print("{}", listing.text);
  return exit_ok;
}

// The file a lone command-line argument names (`gpuatom disasm sass kernel.cubin`), if it is no word.
std::string file_argument(const DisasmArgs& args) {
  if (args.file.empty() && args.words.size() == 1 && args.words[0] == "-") return "-";  // standard input
  if (!args.file.empty() || args.words.size() != 1 || parse_word(args.words[0])) return args.file;
  std::error_code error;
  return std::filesystem::exists(args.words[0], error) ? args.words[0] : std::string();
}

int run_disasm(const DisasmArgs& given_args) {
  DisasmArgs args = given_args;
  if (std::string file = file_argument(args); !file.empty() && args.file.empty()) {
    args.file = std::move(file);
    args.words.clear();
  }
  if (args.file.empty() && args.words.empty())
    throw BadInput("nothing to read: give words (0xed07000100570200 …), a file (a cubin, a listing, a file of words) "
                   "or - for standard input");
  if (!args.file.empty() && !args.words.empty()) throw BadInput("give words or --file F, not both");
  if (args.binary && args.file.empty()) throw BadInput("--binary reads --file F");
  const nvidia::Architecture arch = args.architecture->value_or(nvidia::default_word_architecture);
  if (!nvidia::is_spa5(arch) && !nvidia::has_sass128_forms(arch))
    throw BadInput(fmt::format("--arch {}: gpuatom knows no {} words yet (Maxwell/Pascal 64-bit words: sm_50 … sm_62; "
                               "128-bit words: sm_70 … sm_121f)",
                               nvidia::name(arch), nvidia::generation_info(arch).name));
  if (args.control && nvidia::is_spa5(arch))
    throw BadInput("--control prints a 128-bit word's control bits (sm_70 on); Maxwell/Pascal keep them in a control word");
  const int halves = static_cast<int>(nvidia::word_halves(arch));
  support::Diagnostics diagnostics;
  std::vector<Word> words;
  if (!args.file.empty()) {
    const std::string input = read_input(args.file);
    if (nvidia::is_elf(input) || args.binary) {
      CodeListing listing;
      listing.json = args.json;
      listing.file = args.file;
      if (nvidia::is_elf(input)) {
        auto cubin = nvidia::read_cubin(input, args.file);
        if (const auto* why = std::get_if<support::Diagnostic>(&cubin)) {
          diagnostics.add(*why);
          listing.report_all(diagnostics);
          return exit_bad_input;
        }
        const nvidia::Cubin& c = std::get<nvidia::Cubin>(cubin);
        const nvidia::Architecture code_arch = cubin_architecture(c, *args.architecture, args.file);
        for (const nvidia::CubinKernel& k : c.kernels)
          listing.add(k.name, code_arch, diagnostics, [&](auto visit) {
            return nvidia::for_each_atomic_in_code(k.code, code_arch, args.file, k.file_offset, visit);
          });
      } else {
        listing.add(args.file, arch, diagnostics, [&](auto visit) {
          return nvidia::for_each_atomic_in_code(input, arch, args.file, 0, visit);
        });
      }
      listing.report_all(diagnostics);
      if (listing.undecodable || diagnostics.has_errors()) return exit_bad_input;
      fmt::print("{}", listing.text);
      return exit_ok;
    }
    if (nvidia::is_listing(input)) return disassemble_listing(input, args.file, *args.architecture, diagnostics, args.json);
    words = words_from_text(input, args.file, diagnostics, halves);
  } else {
    if (args.words.size() % static_cast<size_t>(halves))
      throw BadInput(fmt::format("{} words on the command line: a 128-bit word is two 64-bit halves, low then high",
                                 args.words.size()));
    for (size_t i = 0; i < args.words.size(); i += static_cast<size_t>(halves)) {
      const support::SourceLocation where{"<command line>", 0, 0, i * 8};
      const auto low = parse_word(args.words[i]);
      const auto high = halves == 2 ? parse_word(args.words[i + 1]) : std::optional<uint64_t>(0);
      if (low && high) words.push_back({*low, *high, 0, 0, i * 8});
      else diagnostics.error(where, fmt::format("'{}' is not a 64-bit hex word", args.words[low ? i + 1 : i]));
    }
  }
  const std::string source = args.file.empty() ? "<command line>" : args.file;
  std::vector<std::pair<const Word*, std::string>> lines;
  bool undecodable = diagnostics.has_errors();
  for (const Word& w : words) {
    if (auto line = disassemble(w, w.where(source), arch, args.control, diagnostics)) lines.emplace_back(&w, std::move(*line));
    else undecodable = true;
  }
  if (args.json) print_json_diagnostics(diagnostics);
  else report(diagnostics);
  if (undecodable) return exit_bad_input;
  for (const auto& [w, line] : lines) {
    if (args.json)
      print_json_instruction(source, w->line, line, w->value, halves == 2 ? std::optional(w->high) : std::nullopt);
    else fmt::print("{}\n", line);
  }
  return diagnostics.has_errors() ? exit_bad_input : exit_ok;
}

}  // namespace

void add_disasm_sass_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<DisasmArgs>();
  CLI::App* cmd = parent.add_subcommand("sass", "Print atomic instruction words (Maxwell/Pascal 64-bit, Volta … Blackwell 128-bit), cubins and listings as SASS text");
  cmd->footer(
      "Examples:\n"
      "  gpuatom disasm sass 0xed07000100570200 0xebf9000000370233\n"
      "  gpuatom disasm sass --arch sm_52 0xed09000100470200\n"
      "  gpuatom disasm sass --arch sm_90 0x000000040a0079a8 0x004e2800081ee1c6\n"
      "  gpuatom disasm sass --file words.txt\n"
      "  gpuatom disasm sass kernel.cubin\n"
      "  cuobjdump -sass a.out | gpuatom disasm sass --file -\n"
      "  gpuatom disasm sass --file kernel.text --binary --arch sm_52");
  cmd->add_option("words", args->words,
                  "64-bit words in hex (0xed07000100570200); a 128-bit word is two, low then high; or one file (a cubin, "
                  "a listing, a file of words), - for standard input");
  cmd->add_option("--file", args->file,
                  "read a file: a cubin (ELF), a cuobjdump/nvdisasm listing (its words), one hex word per line (two "
                  "for a 128-bit word), or raw code with --binary");
  cmd->add_flag("--binary", args->binary,
                "--file is raw code (a .text section): little-endian 8-byte words with a control word every fourth "
                "(sm_5x/sm_6x) or 16-byte words (sm_70 on); other instructions are passed over");
  cmd->add_flag("--json", args->json, "one JSON object per instruction and per diagnostic on standard output (keys in "
                                      "docs/reference/cli.md, `gpuatom check`; code adds \"kernel\" and \"address\")");
  cmd->add_flag("--control", args->control, "print each 128-bit word's control bits (stall, yield, barriers, reuse) as a comment");
  add_architecture_option(*cmd, args->architecture,
                          "read the words as nvdisasm of this architecture does: sm_50 … sm_62 (64-bit), sm_70 … "
                          "sm_121f (128-bit) (default sm_61)");
  cmd->callback([&run, args] { run = [args] { return run_disasm(*args); }; });
}

}  // namespace gpuatom::cli
