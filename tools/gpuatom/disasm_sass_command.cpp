// `gpuatom disasm sass 0xWORD… | FILE | --file F [--binary] [--arch sm_NN] [--control]`: words,
// cubins, raw code and listings to the text nvdisasm prints (docs/oracles.md, docs/sass128.md,
// docs/listings.md). Which walk fits the input, and how it prints, are the library's
// (nvidia/disassembly_walks.hpp, nvidia/disassembly_pass.hpp); this file reads the options and
// prints. An input that holds no instruction is bad input unless --allow-empty
// (nothing_read.hpp). Any error prints nothing on standard output and exits 2; warnings do not fail.
#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/disassembly_walks.hpp"
#include "json_lines.hpp"
#include "nothing_read.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

namespace {

struct SassDisasmArgs {
  std::vector<std::string> words;
  std::string file;
  bool binary = false;
  bool control = false;
  bool json = false;
  NothingReadRule nothing_read;
  std::shared_ptr<std::optional<nvidia::Architecture>> architecture =
      std::make_shared<std::optional<nvidia::Architecture>>();
};

int run_sass_disasm(const SassDisasmArgs& args) {
  const nvidia::DisassemblySource source = nvidia::disassembly_source(args.words, args.file, args.binary);
  const std::optional<nvidia::Architecture>& given = *args.architecture;
  const nvidia::Architecture arch = nvidia::disassembly_architecture(given);
  const nvidia::DisassemblyWalk walk =
      source.file.empty()
          ? nvidia::argument_words_walk(source.words, arch, given, args.control)
          : nvidia::file_walk(source.file, read_input(source.file), args.binary, arch, given, args.control);
  const std::string name = source.file.empty() ? "<command line>" : source.file;  // the input's name, for JSON
  nvidia::DisassemblyLister::Render json;
  if (args.json)
    json = [&](const nvidia::ListedAtomic& a) {
      const auto place = a.kernel ? std::optional(CodePlace{*a.kernel, a.address}) : std::nullopt;
      return json_instruction(name, a.line, a.text, a.word, a.word_high, place);
    };
  std::function<void(uint64_t, support::Diagnostics&)> nothing_read;
  if (walk.where)
    nothing_read = [&](uint64_t instructions, support::Diagnostics& errors) {
      args.nothing_read.check(instructions, *walk.where, walk.held, errors);
    };
  // main() checks standard output once, at the end.
  const bool listed =
      nvidia::disassemble(walk.walk, args.control, nothing_read, args.json ? print_json_diagnostics : report, json,
                          [](std::string_view out) { std::fwrite(out.data(), 1, out.size(), stdout); });
  return listed ? exit_ok : exit_bad_input;
}

}  // namespace

void add_disasm_sass_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<SassDisasmArgs>();
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
                "(words, cubins, raw code and listings of sm_70 on); the other bits its text does not show are "
                "printed without it, as a `/* unprinted: 0x… 0x… */` comment, where a word has any");
  args->nothing_read.add_option(*cmd);
  add_architecture_option(
      *cmd, args->architecture,
      fmt::format("read the words as nvdisasm of this architecture does: {} (64-bit), {} "
                  "(128-bit) (default {})",
                  nvidia::architecture_range(nvidia::is_spa5), nvidia::architecture_range(nvidia::has_sass128_forms),
                  nvidia::name(nvidia::default_word_architecture)));
  cmd->callback([&run, args] { run = [args] { return run_sass_disasm(*args); }; });
}

}  // namespace gpuatom::cli
