// `gpuatom check visa FILE|-`: every diagnostic of a vISA assembly text (on standard error) and a
// one-line summary (on standard output).
// Exit 0 when there is no error (warnings and notes do not fail), 2 on any error.
#include <fmt/format.h>

#include <memory>

#include "command.hpp"
#include "gpuatom/intel/read_visa.hpp"
#include "json_lines.hpp"
#include "nothing_read.hpp"
#include "visa_input.hpp"

namespace gpuatom::cli {

namespace {

struct VisaCheckArgs {
  std::string target;
  std::string file;
  bool json = false;
  VisaOptions visa;
  NothingReadRule nothing_read;
};

int run_visa_check(const VisaCheckArgs& a) {
  support::Diagnostics diagnostics;
  const intel::Module module =
      read_visa(a.file, a.visa, a.nothing_read, diagnostics, /*keep_others=*/false);  // others counted only
  if (a.json) {
    print_json_diagnostics(diagnostics);
    print_json_summary(a.file, module.instructions.size(), diagnostics);
    return diagnostics.has_errors() ? exit_bad_input : exit_ok;
  }
  // Diagnostics go to standard error, as for every other command; the summary to standard output.
  print_diagnostics(diagnostics);
  fmt::print("{}", intel::check_summary(a.file, module, diagnostics));
  return diagnostics.has_errors() ? exit_bad_input : exit_ok;
}

}  // namespace

void add_check_visa_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<VisaCheckArgs>();
  CLI::App* cmd = parent.add_subcommand("visa", "Report every diagnostic of an assembly text");
  cmd->footer(
      "Examples:\n"
      "  gpuatom check visa kernel.visaasm\n"
      "  gpuatom check visa kernel.visaasm --platform pvc --bind SURF2D=2d\n"
      "Exit codes: 0 no errors (warnings allowed), 2 on any error.");
  cmd->add_option("file", args->file, "the .visaasm file, or - for standard input")->required();
  cmd->add_flag("--json", args->json,
                "one JSON object per diagnostic, then a summary, on standard output (keys in "
                "docs/reference/cli.md, `gpuatom check sass`)");
  args->visa.add_to(*cmd);
  args->nothing_read.add_option(*cmd);
  cmd->callback([&run, args] { run = [args] { return run_visa_check(*args); }; });
}

}  // namespace gpuatom::cli
