// intel::load_program: vISA text through the parser, the surface bindings and the validator into
// the hardware thread's compiled instructions (docs/spec/intel.md §1, §5–§8; docs/intel-igc.md
// §8–§9 for IGC dumps, shared local memory and LSC).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "gpuatom/intel/program.hpp"
#include "gpuatom/intel/surface_access.hpp"
#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/intel/validator.hpp"

namespace gpuatom::intel {

namespace {

using Surfaces = std::map<uint32_t, const SurfaceBinding*>;

// A diagnostic of the program text, moved to its place in the caller's file.
support::Diagnostic at_start(support::Diagnostic diag, const ProgramOptions& options) {
  if (diag.where.line == 0) return diag;
  if (diag.where.line == 1 && diag.where.column) diag.where.column += options.start.column - 1;
  diag.where.line = options.start.line + diag.where.line - 1;
  diag.where.file = options.start.file.empty() ? support::FileName(options.file) : options.start.file;
  return diag;
}

// The surface index of a typed LSC atomic's immediate bti(N), the surface it runs on.
std::optional<uint32_t> lsc_bti(const Instruction& in) {
  if (in.form != Form::lsc_typed || in.lsc.addr_type != LscAddrType::bti || in.lsc.surface.is_register)
    return std::nullopt;
  return in.lsc.surface.value;
}

// Whether the atomic addresses shared local memory (DWORD_ATOMIC on %slm, LSC .slm).
bool on_slm(const Instruction& in) {
  return (in.form == Form::dword && in.surface == 0) || (is_lsc(in.form) && in.lsc.sfid == LscSfid::slm);
}

// Binds each surface to the declared surface whose index it names: the surface type and texel
// size go into the declaration table (for the validator); the map gives the executor the
// descriptor. A binding that names no declared surface is an error at its place; one whose index
// a typed LSC atomic's bti(N) names is bound to that atomic alone.
Surfaces bind_surfaces(const ProgramOptions& options, Module& module, support::Diagnostics& d) {
  Surfaces bound;
  DeclarationTable& t = module.declarations;
  std::set<uint32_t> lsc_surfaces;  // the bti(N) of typed LSC atomics
  for (const Instruction& in : module.instructions)
    if (const auto bti = lsc_bti(in)) lsc_surfaces.insert(*bti);
  for (const SurfaceBinding& surface : options.surfaces) {
    const auto type = surface_type(surface.descriptor->dim);
    if (type && !t.surface(surface.index) && lsc_surfaces.contains(surface.index)) {
      bound.emplace(surface.index, &surface);
      continue;
    }
    if (!t.surface(surface.index) || !type) {
      std::string declared;
      for (const SurfaceVariable& v : t.surfaces())
        declared += fmt::format("{}{} = {}", declared.empty() ? "" : ", ", v.name, v.index);
      d.error(surface.where,
              fmt::format("[[surface]] header = {} names no surface the program declares ({})", surface.index,
                          declared.empty() ? "it declares none" : "declared: " + declared));
      continue;
    }
    t.bind_surface_type(surface.index, *type, static_cast<uint8_t>(surface.descriptor->element_bytes));
    bound.emplace(surface.index, &surface);
  }
  return bound;
}

// Why an atomic of a valid program cannot execute here, or nothing when it can.
std::string refusal(const Instruction& in, const ProgramOptions& options) {
  if (on_slm(in) && !options.slm_base)
    return "this atomic addresses shared local memory: name the [[region]] that holds it with options = { slm = "
           "\"<region>\" }";
  if (in.form == Form::dword && in.surface != 0)
    return "dword_atomic on a surface other than %slm does not execute in scenarios yet (its bound buffer has no "
           "[memory] form)";
  if (is_lsc(in.form) && in.lsc.addr_type != LscAddrType::flat &&
      (in.lsc.addr_type != LscAddrType::bti || in.lsc.surface.is_register || in.form != Form::lsc_typed))
    return fmt::format(
        "lsc_atomic_{}.{} with a {} address does not execute in scenarios yet: flat addresses do, and "
        "typed ones with an immediate bti(N) bound to the [[surface]] of header = N",
        find_lsc_op(in.lsc.op)->name, name(in.lsc.sfid), name(in.lsc.addr_type));
  return {};
}

// The forms that do not execute (docs/intel-igc.md §9), the note on an IGC dump's other
// instructions, and every surface an instruction uses that nothing binds.
void check_forms(const ProgramOptions& options, const Surfaces& surfaces, bool parsed, ThreadProgram& p,
                 support::Diagnostics& d) {
  for (const Instruction& in : p.module.instructions)
    if (const std::string why = refusal(in, options); !why.empty())
      d.add(at_start({support::Severity::error, in.where.start, why, "docs/intel-igc.md §9"}, options));
  // An IGC dump is read whole, but only its atomics run: the [lanes] table gives their operands.
  if (const size_t n = p.module.count(OtherStatement::Kind::instruction); n && parsed)
    p.notes.push_back(
        fmt::format("{} instruction{} other than atomics {} read past and not executed: the [lanes] "
                    "table gives the atomics' operands (docs/intel-igc.md §8)",
                    n, n == 1 ? "" : "s", n == 1 ? "is" : "are"));
  for (const Instruction& in : p.module.instructions) {
    if (const auto bti = lsc_bti(in); bti && !surfaces.contains(*bti))
      d.add(at_start(
          {support::Severity::error, in.where.surface,
           fmt::format("the typed LSC atomic uses bti(0x{:X}), but no [[surface]] has header = {}", *bti, *bti),
           "docs/intel-igc.md §9"},
          options));
    if (in.form != Form::typed || !p.module.declarations.surface(in.surface) || surfaces.contains(in.surface)) continue;
    const SurfaceVariable* sv = p.module.declarations.surface(in.surface);
    support::Diagnostic diag{support::Severity::error, in.where.surface,
                             fmt::format("typed_atomic uses surface {} (index {}), but no [[surface]] has header = {}",
                                         sv->name, in.surface, in.surface),
                             "docs/spec/intel.md §8"};
    d.add(at_start(diag, options));
  }
}

// Xe3P's flat(B)[…]: where B's 8 bytes lie in its variable (row × GRF + column × 8: the validator
// keeps B a 64-bit integer inside its variable), or nothing for every other address.
std::optional<RawOperand> base_register(const Instruction& in, Platform platform) {
  const LscSurface& s = in.lsc.surface;
  if (!is_lsc(in.form) || in.lsc.addr_type != LscAddrType::flat || !s.is_register) return std::nullopt;
  return RawOperand{s.id, static_cast<uint16_t>(s.row * grf_bytes(platform) + s.col * 8u)};
}

// One atomic as the thread executes it: its operation, operand placement, execution-mask window,
// how a channel's address is formed, and the surface it addresses.
CompiledInstruction compile(const Instruction& in, const Surfaces& surfaces, const ProgramOptions& options) {
  CompiledInstruction c;
  c.instruction = in;
  c.operation = to_alu(in);
  c.placement = operand_placement(in);
  c.em_window = !in.predicate.present() && !in.exec.no_mask();
  c.em_offset = in.exec.channel_offset();
  c.em_channels = in.exec.channels >= 32 ? 0xffffffffu : (1u << in.exec.channels) - 1u;
  c.access_bytes = static_cast<unsigned>(bits(in.width) / 8);
  c.data_bytes = element_bytes(in, OperandSlot::dst);
  // The channel's address: SVM's and LSC's Addresses, DWORD_ATOMIC's Offsets (read as addresses);
  // LSC's scale and offset, then the address size's bits, then shared local memory's base.
  const OperandSlot address_slot = in.form == Form::dword ? OperandSlot::offsets : OperandSlot::addresses;
  c.instruction.operand(OperandSlot::addresses) = in.operand(address_slot);
  c.address_bytes = element_bytes(in, address_slot);
  c.address_scale = is_lsc(in.form) ? in.lsc.scale : 1;
  c.address_offset = is_lsc(in.form) ? static_cast<uint64_t>(int64_t{in.lsc.offset}) : 0;
  c.address_mask = c.address_bytes >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * c.address_bytes)) - 1;
  c.address_base = on_slm(in) ? *options.slm_base : 0;
  c.base_register = base_register(in, options.platform);
  c.address_transform = uses_slot(in.form, address_slot) && (c.address_scale != 1 || c.address_offset != 0 ||
                                                             c.address_bytes < 8 || on_slm(in) || c.base_register);
  if (in.form == Form::typed || lsc_bti(in)) {
    const SurfaceBinding* bound = surfaces.at(in.form == Form::typed ? in.surface : *lsc_bti(in));
    c.surface = bound->descriptor;
    c.dim = bound->descriptor->dim;
    c.shortcut = memory::PitchLinearShortcut(c.surface, c.dim, typed_coordinate_rules(), c.access_bytes);
  }
  const bool flat =
      c.dim == memory::SurfaceDim::d1 || c.dim == memory::SurfaceDim::d1_buffer || c.dim == memory::SurfaceDim::d2;
  c.line_shape = c.placement.src0_only() && !c.address_transform &&
                 (!c.surface || (flat && in.operand(OperandSlot::lod).is_null()));
  return c;
}

}  // namespace

