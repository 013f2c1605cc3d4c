#include "visa_input.hpp"

#include "gpuatom/intel/platform.hpp"
#include "gpuatom/intel/read_visa.hpp"
#include "gpuatom/support/diagnostic_order.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

void VisaOptions::add_to(CLI::App& cmd, bool with_lenient) {
  cmd.add_option("--platform", platform, "platform profile: " + intel::platform_choices());
  cmd.add_option("--bind", bindings,
                 "bind a declared surface as a harness would: NAME=TYPE[:BYTES], TYPE 1d|1d_array|2d|2d_array|3d, "
                 "BYTES the element size 4 or 2; V, R and the access width are checked against it (repeatable)");
  if (with_lenient) cmd.add_flag("--lenient", lenient, "accept a bare %null in raw-operand position");
}

intel::ValidationOptions VisaOptions::validation() const { return intel::validation_for_platform(platform); }

void VisaOptions::bind(intel::DeclarationTable& declarations) const { intel::bind_surfaces(declarations, bindings); }

intel::Module read_visa(const std::string& path, const VisaOptions& options, const NothingReadRule& nothing_read,
                        support::Diagnostics& diagnostics, bool keep_others) {
  intel::Module module = intel::read_visa_file(
      path, {options.platform, options.lenient, options.bindings, max_input_bytes}, diagnostics, keep_others);
  nothing_read.check(module.instructions.size() + module.count(intel::OtherStatement::Kind::instruction),
                     start_of_text(path), "only declarations, labels, blank lines and comments", diagnostics);
  return module;
}

void print_diagnostics(const support::Diagnostics& diagnostics) {
  for (const support::Diagnostic& d : support::in_source_order(diagnostics))
    support::write_stderr(support::format(d) + "\n");
}

}  // namespace gpuatom::cli
