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
// Maxwell/Pascal's control words are passed over; words on their own are all atomics. Every
// printer goes through print_disassembly (sass_disassembly.hpp): lines are written as they are
// decoded, after a first walk found no error. An input that holds no instruction is bad input
// unless --allow-empty (nothing_read.hpp). --control applies to the architecture read: a cubin's
// own, a listing section's, --arch for words.
//
// A word that matches no opcode, or that nvdisasm calls invalid (CAS layout 3, a Ps form on
// sm_50 …), is bad input: as with nvdisasm, nothing is printed, the error names the word, and
// the exit code is 2. A word that breaks a rule of the pages (illegal op × size, reserved code,
// odd register pair) is printed as nvdisasm prints it, with a warning; warnings do not fail.
#include <fmt/format.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/binary/cubin.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/support/text.hpp"
#include "json_lines.hpp"
#include "nothing_read.hpp"
#include "sass_disassembly.hpp"
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
  NothingReadRule nothing_read;
  std::shared_ptr<std::optional<nvidia::Architecture>> architecture =
      std::make_shared<std::optional<nvidia::Architecture>>();
};

// "0xed07000100570200" or "ed07000100570200": at most 16 hex digits.
std::optional<uint64_t> parse_word(std::string_view text) {
  if (support::istarts_with(text, "0x")) text.remove_prefix(2);
  if (text.empty() || text.size() > 16) return std::nullopt;
  std::string prefixed("0x");
  prefixed += text;
  return support::parse_unsigned(prefixed);
}

support::Diagnostic error_at(const support::SourceLocation& where, std::string message) {
  return {support::Severity::error, where, std::move(message), {}};
}

// The architecture of a cubin's code: the cubin's, or --arch when it names the same target or
// another `a`/`f` variant of it.
nvidia::Architecture cubin_architecture(const nvidia::Cubin& cubin, const std::optional<nvidia::Architecture>& given,
                                        const std::string& file) {
  if (!given) return cubin.architecture;
  if (nvidia::same_base(*given, cubin.architecture)) return *given;
  throw BadInput(fmt::format("{}: the cubin is code for {} (its ELF header), not --arch {}", file,
                             nvidia::name(cubin.architecture), nvidia::name(*given)));
}

// --control prints control bits kept in each 128-bit word; Maxwell/Pascal keep them apart.
void check_control(const DisasmArgs& args, nvidia::Architecture arch, const std::string& what) {
  if (args.control && nvidia::is_spa5(arch))
    throw BadInput(
        fmt::format("--control prints a 128-bit word's control bits (sm_70 on); {} is {} code, which keeps "
                    "them in control words",
                    what, nvidia::name(arch)));
}

// One kernel's code (a cubin's section, or raw code): its atomics, as the code walker finds them.
void walk_code(std::string_view kernel, std::string_view code, nvidia::Architecture arch, const std::string& file,
               uint64_t file_offset, DisassemblyPass& pass) {
  pass.section(kernel, arch, true);
  const nvidia::CodeAtomics walked = nvidia::for_each_atomic_in_code(
      code, arch, file, file_offset, [&](nvidia::CodeAtomic& atomic) { pass.atomic(atomic, 0); });
  pass.read(walked.instructions);
  pass.diagnose(walked.diagnostics);
}

