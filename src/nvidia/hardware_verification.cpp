#include "gpuatom/nvidia/hardware_verification.hpp"

#include <fmt/format.h>

#include <memory>
#include <tuple>
#include <variant>

#include "gpuatom/support/line_input.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia::hw {

namespace {

size_t atomic_index(CudaOp op, CudaType type) {
  return static_cast<size_t>(find_cuda_atomic(op, type) - cuda_atomics().data());
}

std::string describe_single(const SingleRecord& r, const Outcome& model, const ModelMapping& m) {
  std::string inputs = fmt::format("old={} operand={}", record_hex(r.old, r.type), record_hex(r.operand, r.type));
  if (r.op == CudaOp::cas) inputs += fmt::format(" compare={}", record_hex(r.compare, r.type));
  return fmt::format("{} {} {} single: {}: hardware memory={} returned={}, model memory={} returned={} ({})",
                     name(r.op), name(r.type), name(r.space), inputs, record_hex(r.memory, r.type),
                     record_hex(r.returned, r.type), record_hex(model.memory, r.type),
                     record_hex(model.returned, r.type), m.model);
}

std::string describe_racing(const RacingRecord& r, const std::string& detail, const ModelMapping& m) {
  return fmt::format("{} {} {} racing ({}, {} lanes, old={}): {} ({})", name(r.op), name(r.type), name(r.space),
                     name(r.form), r.operands.size(), support::hex(r.old, bits(r.type) / 4), detail, m.model);
}

// Whether the record agrees with the model; the disagreement's text in `disagreement`, or the
// reason the model cannot judge it.
std::variant<bool, std::string> judge(const HardwareRecord& record, const ModelMapping& m, std::string& disagreement) {
  if (const auto* single = std::get_if<SingleRecord>(&record.record)) {
    const SingleRecord& r = *single;
    const Outcome model = model_single(m, {r.op, r.type, r.old, r.operand, r.compare});
    const bool agree = model == Outcome{r.memory, r.returned};
    if (!agree) disagreement = describe_single(r, model, m);
    return agree;
  }
  const RacingRecord& r = std::get<RacingRecord>(record.record);
  auto verdict = check_racing(m, r);
  if (auto* error = std::get_if<std::string>(&verdict)) return std::move(*error);
  const RacingVerdict& v = std::get<RacingVerdict>(verdict);
  if (!v.agree) disagreement = describe_racing(r, v.detail, m);
  return v.agree;
}

void render_table(std::string& out, const HardwareTally& tally, size_t total, size_t agreeing) {
  out += fmt::format("{:<11} {:<7} {:<7} {:<7} {:>6} {:>6} {:>9}  {}\n", "op", "type", "space", "kind", "cases",
                     "agree", "disagree", "model");
  for (const auto& [key, row] : tally.rows) {
    const CudaAtomic& a = cuda_atomics()[key.atomic];
    out += fmt::format("{:<11} {:<7} {:<7} {:<7} {:>6} {:>6} {:>9}  {}\n", name(a.op), name(a.type), name(key.space),
                       key.racing ? "racing" : "single", row.cases, row.agree, row.cases - row.agree, row.model);
  }
  out += fmt::format("{:<11} {:<7} {:<7} {:<7} {:>6} {:>6} {:>9}\n", "total", "", "", "", total, agreeing,
                     total - agreeing);
}

}  // namespace

std::string record_hex(const support::Bits128& v, CudaType type) {
  if (bits(type) == 128) return fmt::format("0x{:016x}{:016x}", v.hi, v.lo);
  return support::hex(v.lo, bits(type) / 4);
}

void tally_record(const RecordAt& at, const support::FileName& file, const SemanticsOptions& options,
                  HardwareTally& tally, support::Diagnostics& diagnostics) {
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
  std::string disagreement;
  const auto judged = judge(record, m, disagreement);
  if (const auto* error = std::get_if<std::string>(&judged)) {
    diagnostics.error(where, *error);
    return;
  }
  const bool agree = std::get<bool>(judged);
  if (!agree) tally.disagreements.push_back(fmt::format("{}:{}: {}", file.view(), at.line, disagreement));
  Agreement& row = tally.rows[{atomic_index(op, type), space, racing}];
  row.model = m.basis == Basis::derived ? m.model + " [DERIVED]" : m.model;
  ++row.cases;
  row.agree += agree ? 1 : 0;
}

HardwareTally tally_files(const std::vector<std::string>& paths, const SemanticsOptions& options,
                          support::Diagnostics& diagnostics) {
  HardwareTally tally;
  for (const std::string& path : paths) {
    const support::FileName file(path);
    auto opened = support::FileSource::open(path);
    if (auto* why = std::get_if<std::string>(&opened)) {
      diagnostics.error({file, 0, 0, {}}, *why);
      continue;
    }
    tally.records +=
        read_hardware_records(*std::get<std::unique_ptr<support::FileSource>>(opened), file, diagnostics,
                              [&](const RecordAt& at) { tally_record(at, file, options, tally, diagnostics); });
  }
  return tally;
}

std::string render_verification(const HardwareTally& tally) {
  size_t total = 0, agreeing = 0;
  for (const auto& [key, row] : tally.rows) {
    total += row.cases;
    agreeing += row.agree;
  }
  std::string out;
  for (const auto& [device, sm] : tally.devices) out += fmt::format("device: {} (sm {})\n", device, sm);
  out += "\n";
  render_table(out, tally, total, agreeing);
  if (tally.disagreements.empty())
    return out + fmt::format("\nall {} cases agree with the model, bit for bit\n", total);
  out += fmt::format("\n{} of {} cases disagree with the model:\n", tally.disagreements.size(), total);
  for (const std::string& d : tally.disagreements) out += d + "\n";
  return out;
}

}  // namespace gpuatom::nvidia::hw
