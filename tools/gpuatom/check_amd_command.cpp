// `gpuatom check amd FILE|- --target gfx942`: every diagnostic of an AMD assembly text (on standard
// error) and a one-line summary (on standard output). Exit 0 when there is no error, 2 on any.
#include <fmt/format.h>

#include <memory>

#include "amd_isa_input.hpp"
#include "command.hpp"
#include "gpuatom/amd/isa/program_text.hpp"
#include "json_lines.hpp"
#include "visa_input.hpp"

namespace gpuatom::cli {
namespace {

struct AmdCheckArgs {
  std::string file;
  AmdTargetOption target;
  bool json = false;
  NothingReadRule nothing_read;
};

int run_amd_check(const AmdCheckArgs& a) {
  const amd::isa::Target& target = *a.target.target();
  support::Diagnostics diagnostics;
  const amd::isa::Program program = read_amd_text(a.file, target, a.nothing_read, diagnostics);
  if (a.json) {
    print_json_diagnostics(diagnostics);
    print_json_summary(a.file, program.instructions.size(), diagnostics);
    return diagnostics.has_errors() ? exit_bad_input : exit_ok;
  }
  print_diagnostics(diagnostics);
  fmt::print("{}", amd::isa::check_summary(a.file, program, target, diagnostics));
  return diagnostics.has_errors() ? exit_bad_input : exit_ok;
}

}  // namespace

void add_check_amd_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<AmdCheckArgs>();
  CLI::App* cmd = parent.add_subcommand("amd", "Report every diagnostic of an AMD assembly text for a gfx target");
  cmd->footer(
      "Examples:\n"
      "  gpuatom check amd kernel.s --target gfx90a\n"
      "Exit codes: 0 no errors (warnings allowed), 2 on any error.");
  cmd->add_option("file", args->file, "the assembly file, or - for standard input")->required();
  args->target.add_to(*cmd);
  cmd->add_flag("--json", args->json,
                "one JSON object per diagnostic, then a summary, on standard output (keys in "
                "docs/reference/cli.md, `gpuatom check sass`)");
  args->nothing_read.add_option(*cmd);
  cmd->callback([&run, args] { run = [args] { return run_amd_check(*args); }; });
}

}  // namespace gpuatom::cli