// A listing's words, listed again with gpuatom's text: a section wherever the architecture or the
// kernel changes. Lines whose word is another instruction are passed over.
void walk_listing(std::string_view input, const std::string& file, const DisasmArgs& args, DisassemblyPass& pass) {
  const std::optional<nvidia::Architecture>& given = *args.architecture;
  const nvidia::Architecture fallback = given.value_or(nvidia::default_word_architecture);
  nvidia::ListingReader reader(input, file, given);
  std::optional<nvidia::Architecture> section_arch;
  uint32_t section_header = 0;
  std::string section_function;
  bool control_warned = false;
  nvidia::CodeAtomic atomic;
  while (const std::optional<nvidia::ListingLine> l = reader.next()) {
    pass.read(1);
    const nvidia::Architecture arch = l->architecture.value_or(fallback);
    if (arch != section_arch || l->header_line != section_header || l->function != section_function) {
      section_arch = arch;
      section_header = l->header_line;
      section_function = l->function;
      pass.section(section_function.empty() ? file : section_function, arch, false);
      if (args.control && nvidia::is_spa5(arch) && !control_warned) {
        pass.diagnose(support::Diagnostic{support::Severity::warning,
                                          {file, l->line, 1, std::nullopt},
                                          fmt::format("--control: {} code keeps its control bits in control words, "
                                                      "which are passed over; its lines have no control comment",
                                                      nvidia::name(arch)),
                                          "docs/listings.md"});
        control_warned = true;
      }
    }
    if (auto wrong = nvidia::word_halves_error(*l, arch)) {
      pass.diagnose(*wrong);
      continue;
    }
    if (l->words.empty()) {
      pass.diagnose(support::Diagnostic{support::Severity::error,
                                        {file, l->line, 1, std::nullopt},
                                        "an instruction line without its word: disasm reads a listing's words "
                                        "(cuobjdump -sass, nvdisasm -hex); check and asm read its text",
                                        "docs/listings.md"});
      continue;
    }
    const nvidia::Word128 word{l->words[0], l->words.size() == 2 ? l->words[1] : 0};
    if (nvidia::read_atomic_in_word(word, l->address, arch, l->words_at, atomic)) pass.atomic(atomic, 0);
  }
  pass.diagnose(reader.diagnostics());
}

// Without --arch, words are read as sm_61's; a 128-bit word given as its two halves reads as two
// words that are no Maxwell/Pascal atomic. The architecture they read on, if they do.
std::optional<nvidia::Architecture> reads_as_128_bit(uint64_t low, uint64_t high) {
  for (const nvidia::Architecture arch : nvidia::architectures())
    if (nvidia::has_sass128_forms(arch) && nvidia::has_atomic_opcode({low, high}, arch) &&
        std::holds_alternative<nvidia::Instruction>(nvidia::decode128({low, high}, arch)))
      return arch;
  return std::nullopt;
}

support::Diagnostic needs_arch(const support::SourceLocation& where, uint64_t low, uint64_t high,
                               nvidia::Architecture arch) {
  return {support::Severity::error, where,
          fmt::format("0x{:016x} 0x{:016x} are no Maxwell/Pascal atomics (without --arch, words are read as {}'s), but "
                      "they read as one 128-bit word, low then high, of sm_70 on: give --arch (--arch {}, say)",
                      low, high, nvidia::name(nvidia::default_word_architecture), nvidia::name(arch)),
          "docs/sass128.md"};
}

// Words on the command line: each an atomic (two halves each for a 128-bit word).
void walk_argument_words(const DisasmArgs& args, nvidia::Architecture arch, DisassemblyPass& pass) {
  const size_t halves = nvidia::word_halves(arch);
  pass.words(arch);
  for (size_t i = 0; i < args.words.size(); i += halves) {
    const support::SourceLocation where{"<command line>", 0, 0, i * 8};
    const auto low = parse_word(args.words[i]);
    const auto high = halves == 2 ? parse_word(args.words[i + 1]) : std::optional<uint64_t>(0);
    if (!low || !high) {
      pass.diagnose(error_at(where, fmt::format("'{}' is not a 64-bit hex word", args.words[low ? i + 1 : i])));
      continue;
    }
    pass.read(1);
    nvidia::CodeAtomic atomic = nvidia::decode_atomic({*low, *high}, 0, arch, where);
    if (!atomic.instruction && !args.architecture->has_value() && i + 1 < args.words.size()) {
      const auto next = parse_word(args.words[i + 1]);
      if (const auto wide = next ? reads_as_128_bit(*low, *next) : std::nullopt) {
        pass.diagnose(needs_arch(where, *low, *next, *wide));
        ++i;
        continue;
      }
    }
    pass.atomic(atomic, 0);
  }
}

