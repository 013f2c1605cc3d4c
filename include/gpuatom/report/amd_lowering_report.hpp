// `gpuatom amd lower`'s answer as printed, from its options as typed: one atomic's lowering as
// text, every op and type for the target as a table, or either as JSON (amd_lowering_json.hpp).
// One home for which options go together, so the CLI only registers them and prints.
#pragma once

#include <string>

namespace gpuatom::report {

struct LoweringRequest {  // the options as typed; an empty op and type ask for every op
  std::string target, op, type, scope = "agent", memory = "global", device, location = "device";
  bool unsafe_fp_atomics = false, flush_denormals = false, fine_grained = false;
  bool returned = false, unused = false, all = false, json = false;
};

// The whole output, its last line ended. Throws support::InputError for an unknown target, op,
// type or spelling, and for options that do not go together (--returned with --unused, --all with
// --op, --op without --type).
std::string amd_lowering_report(const LoweringRequest& request);

}  // namespace gpuatom::report
