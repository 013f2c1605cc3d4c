// `gpuatom disasm sass 0xWORD… | FILE | --file F [--binary] [--arch sm_NN] [--control]`: words,
// cubins, raw code and listings to the text nvdisasm prints (docs/oracles.md, docs/sass128.md,
// docs/listings.md). The walks over the input and how they print are the library's
// (nvidia/disassembly_walks.hpp, nvidia/disassembly_pass.hpp); this file picks the walk for what it
// reads and prints. An input that holds no instruction is bad input unless --allow-empty
// (nothing_read.hpp). Any error prints nothing on standard output and exits 2; warnings do not fail.
#include <fmt/format.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "gpuatom/nvidia/binary/cubin.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/disassembly_walks.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "json_lines.hpp"
#include "nothing_read.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

namespace {

struct DisasmArgs {
  std::vector<std::string> words;
  std::string file;
  bool binary = false;
  bool control = false;
  bool json = false;
  NothingReadRule nothing_read;
  std::shared_ptr<std::optional<nvidia::Architecture>> architecture =
      std::make_shared<std::optional<nvidia::Architecture>>();
};

struct DisassemblyOptions {
  std::string file;  // the input's name, for JSON
  bool json = false;
  bool control = false;
  // The nothing-read rule (nothing_read.hpp), given the survey's count: adds its error, if any.
  std::function<void(uint64_t instructions, support::Diagnostics& errors)> nothing_read;
};

// Walks the input with `walk` twice (nvidia/disassembly_pass.hpp), reports the diagnostics
// (errors, then warnings), and prints the listing when there is no error. Returns the exit code.
int print_disassembly(const std::function<void(nvidia::DisassemblyPass&)>& walk, const DisassemblyOptions& options) {
  nvidia::DisassemblySurvey survey(options.control);
  walk(survey);
  if (!survey.failed() && options.nothing_read) options.nothing_read(survey.instructions(), survey.errors());
  const auto print_diagnostics = options.json ? print_json_diagnostics : report;
  print_diagnostics(survey.errors());
  print_diagnostics(survey.warnings());
  if (survey.failed()) return exit_bad_input;
  nvidia::DisassemblyLister::Render json;
  if (options.json)
    json = [&](const nvidia::ListedAtomic& a) {
      const auto place = a.kernel ? std::optional(CodePlace{*a.kernel, a.address}) : std::nullopt;
      return json_instruction(options.file, a.line, a.text, a.word, a.word_high, place);
    };
  // main() checks standard output once, at the end.
  nvidia::DisassemblyLister lister(options.control, survey.widths(), json,
                                   [](std::string_view out) { std::fwrite(out.data(), 1, out.size(), stdout); });
  walk(lister);
  return exit_ok;
}

// A lone command-line argument that is no word names a file (`gpuatom disasm sass kernel.cubin`);
// one spelt like a word (hex digits, 0x) is a word, reported as a bad one when it is.
std::string file_argument(const DisasmArgs& args) {
  if (!args.file.empty() || args.words.size() != 1) return args.file;
  const std::string& lone = args.words[0];
  if (lone == "-") return lone;  // standard input
  if (nvidia::parse_hex_word(lone)) return {};
  std::error_code error;
  if (std::filesystem::exists(lone, error)) return lone;
  return nvidia::spelt_as_word(lone) ? std::string() : lone;  // a file name: reading it says that it does not exist
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
        fmt::format("--arch {}: gpuatom knows no {} words yet (Maxwell/Pascal 64-bit words: {}; 128-bit words: {})",
                    nvidia::name(arch), nvidia::generation_info(arch).name, nvidia::architecture_range(nvidia::is_spa5),
                    nvidia::architecture_range(nvidia::has_sass128_forms)));
  const std::string from_arch = "--arch " + std::string(nvidia::name(arch));
  DisassemblyOptions options{args.file.empty() ? "<command line>" : args.file, args.json, args.control, {}};
  if (args.file.empty()) {
    nvidia::require_control_bits(args.control, arch, from_arch);
    if (args.words.size() % nvidia::word_halves(arch))
      throw BadInput(fmt::format("{} words on the command line: a 128-bit word is two 64-bit halves, low then high",
                                 args.words.size()));
    return print_disassembly(
        [&](nvidia::DisassemblyPass& pass) {
          nvidia::walk_argument_words(args.words, arch, args.architecture->has_value(), pass);
        },
        options);
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
    if (const auto* why = std::get_if<support::Diagnostic>(&read))
      return print_disassembly([&](nvidia::DisassemblyPass& pass) { pass.diagnose(*why); }, options);
    const nvidia::Cubin& cubin = std::get<nvidia::Cubin>(read);
    const nvidia::Architecture code_arch = nvidia::cubin_code_architecture(cubin, *args.architecture, args.file);
    nvidia::require_control_bits(args.control, code_arch, "the cubin");
    options.nothing_read =
        nothing_read(start_of_bytes(file), cubin.kernels.empty() ? "a cubin with no code section (.text.<kernel>)"
                                                                 : "a cubin whose code sections are empty");
    return print_disassembly(
        [&](nvidia::DisassemblyPass& pass) {
          for (const nvidia::CubinKernel& k : cubin.kernels)
            nvidia::walk_code(k.name, k.code, code_arch, args.file, k.file_offset, pass);
        },
        options);
  }
  if (!args.binary && nvidia::is_listing(input)) {
    options.nothing_read = nothing_read(start_of_text(file), "no instruction line");
    return print_disassembly(
        [&](nvidia::DisassemblyPass& pass) {
          nvidia::walk_listing(input, args.file, *args.architecture, args.control, pass);
        },
        options);
  }
  nvidia::require_control_bits(args.control, arch, from_arch);
  options.nothing_read = args.binary ? nothing_read(start_of_bytes(file), "0 bytes of code")
                                     : nothing_read(start_of_text(file), held_by_text(input));
  return print_disassembly(
      [&](nvidia::DisassemblyPass& pass) {
        if (args.binary)
          nvidia::walk_code(args.file, input, arch, args.file, 0, pass);
        else
          nvidia::walk_text_words(input, args.file, arch, args.architecture->has_value(), pass);
      },
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
  add_architecture_option(
      *cmd, args->architecture,
      fmt::format("read the words as nvdisasm of this architecture does: {} (64-bit), {} "
                  "(128-bit) (default {})",
                  nvidia::architecture_range(nvidia::is_spa5), nvidia::architecture_range(nvidia::has_sass128_forms),
                  nvidia::name(nvidia::default_word_architecture)));
  cmd->callback([&run, args] { run = [args] { return run_disasm(*args); }; });
}

}  // namespace gpuatom::cli
