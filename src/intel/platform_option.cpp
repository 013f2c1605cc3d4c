#include "gpuatom/intel/platform_option.hpp"

#include <fmt/format.h>

#include "gpuatom/intel/validator.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::intel {

std::string unknown_platform_message(std::string_view text) {
  return fmt::format("--platform {}: expected {}", text, platform_names(", ", " or "));
}

PlatformOptionReport platform_option_report(const Instruction& instruction, Platform platform) {
  support::Diagnostics diagnostics;
  validate_platform(instruction, platform, diagnostics);
  PlatformOptionReport report;
  for (const support::Diagnostic& d : diagnostics.all()) {
    std::string text =
        fmt::format("--platform {}: {}{}", name(platform), d.message, d.rule.empty() ? "" : " (" + d.rule + ")");
    (d.severity == support::Severity::error ? report.errors : report.warnings).push_back(std::move(text));
  }
  return report;
}

}  // namespace gpuatom::intel
