// `gpuatom check sass [--arch sm_XY] FILE|-`: diagnostics only. Exit 0 when clean (warnings
// allowed), 2 on any error. Every message is "file:line:col: error: … (docs/spec/nvidia.md §x)".
// --arch reads the text as that architecture's disassembly: SPA 5.0 rules on sm_5x/sm_6x only.
// A cuobjdump/nvdisasm listing is read as docs/listings.md says: its atomics, each word checked
// against its text, the architecture from its header.
#include <fmt/format.h>

#include <string>

#include "command.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "json_lines.hpp"
#include "nothing_read.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

namespace {

struct SassCheckArgs {
  std::string path;
  bool rules_as_warnings = false;
  bool json = false;
  NothingReadRule nothing_read;
  std::shared_ptr<std::optional<nvidia::Architecture>> architecture =
      std::make_shared<std::optional<nvidia::Architecture>>();
};

int run_sass_check(const SassCheckArgs& args) {
  const std::string source = read_input(args.path);
  nvidia::ParsedSass checked =
      nvidia::check_sass(source, args.path, *args.architecture,
                         args.rules_as_warnings ? nvidia::RuleSeverity::warning : nvidia::RuleSeverity::error);
  args.nothing_read.check(checked.lines_read, start_of_text(args.path), held_by_text(source), checked.diagnostics);
  if (args.json) {
    print_json_diagnostics(checked.diagnostics);
    print_json_summary(args.path, checked.instructions.size(), checked.diagnostics);
  } else {
    report(checked.diagnostics);
  }
  return checked.diagnostics.has_errors() ? exit_bad_input : exit_ok;
}

}  // namespace

void add_check_sass_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<SassCheckArgs>();
  CLI::App* cmd = parent.add_subcommand("sass", "Check SASS atomics against the spec's rules; print only diagnostics");
  cmd->footer(
      "Examples:\n  gpuatom check sass kernel.sass\n  cuobjdump -sass -arch sm_90 a.out | gpuatom check sass --arch "
      "sm_90 -");
  cmd->add_option("file", args->path,
                  "SASS text, one instruction per line, or a cuobjdump/nvdisasm listing whose words are checked "
                  "against its text ('-' reads standard input)")
      ->required();
  add_architecture_option(*cmd, args->architecture,
                          fmt::format("read the text as this architecture's disassembly ({}): the SPA 5.0 grammar "
                                      "and rules on sm_5x/sm_6x, the sm_70+ spellings after; without it each line's "
                                      "spelling decides",
                                      nvidia::architecture_range()));
  cmd->add_flag("--rules-as-warnings", args->rules_as_warnings,
                "report the pages' rules (op × size, register pairs, reserved codes) as warnings, as disasm does");
  cmd->add_flag(
      "--json", args->json,
      "one JSON object per diagnostic, then a summary, on standard output: {\"kind\":\"diagnostic\", "
      "\"severity\", \"file\", \"line\", \"column\", \"offset\", \"message\", \"rule\"} and "
      "{\"kind\":\"summary\", \"file\", \"instructions\", \"errors\", \"warnings\"}; asm and disasm "
      "print {\"kind\":\"instruction\", \"file\", \"line\", \"text\", \"word\", \"word_high\"} per instruction");
  args->nothing_read.add_option(*cmd);
  cmd->callback([&run, args] { run = [args] { return run_sass_check(*args); }; });
}

}  // namespace gpuatom::cli
