// `gpuatom amd which`: one atomic on one kind of memory, asked of every device at once — the
// compiler engineer's "which AMD devices can do this?".
//
//   gpuatom amd which --op "64 bit float atomicAdd" --memory pinned --granularity fine
//                     --scope system --pcie yes
//
// One line per device (the page's column order), its outcome, and AMD's published word where it
// differs. Left out, --pcie is asked both ways, and a device where it decides shows both.
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>

#include "amd_arguments.hpp"

namespace gpuatom::cli {

namespace {

struct WhichArgs {
  std::string op, family;
  CellArgs cell;
  SwitchArgs switch_args;
  bool json = false;
};

std::string outcome_text(const AskedCell& cell) {
  if (!cell.pcie_matters) return std::string(amd::label(cell.chosen().outcome));
  return fmt::format("{} with PCIe atomics, {} without", amd::label(cell.with_pcie.outcome),
                     amd::label(cell.without_pcie.outcome));
}

int run_which(const WhichArgs& a) {
  const auto request = amd::find_request(a.op);
  if (!request)
    throw BadInput(fmt::format("--op {}: not a row of AMD's tables (see `gpuatom amd outcome --help`)", a.op));
  const amd::Selectors s = parse_cell(a.cell);
  const auto family =
      a.family.empty() ? std::nullopt : std::optional(parse_spelling("--family", a.family, amd::family_spellings()));
  const amd::ModelOptions options = model_options(a.switch_args);
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  std::string text;
  for (const amd::Device& device : amd::devices()) {
    if (family && device.family != *family) continue;
    const AskedCell cell = ask_cell(device, *request, s, a.cell.pcie, options);
    const std::string published = published_note(cell.chosen());
    if (a.json) {
      nlohmann::ordered_json row;
      row["device"] = device.name;
      row["outcome"] = amd::name(cell.chosen().outcome);
      row["label"] = amd::label(cell.chosen().outcome);
      row["pcie"] = cell.pcie_given ? a.cell.pcie : cell.pcie_matters ? "matters" : "either";
      if (cell.pcie_matters) {
        row["with_pcie"] = amd::name(cell.with_pcie.outcome);
        row["without_pcie"] = amd::name(cell.without_pcie.outcome);
      }
      row["path"] = cell.chosen().path.text();
      row["published"] = published.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(published);
      rows.push_back(row);
      continue;
    }
    text += fmt::format("  {:<12} {}{}\n", device.name, outcome_text(cell),
                        published.empty() ? "" : "\n               published: " + published);
  }
  if (a.json) {
    fmt::print("{}\n", rows.dump());
    return exit_ok;
  }
  fmt::print("{} · {} · {} · {} · {} · {}\n{}", request->label, amd::name(s.strategy),
             a.cell.pcie.empty() ? std::string("PCIe atomics or not")
                                 : std::string(amd::name(parse_spelling("--pcie", a.cell.pcie, amd::pcie_spellings()))),
             amd::name(s.memory), amd::name(s.granularity), amd::name(s.scope), text);
  return exit_ok;
}

}  // namespace

void add_amd_which_command(CLI::App& amd_command, Action& run) {
  auto args = std::make_shared<WhichArgs>();
  CLI::App* cmd = amd_command.add_subcommand("which", "One atomic on one kind of memory, on every AMD device");
  cmd->footer(
      "Every device of AMD's tables (and MI350X, assumed as the MI300X) with its outcome; AMD's published word\n"
      "beside the model's where they differ. Without --pcie, a device where PCIe atomics decide shows both.\n"
      "Example:\n"
      "  gpuatom amd which --op \"64 bit float atomicAdd\" --memory pinned --granularity fine --scope system --pcie "
      "yes");
  cmd->add_option("--op", args->op, "the page's row label (\"32 bit atomicAdd\") or a short form (fadd64, cas32)")
      ->required();
  add_cell_options(*cmd, args->cell, true);
  cmd->add_option("--family", args->family, "instinct | gfx (default: both)");
  cmd->add_flag("--json", args->json, "one JSON array, an object per device");
  add_switch_flags(*cmd, args->switch_args);
  cmd->callback([&run, args] { run = [args] { return run_which(*args); }; });
}

}  // namespace gpuatom::cli