LoadedProgram load_program(std::string_view text, const ProgramOptions& options) {
  LoadedProgram loaded;
  ThreadProgram& p = loaded.program;
  support::Diagnostics& d = loaded.diagnostics;
  p.lanes = options.lanes;
  p.group_size = options.group_size;
  support::Diagnostics program_diagnostics;
  p.module = parse_visa(text, options.file, ParseOptions{}, program_diagnostics);
  // The surfaces bind their types and texel sizes to the declared surfaces, so that the validator
  // checks U/V/R against each surface's type and .16 against its texel size (§8).
  const bool parsed = !program_diagnostics.has_errors();
  const Surfaces surfaces = parsed ? bind_surfaces(options, p.module, d) : Surfaces{};
  if (parsed) validate(p.module, ValidationOptions{options.platform}, program_diagnostics);
  for (const support::Diagnostic& diag : program_diagnostics.all())
    if (diag.severity == support::Severity::error) d.add(at_start(diag, options));
  check_forms(options, surfaces, !program_diagnostics.has_errors(), p, d);
  if (d.has_errors()) return loaded;
  loaded.compiled = true;
  for (const Instruction& in : p.module.instructions) p.code.push_back(compile(in, surfaces, options));
  p.layout = Layout(p.module.declarations);
  p.static_addresses = addresses_are_static(p);
  for (CompiledInstruction& c : p.code)
    c.independent = !dst_overlaps(p.module.declarations, c, c,
                                  {OperandSlot::src0, OperandSlot::src1, OperandSlot::addresses, OperandSlot::u,
                                   OperandSlot::v, OperandSlot::r, OperandSlot::lod});
  if (p.code.empty() && options.require_instruction) d.error(options.start, "the program has no instruction");
  return loaded;
}

