// gpuatom: the command-line face of the library. One file per subcommand.
#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <string_view>

#include "command.hpp"
#include "gpuatom/support/text.hpp"
#include "merge_command.hpp"

namespace {

// A command whose output was lost has not succeeded, whatever it returned: standard output is
// flushed and checked once, here, for every command. The message goes out with fprintf, which
// does not throw when standard error cannot be written either.
int with_output_checked(int code) {
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
  const int error = errno;
  std::fprintf(stderr, "gpuatom: error: could not write standard output: %s\n",
               error ? std::strerror(error) : "write error");
  return code == gpuatom::cli::exit_ok ? gpuatom::cli::exit_output_failed : code;
}

// Every option that takes a value takes exactly one per use, so that `run --dump bins FILE`
// leaves FILE a scenario (repeat the option for more values), and refuses an empty value, which
// would otherwise read as "not given" (`--junit ''` writing no report at all). Applied here to
// every command, so that an option added later cannot miss it.
void one_value_per_use(CLI::App& command) {
  for (CLI::Option* option : command.get_options()) {
    if (option->get_positional() || option->get_expected_min() == 0) continue;  // positionals and flags
    option->allow_extra_args(false);
    option->check(CLI::Validator(
        [](const std::string& value) {
          return value.empty() ? std::string("an empty value: give one, or leave the option out") : std::string();
        },
        "", "non_empty"));
  }
  for (CLI::App* sub : command.get_subcommands([](CLI::App*) { return true; })) one_value_per_use(*sub);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gpuatom::cli;
  CLI::App app{"gpuatom: the reference implementation of GPU atomic instructions (NVIDIA SASS, Intel vISA, AMD)",
               "gpuatom"};
  app.set_version_flag("--version", std::string("gpuatom ") + GPUATOM_VERSION);
  app.require_subcommand(1);
  Action run;
  add_alu_command(app, run);
  add_tour_command(app, run);
  add_explain_command(app, run);
  add_run_command(app, run);
  add_merge_command(app, run);
  add_docs_command(app, run);
  add_report_command(app, run);
  add_amd_command(app, run);
  CLI::App* assemble =
      app.add_subcommand("asm", "Check assembly text and print it canonically (--encode: with its binary)");
  assemble->require_subcommand(1);
  add_asm_sass_command(*assemble, run);
  add_asm_visa_command(*assemble, run);
  add_asm_amd_command(*assemble, run);
  CLI::App* disassemble = app.add_subcommand("disasm", "Decode instruction words or bytes into canonical assembly");
  disassemble->require_subcommand(1);
  add_disasm_sass_command(*disassemble, run);
  add_disasm_visa_command(*disassemble, run);
  add_disasm_amd_command(*disassemble, run);
  CLI::App* check = app.add_subcommand("check", "Report every diagnostic of an assembly text; print nothing else");
  check->require_subcommand(1);
  add_check_sass_command(*check, run);
  add_check_visa_command(*check, run);
  add_check_amd_command(*check, run);
  add_verify_hw_command(app, run);
  one_value_per_use(app);
  if (argc == 1) {  // bare `gpuatom`: what it can do
    std::fputs(app.help().c_str(), stdout);
    return with_output_checked(exit_ok);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --version
    return with_output_checked(app.exit(e));
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "gpuatom: error: %s\nRun with --help for more information.\n",
                 gpuatom::support::escape_controls(e.what(), 300).c_str());
    return exit_bad_input;
  }
  int code = exit_ok;
  try {
    code = run ? run() : exit_ok;
  } catch (const BadInput& e) {
    std::fprintf(stderr, "gpuatom: error: %s\n", e.what());
    code = exit_bad_input;
  } catch (const std::bad_alloc&) {
    // An input too large for this machine is bad input, not a bug: a scenario's run says its
    // estimate where it fails (launch/memory_estimate.hpp); this catches every other place.
    std::fprintf(stderr,
                 "gpuatom: error: out of memory: an allocation failed; give a smaller input (fewer lanes, a shorter "
                 "file) or run where more memory is available\n");
    code = exit_bad_input;
  } catch (const std::exception& e) {
    // fmt throws when a write fails: that is lost output (said below), not an internal error.
    if (!std::ferror(stdout)) std::fprintf(stderr, "gpuatom: internal error: %s\n", e.what());
    code = std::ferror(stdout) ? exit_output_failed : exit_internal_error;
  }
  return with_output_checked(code);
}
