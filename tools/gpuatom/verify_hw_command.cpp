// `gpuatom verify-hw FILE…`: checks results measured by the CUDA harness (hw/cuda, schema in
// hw/README.md) against the NVIDIA model, bit for bit. Prints agreement per op × type × space ×
// kind and every disagreement with its inputs. Exit 0 when all agree, 1 on any disagreement, 2 on
// bad input ("file:line:column: error: …" on stderr, nothing on stdout). The files are read by
// the library's strict reader (gpuatom/nvidia/hardware_records.hpp), one record at a time.
//
//   gpuatom verify-hw hw/results/h100/results.jsonl
//   gpuatom verify-hw --model-sample sample.jsonl     (hidden: a results file made by the model)
#include <fmt/format.h>

#include <map>
#include <set>
#include <tuple>

#include "command.hpp"
#include "gpuatom/nvidia/hardware_check.hpp"
#include "gpuatom/nvidia/hardware_records.hpp"
#include "gpuatom/support/diagnostic.hpp"
#include "gpuatom/support/line_input.hpp"
#include "gpuatom/support/output_target.hpp"
#include "gpuatom/support/text.hpp"
#include "hw_model_sample.hpp"
#include "hw_records.hpp"

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

// Table rows: one per CUDA atomic × space × kind, in the harness's order.
struct RowKey {
  size_t atomic;
  Space space;
  bool racing;
  friend auto operator<=>(const RowKey&, const RowKey&) = default;
};
struct Row {
  std::string model;
  size_t cases = 0;
  size_t agree = 0;
};

size_t atomic_index(CudaOp op, CudaType type) {
  return static_cast<size_t>(find_cuda_atomic(op, type) - cuda_atomics().data());
}

std::string describe_single(const SingleRecord& r, const Outcome& model, const ModelMapping& m) {
  std::string inputs = fmt::format("old={} operand={}", hw_hex(r.old, r.type), hw_hex(r.operand, r.type));
  if (r.op == CudaOp::cas) inputs += fmt::format(" compare={}", hw_hex(r.compare, r.type));
  return fmt::format("{} {} {} single: {}: hardware memory={} returned={}, model memory={} returned={} ({})",
                     name(r.op), name(r.type), name(r.space), inputs, hw_hex(r.memory, r.type),
                     hw_hex(r.returned, r.type), hw_hex(model.memory, r.type), hw_hex(model.returned, r.type), m.model);
}

std::string describe_racing(const RacingRecord& r, const std::string& detail, const ModelMapping& m) {
  return fmt::format("{} {} {} racing ({}, {} lanes, old={}): {} ({})", name(r.op), name(r.type), name(r.space),
                     name(r.form), r.operands.size(), support::hex(r.old, bits(r.type) / 4), detail, m.model);
}

void print_table(const std::map<RowKey, Row>& rows, size_t total, size_t agreeing) {
  fmt::print("{:<11} {:<7} {:<7} {:<7} {:>6} {:>6} {:>9}  {}\n", "op", "type", "space", "kind", "cases", "agree",
             "disagree", "model");
  for (const auto& [key, row] : rows) {
    const CudaAtomic& a = cuda_atomics()[key.atomic];
    fmt::print("{:<11} {:<7} {:<7} {:<7} {:>6} {:>6} {:>9}  {}\n", name(a.op), name(a.type), name(key.space),
               key.racing ? "racing" : "single", row.cases, row.agree, row.cases - row.agree, row.model);
  }
  fmt::print("{:<11} {:<7} {:<7} {:<7} {:>6} {:>6} {:>9}\n", "total", "", "", "", total, agreeing, total - agreeing);
}

// What the records of every file add up to.
struct Tally {
  std::map<RowKey, Row> rows;
  std::vector<std::string> disagreements;
  std::set<std::pair<std::string, std::string>> devices;
  size_t records = 0;
};

