#include "gpuatom/report/amd_lowering_report.hpp"

#include <vector>

#include "gpuatom/amd/lowering_answer.hpp"
#include "gpuatom/amd/spelling.hpp"
#include "gpuatom/report/amd_lowering_json.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::report {

namespace {

// Whether the request asks for every op and type; throws for options that do not go together.
bool asks_for_all(const LoweringRequest& a) {
  using support::InputError;
  if (a.returned && a.unused) throw InputError("--returned and --unused: give one of them (default: --returned)");
  if (a.all && (!a.op.empty() || !a.type.empty()))
    throw InputError("--all prints every op and type: leave out --op and --type");
  const bool all = a.all || a.op.empty();
  if (!all && a.type.empty())
    throw InputError("missing --type: i32, u32, i64, u64, f32, f64, f16x2 or bf16x2 (or --all for every op)");
  if (all && !a.type.empty()) throw InputError("--type without --op: give --op too, or leave both out for every op");
  return all;
}

}  // namespace

std::string amd_lowering_report(const LoweringRequest& a) {
  const amd::LoweringTarget& target = amd::lowering_target_named(a.target);
  const amd::Device& device = amd::lowering_device(target, a.target, a.device);
  const bool all = asks_for_all(a);
  amd::HipAtomic base;
  base.scope = amd::parse_spelling("--scope", a.scope, amd::hip_scope_spellings());
  base.memory = amd::parse_spelling("--memory", a.memory, amd::address_space_spellings());
  base.returned = !a.unused;
  const amd::Memory location = amd::parse_spelling("--location", a.location, amd::memory_spellings());
  const amd::CompileFlags flags{a.unsafe_fp_atomics, a.flush_denormals, a.fine_grained};
  std::vector<amd::LoweringAnswer> answers;
  for (const amd::HipAtomic& atomic : amd::hip_atomics(base, all, a.op, a.type))
    answers.push_back(amd::lowering_answer(target, device, atomic, flags, location));
  if (a.json) return amd_lowering_json(target, device, flags, answers, !all);
  if (!all) return amd::lowering_text(target, device, flags, answers.front());
  return amd::lowering_table(target, device, base, flags, answers);
}

}  // namespace gpuatom::report