void set_lane_values(ThreadProgram& p, NameRef ref, std::shared_ptr<const exec::LaneValues> values,
                     const support::SourceLocation& where) {
  const DeclarationTable& t = p.module.declarations;
  Init init;
  init.predicate = ref.kind == DeclKind::predicate;
  init.id = ref.id;
  init.value = std::move(values);
  init.where = where;
  if (init.value->is_constant())
    if (const auto v = init.value->value(0, p.group_size); std::holds_alternative<uint64_t>(v))
      init.constant = std::get<uint64_t>(v);
  if (init.predicate) {
    init.elements = t.predicate(init.id)->num_elts;
  } else {
    const GeneralVariable* var = t.general(init.id);
    init.elements = var->num_elts;
    init.size = info(var->type).bytes;
    const uint32_t k = init.id - first_user_variable_id;
    init.root = p.layout.root[k];
    init.offset = p.layout.offset[k];
    const GeneralVariable* root = t.general(first_user_variable_id + init.root);
    init.fits = (init.size == 1 || init.size == 2 || init.size == 4 || init.size == 8) &&
                init.offset + uint64_t{init.elements} * init.size <= root->bytes();
  }
  p.inits.push_back(std::move(init));
}

void keep_variable(ThreadProgram& p, NameRef ref) {
  const ThreadProgram::Kept k{ref.id, ref.kind == DeclKind::predicate};
  if (std::none_of(p.kept.begin(), p.kept.end(),
                   [&](const ThreadProgram::Kept& x) { return x.id == k.id && x.predicate == k.predicate; }))
    p.kept.push_back(k);
}

void first_setup_error(const ThreadProgram& p, support::Diagnostics& d) {
  const DeclarationTable& t = p.module.declarations;
  const uint64_t groups = (p.lanes + p.group_size - 1) / p.group_size;
  for (uint64_t g = 0; g < groups; ++g)
    for (const Init& init : p.inits) {
      const uint32_t elements = init.predicate ? t.predicate(init.id)->num_elts : t.general(init.id)->num_elts;
      for (uint32_t e = 0; e < elements; ++e) {
        const auto v = init.value->value(g * p.group_size + e, e, g);
        if (auto* err = std::get_if<exec::LaneValueError>(&v)) {
          support::SourceLocation at = init.where;
          at.column += err->column - 1;
          d.error(at, fmt::format("{} (group {}, element {})", err->message, g, e));
          return;
        }
      }
    }
}

void complete_program(ThreadProgram& p) {
  // Streamed runs keep only the variables expectations read, per lane (ThreadLanes::end).
  p.streamable = true;
  plan_direct_operands(p);
  plan_batch(p);
}

uint64_t lane_state_bytes(const ThreadProgram& p) {
  const DeclarationTable& t = p.module.declarations;
  uint64_t group_bytes = 256 + 4 * t.predicates().size();
  for (const GeneralVariable& v : t.generals())
    if (!v.alias) group_bytes += v.bytes();
  return (group_bytes + p.group_size - 1) / p.group_size;
}

}  // namespace gpuatom::intel
