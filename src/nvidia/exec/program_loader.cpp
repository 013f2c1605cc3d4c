// nvidia::load_program: SASS text, a line at a time, through the parser and validator into the
// warp's compiled instructions (docs/spec/nvidia.md §1–§10), and the surface headers bound.
#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "gpuatom/nvidia/program.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/validator.hpp"

namespace gpuatom::nvidia {

namespace {

// Why a valid instruction cannot execute, or nothing when it can.
std::optional<std::string> refusal(const Instruction& in) {
  if (in.has_placeholder())
    return "an instruction with an .INVALIDn placeholder does not execute (docs/spec/nvidia.md §10.3)";
  if (!info(in.op).executable)
    return fmt::format(".{} has no defined semantics here and does not execute (docs/spec/nvidia.md §10.3)",
                       info(in.op).name);
  if (in.is_surface() && !in.surface.bindless() && in.surface.handle_indices.size() != 1)
    return "a bound handle written with several immediates (an sm_70+ spelling) has no defined meaning "
           "here; SPA 5.0 binds one #tsPtrIdxU13 (docs/spec/nvidia.md §8.2)";
  // sm_120's and sm_121's SUATOM (docs/sass128.md): what the second uniform register, .UAI and a
  // handle register beside a uniform handle address, no document says.
  if (in.is_surface() && (in.surface.second_uniform || in.surface.uniform_array))
    return "a second uniform register and .UAI (sm_120, sm_121 SUATOM) address a surface in a way no document "
           "defines: the instruction prints and encodes but does not execute (docs/spec/nvidia.md §8.2)";
  if (in.is_surface() && in.surface.handle_register && in.surface.handle_uniform)
    return "a handle register beside a uniform handle (sm_120, sm_121 SUATOM) has no defined meaning here: the "
           "instruction prints and encodes but does not execute (docs/spec/nvidia.md §8.2)";
  if (in.is_surface() && in.surface.bindless() && !in.surface.handle_indices.empty())
    return "immediates after a bindless handle (an sm_70+ spelling) have no defined meaning here; SPA 5.0 "
           "reads the handle from Rc alone (docs/spec/nvidia.md §8.2)";
  return std::nullopt;
}

// Reads line `line` of the text (which stands at `where`) and compiles it into `p`.
void load_line(std::string_view text, uint32_t line, support::SourceLocation where, const ProgramOptions& options,
               WarpProgram& p, support::Diagnostics& d) {
  const support::SourceLocation& start = options.start;
  support::Diagnostics line_diagnostics;
  auto parsed = parse_sass_line(text, where, line_diagnostics);
  if (parsed) validate(*parsed, line_diagnostics);
  for (support::Diagnostic diag : line_diagnostics.all()) {
    if (line == 0 && diag.where.column) diag.where.column += start.column - 1;
    if (diag.severity == support::Severity::error) d.add(diag);
  }
  if (!parsed || line_diagnostics.has_errors()) return;
  const Instruction& in = *parsed;
  support::SourceLocation at = where;
  at.column = line == 0 ? start.column : 1;
  if (const auto why = refusal(in)) {
    d.error(at, *why);
    return;
  }
  auto resolved = to_alu(in.op, in.size, options.semantics);
  if (auto* why = std::get_if<std::string>(&resolved)) {
    d.error(at, *why);
    return;
  }
  CompiledInstruction c{in, std::get<alu::Operation>(resolved), in.data_bits() / 8, {}, vector_words(in.size)};
  use_registers(p, in);
  p.code.push_back(std::move(c));
}

// Where an instruction starts in the caller's file (its first line shares the start's line).
support::SourceLocation place_of(const ProgramOptions& options, const Instruction& in) {
  support::SourceLocation at = in.where;
  if (at.line == options.start.line) at.column += options.start.column - 1;
  return at;
}

// Fills the header pool and the constant-bank words from the surfaces, and checks every bound
// handle of the program against them: a bound index that names no surface is a mistake in the
// launch, not something to run with an arbitrary constant-bank word.
void bind_surfaces(const ProgramOptions& options, WarpProgram& p, support::Diagnostics& d) {
  uint32_t maximum = 0;
  for (const SurfaceHeader& surface : options.surfaces) maximum = std::max(maximum, surface.header);
  p.surfaces = SurfaceBindings(options.header_pool_max.value_or(maximum));
  for (const SurfaceHeader& surface : options.surfaces) {
    p.surfaces.pool().set(surface.header, surface.descriptor);
    if (surface.bound) p.surfaces.bind(*surface.bound, surface.header);
  }
  for (const CompiledInstruction& c : p.code) {
    const Instruction& in = c.instruction;
    if (!in.is_surface() || in.surface.bindless()) continue;
    const uint32_t index = in.surface.handle_indices.front();
    const auto entry = p.surfaces.constant_word(index);
    if (!entry) {
      d.error(place_of(options, in),
              fmt::format("{} reads the bound handle 0x{:x} (constant-bank word c[bank][0x{:x}]) but no [[surface]] "
                          "has bound = 0x{:x}",
                          info(in.mnemonic).name, index, 4 * index, index));
      continue;
    }
    // A header whose dim differs from the instruction's .dim is legal: the .dim governs (§8.3).
    for (const SurfaceHeader& surface : options.surfaces)
      if (surface.header == *entry && surface.descriptor.dim != surface_dim(in.surface.dim))
        p.notes.push_back(fmt::format(
            "line {}: .{} reads header {}, a {} surface; the instruction's .dim governs "
            "the coordinates (docs/spec/nvidia.md §8.3)",
            in.where.line, info(in.surface.dim).name, surface.header, memory::name(surface.descriptor.dim)));
  }
}

}  // namespace

LoadedProgram load_program(std::string_view text, const ProgramOptions& options) {
  LoadedProgram loaded;
  WarpProgram& p = loaded.program;
  support::Diagnostics& d = loaded.diagnostics;
  p.lanes = options.lanes;
  p.group_size = options.group_size;
  p.stop_after_fault = options.stop_after_fault;
  p.r_slot.fill(-1);
  p.p_slot.fill(-1);
  p.ur_slot.fill(-1);
  size_t offset = 0;
  uint32_t line = 0;
  while (offset <= text.size()) {
    const size_t end = std::min(text.find('\n', offset), text.size());
    support::SourceLocation where = options.start;
    where.line += line;
    load_line(text.substr(offset, end - offset), line, where, options, p, d);
    ++line;
    offset = end + 1;
  }
  if (p.code.empty() && options.require_instruction && !d.has_errors())
    d.error(options.start, "the program has no instruction");
  bind_surfaces(options, p, d);
  return loaded;
}

void set_lane_values(WarpProgram& p, RegisterName reg, std::shared_ptr<const exec::LaneValues> values,
                     const support::SourceLocation& where) {
  use(p, reg.bank, reg.index);
  std::optional<uint64_t> constant;
  if (values->is_constant())
    if (const auto v = values->value(0, p.group_size); std::holds_alternative<uint64_t>(v))
      constant = std::get<uint64_t>(v);
  p.inits.push_back({reg, std::move(values), where, constant});
}

void keep_register(WarpProgram& p, RegisterName reg) {
  use(p, reg.bank, reg.index);
  if (std::none_of(p.kept.begin(), p.kept.end(),
                   [&](RegisterName k) { return k.bank == reg.bank && k.index == reg.index; }))
    p.kept.push_back(reg);
}

support::Diagnostics first_setup_error(const WarpProgram& p) {
  support::Diagnostics d;
  for (const WarpProgram::Init& init : p.inits) {
    for (uint64_t tid = 0; tid < p.lanes; ++tid) {
      if (init.reg.bank == Bank::ur && tid % p.group_size != 0) continue;
      const auto v = init.value->value(tid, p.group_size);
      if (auto* e = std::get_if<exec::LaneValueError>(&v)) {
        support::SourceLocation at = init.where;
        at.column += e->column - 1;
        d.error(at, fmt::format("{} (lane {})", e->message, tid));
        return d;
      }
      const uint64_t bits = std::get<uint64_t>(v);
      if (!fits_register(init.reg.bank, bits)) {
        d.error(init.where, fmt::format("value 0x{:x} of lane {} does not fit a 32-bit register; use lo() and hi() "
                                        "for 64-bit values",
                                        bits, tid));
        return d;
      }
    }
  }
  return d;
}

void complete_program(WarpProgram& p) {
  for (CompiledInstruction& c : p.code) c.fast = fast_path(p, c);
  plan_lazy_registers(p);
}

}  // namespace gpuatom::nvidia
