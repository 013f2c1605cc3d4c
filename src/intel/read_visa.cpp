#include "gpuatom/intel/read_visa.hpp"

#include <fmt/format.h>

#include <memory>
#include <optional>

#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/intel/platform.hpp"
#include "gpuatom/support/input_error.hpp"
#include "gpuatom/support/line_pieces.hpp"

namespace gpuatom::intel {

ValidationOptions validation_for_platform(const std::string& platform) {
  const auto p = parse_platform(platform);
  if (!p)
    throw support::InputError(
        fmt::format("--platform {}: expected {} or one of {}", platform, platform_names(", "), device_names(", ")));
  return {*p};
}

void bind_surfaces(DeclarationTable& declarations, const std::vector<std::string>& bindings) {
  for (const std::string& b : bindings) {
    const size_t eq = b.find('=');
    if (eq == std::string::npos)
      throw support::InputError(fmt::format("--bind {}: expected NAME=TYPE, e.g. SURF=2d", b));
    const std::string name = b.substr(0, eq);
    std::string type_text = b.substr(eq + 1);
    std::optional<uint8_t> element_bytes;
    if (const size_t colon = type_text.find(':'); colon != std::string::npos) {
      const std::string bytes = type_text.substr(colon + 1);
      if (bytes != "2" && bytes != "4")
        throw support::InputError(fmt::format("--bind {}: element size '{}' is not 2 or 4 (bytes)", b, bytes));
      element_bytes = static_cast<uint8_t>(bytes[0] - '0');
      type_text.resize(colon);
    }
    const auto type = parse_surface_type(type_text);
    if (!type)
      throw support::InputError(
          fmt::format("--bind {}: surface type '{}' is not 1d, 1d_array, 2d, 2d_array or 3d", b, type_text));
    const auto ref = declarations.lookup(name);
    if (!ref || ref->kind != DeclKind::surface)
      throw support::InputError(fmt::format("--bind {}: no surface named {} is declared (v_type=T)", b, name));
    declarations.bind_surface_type(ref->id, *type, element_bytes);
  }
}

Module read_visa_file(const std::string& path, const VisaReadOptions& options, support::Diagnostics& diagnostics,
                      bool keep_others) {
  const ValidationOptions validation = validation_for_platform(options.platform);
  auto pieces = std::make_shared<support::LinePieces>(path, options.max_bytes);
  Module module = parse_visa([pieces] { return pieces->next(); }, path, {options.lenient, keep_others}, diagnostics);
  bind_surfaces(module.declarations, options.bindings);
  validate(module, validation, diagnostics);
  return module;
}

}  // namespace gpuatom::intel