// A text of words, one per line (two halves for a 128-bit word); // and # start comments.
void walk_text_words(const std::string& text, const std::string& file, const DisasmArgs& args,
                     nvidia::Architecture arch, DisassemblyPass& pass) {
  const size_t halves = nvidia::word_halves(arch);
  pass.words(arch);
  uint32_t line_number = 0;
  for (size_t start = 0; start < text.size();) {
    const size_t end = std::min(text.find('\n', start), text.size());
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
    const size_t space = token.find_first_of(" \t");
    const size_t second = space == std::string_view::npos ? space : token.find_first_not_of(" \t", space);
    const auto low = parse_word(token.substr(0, space));
    const auto high = second == std::string_view::npos ? std::nullopt : parse_word(token.substr(second));
    if (halves == 2 && !(low && high)) {
      pass.diagnose(error_at(where, fmt::format("'{}' is not a 128-bit word: two 64-bit hex halves, low then high "
                                                "(0x000000040a0079a8 0x004e2800081ee1c6)",
                                                token)));
      continue;
    }
    if (halves == 1 && (!low || space != std::string_view::npos)) {
      std::string hint;
      if (low && high && !args.architecture->has_value())
        hint =
            "; two words on a line are a 128-bit word's halves, low then high: give --arch for sm_70 on (--arch sm_90, "
            "say)";
      pass.diagnose(error_at(
          where, fmt::format("'{}' is not a 64-bit hex word (one per line, e.g. 0xed07000100570200){}", token, hint)));
      continue;
    }
    pass.read(1);
    pass.atomic(nvidia::decode_atomic({*low, halves == 2 ? *high : 0}, 0, arch, where), line_number);
  }
}

// A lone command-line argument that is no word names a file (`gpuatom disasm sass kernel.cubin`);
// one spelt like a word (hex digits, 0x) is a word, reported as a bad one when it is.
std::string file_argument(const DisasmArgs& args) {
  if (!args.file.empty() || args.words.size() != 1) return args.file;
  const std::string& lone = args.words[0];
  if (lone == "-") return lone;  // standard input
  if (parse_word(lone)) return {};
  std::error_code error;
  if (std::filesystem::exists(lone, error)) return lone;
  const std::string_view digits = support::istarts_with(lone, "0x") ? std::string_view(lone).substr(2) : lone;
  const bool spelt_as_word =
      !digits.empty() && digits.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
  return spelt_as_word ? std::string() : lone;  // a file name: reading it says that it does not exist
}

int run_disasm(const DisasmArgs& given_args) {
  DisasmArgs args = given_args;
  if (std::string file = file_argument(args); !file.empty() && args.file.empty()) {
    args.file = std::move(file);
    args.words.clear();
  }
  if (args.file.empty() && args.words.empty())
    throw BadInput(
        "nothing to read: give words (0xed07000100570200 …), a file (a cubin, a listing, a file of words) "
        "or - for standard input");
  if (!args.file.empty() && !args.words.empty()) throw BadInput("give words or --file F, not both");
  if (args.binary && args.file.empty()) throw BadInput("--binary reads --file F");
  const nvidia::Architecture arch = args.architecture->value_or(nvidia::default_word_architecture);
  if (!nvidia::is_spa5(arch) && !nvidia::has_sass128_forms(arch))
    throw BadInput(
        fmt::format("--arch {}: gpuatom knows no {} words yet (Maxwell/Pascal 64-bit words: sm_50 … sm_62; "
                    "128-bit words: sm_70 … sm_121f)",
                    nvidia::name(arch), nvidia::generation_info(arch).name));
  DisassemblyOptions options;
  options.file = args.file.empty() ? "<command line>" : args.file;
  options.json = args.json;
  options.control = args.control;
  if (args.file.empty()) {
    check_control(args, arch, "--arch " + std::string(nvidia::name(arch)));
    if (args.words.size() % nvidia::word_halves(arch))
      throw BadInput(fmt::format("{} words on the command line: a 128-bit word is two 64-bit halves, low then high",
                                 args.words.size()));
    return print_disassembly([&](DisassemblyPass& pass) { walk_argument_words(args, arch, pass); }, options);
  }
  const std::string input = read_input(args.file);
  const support::FileName file(args.file);
  const auto nothing_read = [&](support::SourceLocation where, std::string_view held) {
    return [&, where, held](uint64_t instructions, support::Diagnostics& errors) {
      args.nothing_read.check(instructions, where, held, errors);
    };
  };
  if (nvidia::is_elf(input)) {
    auto read = nvidia::read_cubin(input, args.file);
    if (const auto* why = std::get_if<support::Diagnostic>(&read)) {
      support::Diagnostics refused;
      refused.add(*why);
      if (args.json)
        print_json_diagnostics(refused);
      else
        report(refused);
      return exit_bad_input;
    }
    const nvidia::Cubin& cubin = std::get<nvidia::Cubin>(read);
    const nvidia::Architecture code_arch = cubin_architecture(cubin, *args.architecture, args.file);
    check_control(args, code_arch, "the cubin");
    options.nothing_read =
        nothing_read(start_of_bytes(file), cubin.kernels.empty() ? "a cubin with no code section (.text.<kernel>)"
                                                                 : "a cubin whose code sections are empty");
    return print_disassembly(
        [&](DisassemblyPass& pass) {
          for (const nvidia::CubinKernel& k : cubin.kernels)
            walk_code(k.name, k.code, code_arch, args.file, k.file_offset, pass);
        },
        options);
  }
  if (args.binary) {
    check_control(args, arch, "--arch " + std::string(nvidia::name(arch)));
    options.nothing_read = nothing_read(start_of_bytes(file), "0 bytes of code");
    return print_disassembly([&](DisassemblyPass& pass) { walk_code(args.file, input, arch, args.file, 0, pass); },
                             options);
  }
  if (nvidia::is_listing(input)) {
    options.nothing_read = nothing_read(start_of_text(file), "no instruction line");
    return print_disassembly([&](DisassemblyPass& pass) { walk_listing(input, args.file, args, pass); }, options);
  }
  check_control(args, arch, "--arch " + std::string(nvidia::name(arch)));
  options.nothing_read = nothing_read(start_of_text(file), held_by_text(input));
  return print_disassembly([&](DisassemblyPass& pass) { walk_text_words(input, args.file, args, arch, pass); },
                           options);
}

}  // namespace

