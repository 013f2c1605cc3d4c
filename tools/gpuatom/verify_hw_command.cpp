// `gpuatom verify-hw FILE…`: checks results measured by the CUDA harness (hw/cuda, schema in
// hw/README.md) against the NVIDIA model, bit for bit (the library's nvidia/hardware_verification
// reads, tallies and renders). Exit 0 when all agree, 1 on any disagreement, 2 on bad input
// ("file:line:column: error: …" on stderr, nothing on stdout).
//
//   gpuatom verify-hw hw/results/h100/results.jsonl
//   gpuatom verify-hw --model-sample sample.jsonl     (hidden: a results file made by the model)
#include <fmt/format.h>

#include <sstream>

#include "command.hpp"
#include "gpuatom/nvidia/hardware_model_sample.hpp"
#include "gpuatom/nvidia/hardware_record_lines.hpp"
#include "gpuatom/nvidia/hardware_verification.hpp"
#include "gpuatom/support/diagnostic.hpp"
#include "gpuatom/support/files.hpp"
#include "gpuatom/support/output_target.hpp"

namespace gpuatom::cli {

namespace {

using namespace nvidia::hw;

struct VerifyArgs {
  std::vector<std::string> files;
  std::string nan = "canonical";
  bool f16x2_flush = false;
  std::string model_sample;  // hidden: write a model-made results file instead
  ModelSampleOptions sample;
};

int verify(const VerifyArgs& args) {
  if (args.files.empty()) throw BadInput("no results file given (gpuatom verify-hw FILE…)");
  nvidia::SemanticsOptions options;
  options.nan_propagate = args.nan == "propagate";
  options.f16x2_flush = args.f16x2_flush;

  // Every record is checked before anything is printed, so bad input prints only errors.
  support::Diagnostics diagnostics;
  const HardwareTally tally = tally_files(args.files, options, diagnostics);
  if (diagnostics.has_errors()) {
    for (const support::Diagnostic& d : diagnostics.all()) support::write_stderr(support::format(d) + "\n");
    return exit_bad_input;
  }
  if (tally.records == 0) throw BadInput("the results files hold no records");
  fmt::print("{}", render_verification(tally));
  return tally.disagreements.empty() ? exit_ok : exit_expectation_failed;
}

int write_sample(const VerifyArgs& args) {
  if (!is_record_sm(args.sample.sm))
    throw BadInput(fmt::format("--sample-sm {}: expected a compute capability such as 9.0", args.sample.sm));
  if (const auto conflict = support::output_target_conflict(args.model_sample, args.files))
    throw BadInput("--model-sample " + *conflict);
  // Built in memory and written at once: a failed or interrupted run leaves no partial file.
  std::ostringstream out;
  const size_t records = for_each_model_record(args.sample, [&](const HardwareRecord& record) {
    out << std::visit([&](const auto& r) { return record_line(record.device, r); }, record.record) << '\n';
  });
  if (auto error = support::write_file_atomically(args.model_sample, out.str())) throw BadInput(*error);
  fmt::print("wrote {} model records to {}\n", records, args.model_sample);
  return exit_ok;
}

}  // namespace

void add_verify_hw_command(CLI::App& app, Action& run) {
  auto args = std::make_shared<VerifyArgs>();
  CLI::App* cmd = app.add_subcommand(
      "verify-hw", "Check results measured by the CUDA harness (hw/cuda) against the NVIDIA model, bit for bit");
  cmd->footer(
      "Records are JSON lines (schema: hw/README.md). Single-lane records must match the model's memory and "
      "returned value exactly; racing records must be explained by a serial order of their lanes.\n"
      "Exit status: 0 all agree, 1 a disagreement, 2 bad input (file:line:column: error: …).\n"
      "Example:\n  gpuatom verify-hw hw/results/h100/results.jsonl");
  cmd->add_option("files", args->files, "results files written by gpuatom-hw-harness (JSON lines)");
  cmd->add_option("--nan", args->nan, "NaN results: canonical (default, ASSUMPTION) or propagate")
      ->check(CLI::IsMember({"canonical", "propagate"}));
  cmd->add_flag("--f16x2-flush", args->f16x2_flush, "flush F16x2 subnormals (default keeps them, ASSUMPTION)");
  // Hidden (empty group): a results file made by the model, for tests and samples without a GPU.
  cmd->add_option("--model-sample", args->model_sample, "write a results file computed by the model")->group("");
  cmd->add_option("--sample-cases", args->sample.cases_per_atomic, "single-lane cases per atomic and space (0 = all)")
      ->group("");
  cmd->add_option("--sample-lanes", args->sample.racing_lanes, "lanes per racing record")
      ->group("")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--sample-seed", args->sample.seed, "seed of the racing orders")->group("");
  cmd->add_option("--sample-sm", args->sample.sm, "compute capability written into the sample")->group("");
  cmd->callback(
      [&run, args] { run = [args] { return args->model_sample.empty() ? verify(*args) : write_sample(*args); }; });
}

}  // namespace gpuatom::cli
