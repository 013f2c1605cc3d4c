#include "gpuatom/intel/read_visa.hpp"

#include <fmt/format.h>

#include <memory>
#include <optional>

#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/intel/binary/decoder.hpp"
#include "gpuatom/intel/binary/encoder.hpp"
#include "gpuatom/intel/platform.hpp"
#include "gpuatom/intel/text/printer.hpp"
#include "gpuatom/support/hex_text.hpp"
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

std::string check_summary(const std::string& path, const Module& module, const support::Diagnostics& diagnostics) {
  const size_t errors = diagnostics.count(support::Severity::error);
  const size_t warnings = diagnostics.count(support::Severity::warning);
  const auto plural = [](size_t n) { return n == 1 ? "" : "s"; };
  // The atomics are checked; other instructions of an IGC dump are read past and counted, and the
  // atomics of forms gpuatom does not read yet are counted apart (each has its warning).
  const size_t others = module.count(OtherStatement::Kind::instruction);
  const size_t unread = module.unread_atomics();
  std::string kept;
  if (others) {
    kept = fmt::format(" ({} other instruction{} read past", others - unread, plural(others - unread));
    if (unread) kept += fmt::format(", {} atomic{} not read yet", unread, plural(unread));
    kept += ")";
  }
  return fmt::format("{}: {} instruction{}{}, {} error{}, {} warning{}\n", path, module.instructions.size(),
                     plural(module.instructions.size()), kept, errors, plural(errors), warnings, plural(warnings));
}

std::vector<uint8_t> encoded(const Instruction& instruction) {
  std::vector<uint8_t> bytes;
  if (auto why = encode(instruction, bytes)) throw support::InputError(*why);
  return bytes;
}

std::string encoded_listing(const Module& module) {
  const DeclarationTable* declarations = module.declarations.empty() ? nullptr : &module.declarations;
  std::string out;
  for (const Instruction& inst : module.instructions)
    out += fmt::format("{}  // {}\n", support::hex_bytes(encoded(inst)), print_instruction(inst, declarations));
  return out;
}

std::vector<Instruction> decode_visa(const std::vector<uint8_t>& bytes, const std::string& source, bool legacy_ids,
                                     support::Diagnostics& diagnostics) {
  if (diagnostics.has_errors() || bytes.empty()) return {};
  DecodeOptions options;
  options.ids = legacy_ids ? IdWidth::two : IdWidth::four;
  return decode(bytes, source, options, diagnostics);
}

void validate_decoded(const std::vector<Instruction>& instructions, const std::string& source,
                      const DeclarationTable* declarations, const ValidationOptions& validation,
                      support::Diagnostics& diagnostics) {
  if (diagnostics.has_errors()) return;
  if (!declarations)
    diagnostics.note(support::SourceLocation{source, 0, 0, std::nullopt},
                     "no declarations (--decls FILE): operand types, bounds, alignment and predicate sizes are not "
                     "checked, and operands print as V<id>",
                     "docs/spec/intel.md §10.4");
  validate(instructions, declarations, validation, diagnostics);
}

}  // namespace gpuatom::intel
