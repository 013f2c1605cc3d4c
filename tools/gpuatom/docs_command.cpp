// `gpuatom docs [--out DIR] [--check]`: writes the generated reference (docs/reference/*.md,
// report/reference_pages.hpp) from the instruction tables, the scenario key table and this CLI's
// own help texts. --check writes nothing and exits 1 when a file is missing or differs (the test
// suite runs it), 2 when the directory is not there at all (not run in a checkout).
#include <fmt/format.h>

#include <memory>

#include "command.hpp"
#include "gpuatom/report/reference_pages.hpp"

namespace gpuatom::cli {

namespace {

struct DocsArgs {
  std::string out = "docs/reference";
  bool check = false;
};

// cli.md: every command and every subcommand (amd outcome, asm sass …), each with its options.
std::string cli_reference(CLI::App& app) {
  std::string out(report::cli_reference_preamble());
  const auto add = [&](auto& self, CLI::App& command, const std::string& path, int depth) -> void {
    for (CLI::App* sub : command.get_subcommands([](CLI::App*) { return true; })) {
      const std::string name = path + " " + sub->get_name();
      out += fmt::format("\n{} gpuatom{}\n\n```\n{}```\n", depth == 0 ? "##" : "###", name, sub->help());
      self(self, *sub, name, depth + 1);
    }
  };
  add(add, app, "", 0);
  return out;
}

int docs(CLI::App& app, const DocsArgs& args) {
  const std::vector<report::ReferencePage> pages = report::reference_pages(cli_reference(app));
  if (args.check) return report::stale_reference_pages(args.out, pages, args.out) ? exit_expectation_failed : exit_ok;
  report::write_reference_pages(args.out, pages);
  fmt::print("wrote {} files to {}\n", pages.size(), args.out);
  return exit_ok;
}

}  // namespace

void add_docs_command(CLI::App& app, Action& run) {
  auto args = std::make_shared<DocsArgs>();
  CLI::App* cmd = app.add_subcommand("docs", "Write the generated reference documentation (docs/reference/*.md)");
  cmd->add_option("--out", args->out, "directory (default docs/reference)");
  cmd->add_flag(
      "--check", args->check,
      "write nothing; exit 1 if a file is missing or differs, 2 if the directory is not there (not a checkout)");
  cmd->callback([&run, &app, args] { run = [&app, args] { return docs(app, *args); }; });
}

}  // namespace gpuatom::cli
