#include "gpuatom/report/amd_lowering_json.hpp"

#include "gpuatom/support/json_writer.hpp"

namespace gpuatom::report {

namespace {

namespace json = support::json;

json::Object matrix_json(const amd::Device& device, const amd::MatrixCell& cell) {
  json::Object matrix;
  matrix.set("device", device.name);
  if (!cell.without_pcie) return matrix.set("outcome", json::null).set("why", cell.why);
  const amd::Explanation& e = *cell.without_pcie;
  return matrix.set("atomic", e.request.label)
      .set("memory", amd::name(e.selectors.memory))
      .set("granularity", amd::name(e.selectors.granularity))
      .set("scope", amd::name(e.selectors.scope))
      .set("outcome", cell.pcie_matters() ? json::null : json::string(amd::name(e.outcome)))
      .set("without_pcie", amd::name(e.outcome))
      .set("with_pcie", amd::name(cell.with_pcie->outcome))
      .set("correct",
           amd::correct_at_requested_scope(e.outcome) && amd::correct_at_requested_scope(cell.with_pcie->outcome))
      .set("why", json::null);
}

json::Written answer_json(const amd::LoweringTarget& target, const amd::Device& device, const amd::CompileFlags& flags,
                          const amd::LoweringAnswer& a) {
  json::Object flag_values;
  flag_values.set("unsafe_fp_atomics", flags.unsafe_fp_atomics)
      .set("flush_denormals", flags.flush_denormals)
      .set("fine_grained", flags.fine_grained);
  json::Object out;
  out.set("target", target.name)
      .set("op", amd::name(a.atomic.op))
      .set("type", amd::name(a.atomic.type))
      .set("scope", amd::name(a.atomic.scope))
      .set("memory", amd::name(a.atomic.memory))
      .set("result", a.atomic.returned ? "returned" : "unused")
      .set("flags", flag_values)
      .set("lowering", amd::name(a.lowering.kind))
      .set("instruction", a.lowering.instruction)
      .set("rule", amd::name(a.lowering.rule))
      .set("reason", a.lowering.reason)
      .set("notes", json::strings(a.lowering.notes))
      .set("matrix", matrix_json(device, a.cell))
      .set("agreement", !a.cell.without_pcie    ? "no cell"
                        : a.differences.empty() ? "agree"
                                                : "differ")
      .set("differences", json::strings(a.differences));
  return out.written();
}

}  // namespace

std::string amd_lowering_json(const amd::LoweringTarget& target, const amd::Device& device,
                              const amd::CompileFlags& flags, const std::vector<amd::LoweringAnswer>& answers,
                              bool one) {
  std::vector<json::Written> rows;
  rows.reserve(answers.size());
  for (const amd::LoweringAnswer& a : answers) rows.push_back(answer_json(target, device, flags, a));
  return (one ? rows.front().text : json::array(rows).text) + "\n";
}

}  // namespace gpuatom::report