// Checks one record against the model as soon as it is read (the files are never held whole).
// A record the model cannot judge is bad input, an error at its line.
void check_record(const RecordAt& at, const support::FileName& file, const nvidia::SemanticsOptions& options,
                  Tally& tally, support::Diagnostics& diagnostics) {
  const HardwareRecord& record = at.record;
  tally.devices.insert({record.device.name, record.device.sm});
  const bool racing = std::holds_alternative<RacingRecord>(record.record);
  const auto [op, type, space] =
      std::visit([](const auto& r) { return std::tuple(r.op, r.type, r.space); }, record.record);
  const support::SourceLocation where{file, at.line, at.column, {}};
  auto mapped = model_mapping(op, type, space, options);
  if (auto* error = std::get_if<std::string>(&mapped)) {
    diagnostics.error(where, *error);
    return;
  }
  const ModelMapping& m = std::get<ModelMapping>(mapped);
  bool agree = false;
  std::string disagreement;
  if (!racing) {
    const SingleRecord& r = std::get<SingleRecord>(record.record);
    const Outcome model = model_single(m, {r.op, r.type, r.old, r.operand, r.compare});
    agree = model == Outcome{r.memory, r.returned};
    if (!agree) disagreement = describe_single(r, model, m);
  } else {
    const RacingRecord& r = std::get<RacingRecord>(record.record);
    auto verdict = check_racing(m, r);
    if (auto* error = std::get_if<std::string>(&verdict)) {
      diagnostics.error(where, *error);
      return;
    }
    const RacingVerdict& v = std::get<RacingVerdict>(verdict);
    agree = v.agree;
    if (!agree) disagreement = describe_racing(r, v.detail, m);
  }
  if (!agree) tally.disagreements.push_back(fmt::format("{}:{}: {}", file.view(), at.line, disagreement));
  Row& row = tally.rows[{atomic_index(op, type), space, racing}];
  row.model = m.basis == Basis::derived ? m.model + " [DERIVED]" : m.model;
  ++row.cases;
  row.agree += agree ? 1 : 0;
}

int verify(const VerifyArgs& args) {
  if (args.files.empty()) throw BadInput("no results file given (gpuatom verify-hw FILE…)");
  nvidia::SemanticsOptions options;
  options.nan_propagate = args.nan == "propagate";
  options.f16x2_flush = args.f16x2_flush;

  // Every record is checked before anything is printed, so bad input prints only errors.
  Tally tally;
  support::Diagnostics diagnostics;
  for (const std::string& path : args.files) {
    const support::FileName file(path);
    auto opened = support::FileSource::open(path);
    if (auto* why = std::get_if<std::string>(&opened)) {
      diagnostics.error({file, 0, 0, {}}, *why);
      continue;
    }
    tally.records +=
        read_hardware_records(*std::get<std::unique_ptr<support::FileSource>>(opened), file, diagnostics,
                              [&](const RecordAt& at) { check_record(at, file, options, tally, diagnostics); });
  }
  if (diagnostics.has_errors()) {
    for (const support::Diagnostic& d : diagnostics.all()) support::write_stderr(support::format(d) + "\n");
    return exit_bad_input;
  }
  if (tally.records == 0) throw BadInput("the results files hold no records");

  size_t total = 0, agreeing = 0;
  for (const auto& [key, row] : tally.rows) {
    total += row.cases;
    agreeing += row.agree;
  }
  for (const auto& [device, sm] : tally.devices) fmt::print("device: {} (sm {})\n", device, sm);
  fmt::print("\n");
  print_table(tally.rows, total, agreeing);
  if (tally.disagreements.empty()) {
    fmt::print("\nall {} cases agree with the model, bit for bit\n", total);
    return exit_ok;
  }
  fmt::print("\n{} of {} cases disagree with the model:\n", tally.disagreements.size(), total);
  for (const std::string& d : tally.disagreements) fmt::print("{}\n", d);
  return exit_expectation_failed;
}

bool is_sm(const std::string& text) {
  const size_t dot = text.find('.');
  const auto digits = [](const std::string& s) {
    return !s.empty() && s.size() <= 3 && s.find_first_not_of("0123456789") == std::string::npos;
  };
  return dot != std::string::npos && digits(text.substr(0, dot)) && digits(text.substr(dot + 1));
}

int write_sample(const VerifyArgs& args) {
  if (!is_sm(args.sample.sm))
    throw BadInput(fmt::format("--sample-sm {}: expected a compute capability such as 9.0", args.sample.sm));
  if (const auto conflict = support::output_target_conflict(args.model_sample, args.files))
    throw BadInput("--model-sample " + *conflict);
  const size_t records = write_model_sample(args.model_sample, args.sample);
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
