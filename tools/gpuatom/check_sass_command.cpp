// `gpuatom check sass FILE|-`: diagnostics only. Exit 0 when clean (warnings allowed), 2 on
// any error. Every message is "file:line:col: error: … (spec/nvidia.md §x)".
#include <string>

#include "command.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

namespace {

struct CheckArgs {
  std::string isa;
  std::string path;
};

int run_check(const CheckArgs& args) {
  const nvidia::ParsedSass checked = nvidia::check_sass(read_input(args.path), args.path);
  report(checked.diagnostics);
  return checked.diagnostics.has_errors() ? exit_bad_input : exit_ok;
}

}  // namespace

void add_check_sass_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<CheckArgs>();
  CLI::App* cmd = parent.add_subcommand("sass", "Check SASS atomics against the spec's rules; print only diagnostics");
  cmd->footer("Example:\n  gpuatom check sass kernel.sass");
  cmd->add_option("file", args->path, "SASS text, one instruction per line ('-' reads standard input)")->required();
  cmd->callback([&run, args] { run = [args] { return run_check(*args); }; });
}

}  // namespace gpuatom::cli
