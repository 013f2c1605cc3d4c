// `gpuatom asm sass [--arch sm_XY] [--encode] FILE|-`: reads SASS atomics, checks them, and prints
// each in canonical form (docs/spec/nvidia.md §10.4); with --encode, each word beside its text
// (§11, docs/sass128.md), made by the library (nvidia/assembly.hpp). On any error nothing is
// printed to standard output and the exit code is 2; warnings do not fail. --rules-as-warnings
// reports the pages' rules as warnings, as `disasm sass` does, so every line disasm prints
// assembles back to its word.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "command.hpp"
#include "gpuatom/nvidia/assembly.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "json_lines.hpp"
#include "nothing_read.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

namespace {

struct SassAsmArgs {
  std::string path;
  bool encode = false;
  bool rules_as_warnings = false;
  bool json = false;
  NothingReadRule nothing_read;
  std::shared_ptr<std::optional<nvidia::Architecture>> architecture =
      std::make_shared<std::optional<nvidia::Architecture>>();
};

int run_sass_asm(const SassAsmArgs& args) {
  const std::string source = read_input(args.path);
  nvidia::ParsedSass checked =
      nvidia::check_sass(source, args.path, *args.architecture,
                         args.rules_as_warnings ? nvidia::RuleSeverity::warning : nvidia::RuleSeverity::error);
  support::Diagnostics diagnostics = checked.diagnostics;
  args.nothing_read.check(checked.lines_read, start_of_text(args.path), held_by_text(source), diagnostics);
  if (args.encode) nvidia::take_control_comments(checked.instructions, source, diagnostics);
  const std::vector<nvidia::AssembledLine> lines =
      nvidia::assemble(checked, *args.architecture, args.encode, diagnostics);
  if (args.json) {
    print_json_diagnostics(diagnostics);
    if (diagnostics.has_errors()) return exit_bad_input;
    for (const nvidia::AssembledLine& l : lines)
      print_json_instruction(args.path, l.instruction->where.line, l.text,
                             l.word ? std::optional(l.word->lo) : std::nullopt, l.word ? l.word->hi : std::nullopt);
    return exit_ok;
  }
  report(diagnostics);
  if (diagnostics.has_errors()) return exit_bad_input;
  for (const nvidia::AssembledLine& l : lines) {
    if (l.word)
      fmt::print("{:<56} // {}\n", l.text, l.word->text());
    else
      fmt::print("{}\n", l.text);
  }
  return exit_ok;
}

}  // namespace

void add_asm_sass_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<SassAsmArgs>();
  CLI::App* cmd = parent.add_subcommand(
      "sass", "Check SASS atomics and print them in canonical form (optionally with their words)");
  cmd->add_option(
         "file", args->path,
         "SASS text, one instruction per line, or a cuobjdump/nvdisasm listing (its atomics; '-' reads standard input)")
      ->required();
  cmd->footer(
      "Examples:\n"
      "  gpuatom asm sass kernel.sass\n"
      "  echo 'ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;' | gpuatom asm sass - --encode");
  cmd->add_flag("--encode", args->encode,
                "print each instruction's word beside its text: a Maxwell/Pascal 64-bit word, or a 128-bit word as "
                "two 64-bit halves, low then high (sm_70 on), its control bits from a listing's word or a "
                "`/* stall 1, yield 1, … */` comment as disasm --control prints it, else zero, and the bits the text "
                "does not show from disasm's `/* unprinted: 0x… 0x… */` comment");
  add_architecture_option(
      *cmd, args->architecture,
      fmt::format("read and check the text for this architecture ({}); with --encode, the word is the one nvdisasm of "
                  "that architecture reads ({}, {}; default {})",
                  nvidia::architecture_range(), nvidia::architecture_range(nvidia::is_spa5),
                  nvidia::architecture_range(nvidia::has_sass128_forms),
                  nvidia::name(nvidia::default_word_architecture)));
  cmd->add_flag("--rules-as-warnings", args->rules_as_warnings,
                "report the pages' rules (op × size, register pairs, reserved codes) as warnings, as disasm does");
  cmd->add_flag("--json", args->json,
                "one JSON object per instruction and per diagnostic on standard output "
                "(keys in docs/reference/cli.md, `gpuatom check`)");
  args->nothing_read.add_option(*cmd);
  cmd->callback([&run, args] { run = [args] { return run_sass_asm(*args); }; });
}

}  // namespace gpuatom::cli