void add_disasm_sass_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<DisasmArgs>();
  CLI::App* cmd = parent.add_subcommand("sass",
                                        "Print atomic instruction words (Maxwell/Pascal 64-bit, Volta … Blackwell "
                                        "128-bit), cubins and listings as SASS text");
  cmd->footer(
      "Examples:\n"
      "  gpuatom disasm sass 0xed07000100570200 0xebf9000000370233\n"
      "  gpuatom disasm sass --arch sm_52 0xed09000100470200\n"
      "  gpuatom disasm sass --arch sm_90 0x000000040a0079a8 0x004e2800081ee1c6\n"
      "  gpuatom disasm sass --file words.txt\n"
      "  gpuatom disasm sass kernel.cubin\n"
      "  cuobjdump -sass a.out | gpuatom disasm sass --file -\n"
      "  gpuatom disasm sass --file kernel.text --binary --arch sm_52");
  cmd->add_option(
      "words", args->words,
      "64-bit words in hex (0xed07000100570200); a 128-bit word is two, low then high; or one file (a cubin, "
      "a listing, a file of words), - for standard input");
  cmd->add_option("--file", args->file,
                  "read a file: a cubin (ELF), a cuobjdump/nvdisasm listing (its words), one hex word per line (two "
                  "for a 128-bit word), or raw code with --binary");
  cmd->add_flag("--binary", args->binary,
                "--file is raw code (a .text section): little-endian 8-byte words with a control word every fourth "
                "(sm_5x/sm_6x) or 16-byte words (sm_70 on); other instructions are passed over");
  cmd->add_flag("--json", args->json,
                "one JSON object per instruction and per diagnostic on standard output (keys in "
                "docs/reference/cli.md, `gpuatom check`; code adds \"kernel\" and \"address\")");
  cmd->add_flag("--control", args->control,
                "print each 128-bit word's control bits (stall, yield, barriers, reuse) as a comment after its text "
                "(words, cubins, raw code and listings of sm_70 on)");
  args->nothing_read.add_option(*cmd);
  add_architecture_option(*cmd, args->architecture,
                          "read the words as nvdisasm of this architecture does: sm_50 … sm_62 (64-bit), sm_70 … "
                          "sm_121f (128-bit) (default sm_61)");
  cmd->callback([&run, args] { run = [args] { return run_disasm(*args); }; });
}

}  // namespace gpuatom::cli
