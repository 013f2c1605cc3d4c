// `gpuatom disasm sass 0xWORD… | --file F [--binary] [--arch sm_NN]`: Maxwell/Pascal 64-bit
// words to the text NVIDIA's nvdisasm prints for them on that architecture (docs/oracles.md).
//
//   gpuatom disasm sass 0xed07000100570200 0xebf9000000370233
//   gpuatom disasm sass --arch sm_52 0xed09000100470200  (sm_52 reads .F16x2.FTZ.RN, sm_61 .F16x2.RN)
//   gpuatom disasm sass --file words.txt            (one hex word per line; // and # comments)
//   gpuatom disasm sass --file kernel.bin --binary  (raw little-endian 8-byte words)
//
// A word that matches no opcode, or that nvdisasm calls invalid (CAS layout 3, a Ps form on
// sm_50 …), is bad input: as with nvdisasm, nothing is printed, the error names the word, and
// the exit code is 2. A word that breaks a rule of the pages (illegal op × size, reserved code,
// odd register pair) is printed as nvdisasm prints it, with a warning; warnings do not fail.
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "command.hpp"
#include "gpuatom/nvidia/decoder.hpp"
#include "gpuatom/nvidia/printer.hpp"
#include "gpuatom/support/text.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

namespace {

struct DisasmArgs {
  std::string isa;
  std::vector<std::string> words;
  std::string file;
  bool binary = false;
  std::shared_ptr<std::optional<nvidia::Architecture>> architecture =
      std::make_shared<std::optional<nvidia::Architecture>>();
};

// A word and where it came from: line and column of a text, or byte offset (line 0) of a binary.
// The file name is not copied per word: a 10 MB binary holds 1.25 M of them.
struct Word {
  uint64_t value;
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

std::vector<Word> words_from_text(const std::string& text, const std::string& file, support::Diagnostics& diagnostics) {
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
    if (auto w = parse_word(token)) words.push_back({*w, where.line, where.column, 0});
    else diagnostics.error(where, fmt::format("'{}' is not a 64-bit hex word (one per line, e.g. 0xed07000100570200)", token));
  }
  return words;
}

std::vector<Word> words_from_binary(const std::string& bytes, const std::string& file, support::Diagnostics& diagnostics) {
  std::vector<Word> words;
  if (bytes.size() % 8) {
    diagnostics.error({file, 0, 0, bytes.size()},
                      fmt::format("{} bytes is not a whole number of 8-byte instruction words", bytes.size()),
                      "spec/nvidia.md §11");
    return words;
  }
  for (size_t at = 0; at < bytes.size(); at += 8) {
    uint64_t w = 0;
    for (int b = 7; b >= 0; --b) w = (w << 8) | static_cast<unsigned char>(bytes[at + static_cast<size_t>(b)]);
    words.push_back({w, 0, 0, at});
  }
  return words;
}

int run_disasm(const DisasmArgs& args) {
  if (args.file.empty() == args.words.empty())
    throw BadInput("give either words on the command line or --file F (not both)");
  if (args.binary && args.file.empty()) throw BadInput("--binary reads --file F");
  const nvidia::Architecture arch = args.architecture->value_or(nvidia::default_word_architecture);
  if (!nvidia::is_spa5(arch))
    throw BadInput(fmt::format("--arch {}: Maxwell/Pascal words are read for sm_50 sm_52 sm_53 sm_60 sm_61 sm_62",
                               nvidia::name(arch)));
  support::Diagnostics diagnostics;
  std::vector<Word> words;
  if (!args.file.empty()) {
    const std::string input = read_input(args.file);
    words = args.binary ? words_from_binary(input, args.file, diagnostics) : words_from_text(input, args.file, diagnostics);
  } else {
    for (size_t i = 0; i < args.words.size(); ++i) {
      const support::SourceLocation where{"<command line>", 0, 0, i * 8};
      if (auto w = parse_word(args.words[i])) words.push_back({*w, 0, 0, i * 8});
      else diagnostics.error(where, fmt::format("'{}' is not a 64-bit hex word", args.words[i]));
    }
  }
  const std::string source = args.file.empty() ? "<command line>" : args.file;
  std::vector<std::string> lines;
  bool undecodable = diagnostics.has_errors();
  for (const Word& w : words) {
    nvidia::Decoded decoded = nvidia::decode(w.value, w.where(source), arch);
    for (const support::Diagnostic& d : decoded.diagnostics.all()) diagnostics.add(d);
    if (decoded.instruction && !decoded.diagnostics.has_errors()) lines.push_back(nvidia::print(*decoded.instruction));
    else undecodable = true;
  }
  report(diagnostics);
  if (undecodable) return exit_bad_input;
  for (const std::string& line : lines) fmt::print("{}\n", line);
  return diagnostics.has_errors() ? exit_bad_input : exit_ok;
}

}  // namespace

void add_disasm_sass_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<DisasmArgs>();
  CLI::App* cmd = parent.add_subcommand("sass", "Print Maxwell 64-bit atomic instruction words as SASS text");
  cmd->footer(
      "Examples:\n"
      "  gpuatom disasm sass 0xed07000100570200 0xebf9000000370233\n"
      "  gpuatom disasm sass --arch sm_52 0xed09000100470200\n"
      "  gpuatom disasm sass --file words.txt\n"
      "  gpuatom disasm sass --file kernel.bin --binary");
  cmd->add_option("words", args->words, "64-bit words in hex (0xed07000100570200)");
  cmd->add_option("--file", args->file, "read words from a file: one hex word per line, or raw bytes with --binary");
  cmd->add_flag("--binary", args->binary, "--file holds raw little-endian 8-byte words");
  add_architecture_option(*cmd, args->architecture,
                          "read the words as nvdisasm of this architecture does: sm_50 sm_52 sm_53 sm_60 sm_61 sm_62 "
                          "(default sm_61)");
  cmd->callback([&run, args] { run = [args] { return run_disasm(*args); }; });
}

}  // namespace gpuatom::cli
