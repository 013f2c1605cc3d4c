// Binds `isa = "visa"` scenarios (docs/spec/intel.md §1, §5, §6.1, §7, §8): each group is one hardware
// thread running the vISA program, with its own copy of every declared general variable and
// predicate. Per instruction the enabled channels (ChEn, §6.1) read their address and sources
// first, then perform one atomic each (ascending channel in the parallel and deterministic
// modes, every order in exhaustive mode); channel n's returned value goes to Dst element n
// (16-bit: zero-extended into dword n, ASSUMPTION §5.1). Dst null still updates memory. A
// faulting channel (unmapped, misaligned) changes nothing; the others complete (§7).
//
// TYPED_ATOMIC (§8): a [[surface]] whose `header` equals the instruction's surface index supplies
// the descriptor (type, extents, mip levels, texel size, placement). Each enabled channel reads
// U, V, R and LOD (UD; null reads 0) when the instruction starts and maps them per surface type:
// 1d: x = U; 1d_array: x = U, array index = V; 2d: x = U, y = V; 2d_array: x = U, y = V, array
// index = R; 3d: x = U, y = V, z = R; mip level = LOD. Coordinates are unsigned; a coordinate at
// or past its extent at that level, or LOD ≥ mip_levels, is out of bounds: the channel's Dst
// element becomes 0 (when Dst is not null), memory is not touched, and no event is scheduled.
//
// [lanes] keys name variables: element e of a variable in group g gets the expression at
// tid = g × group + e, lane = e (predicates: bit e = value ≠ 0). The launch's `active` is the
// execution mask EM (bit k: lane k of the group is launched and active).
//
// An `explainable` expectation logs every performed atomic (address, operation, operands,
// returned value unless Dst is null, channel tid) for the serial-order check.
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <array>
#include <cstring>
#include <map>
#include <memory>

#include "gpuatom/intel/exec/thread.hpp"
#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/intel/validator.hpp"
#include "gpuatom/intel/surface_access.hpp"
#include "gpuatom/memory/surface.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "bound_machine.hpp"
#include "execute.hpp"
#include "gpuatom/scenario/memory_setup.hpp"
#include "gpuatom/scenario/symbols.hpp"

namespace gpuatom::scenario {

namespace {

using namespace intel;  // the vISA front-end: instructions, declarations, validator
using intel::OperandSlot;

// The thread program with the scenario it came from.
struct Program : intel::ThreadProgram {
  const scenario::Scenario* scenario = nullptr;
  uint64_t lane_state_bytes = 0;  // a thread's variables and bookkeeping, per channel
};


// The first [lanes] value that cannot be evaluated, in the order the eager setup meets it
// (groups, then [lanes] entries, then elements), added to `d` as that setup words it.
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


// One copy of the scenario's device: its memory and threads, eager or streamed (the parallel and
// deterministic modes of a Program::streamable program).
class VisaMachine final : public BoundMachine<ThreadLanes> {
 public:
  VisaMachine(const Program& p, support::Diagnostics& d, bool streamed)
      : BoundMachine(*p.scenario, {p.group_size, false, p.log_atomics}, streamed,
                     [this, streamed](memory::DeviceMemory& memory, const exec::GroupSettings& settings) {
                       return std::make_unique<Launch::Group>(memory, settings, p_, streamed, &kept_values_);
                     },
                     {}, d, streamed ? p.batch : 1),
        p_(p),
        setup_notes_(d) {
    if (streamed) kept_values_.assign(p.lanes * p.kept.size(), 0);
    if (machine_.begin_groups()) first_setup_error(p, d);
  }

  support::Diagnostics setup_error() override {
    support::Diagnostics d = setup_notes_;
    first_setup_error(p_, d);
    return d;
  }

 private:
  std::optional<uint64_t> lane_value(std::string_view name, uint64_t tid) override {
    const DeclarationTable& t = p_.module.declarations;
    const auto ref = t.lookup(name);
    const uint64_t g = tid / p_.group_size;
    const uint32_t e = static_cast<uint32_t>(tid % p_.group_size);
    if (!ref || (ref->kind != DeclKind::general && ref->kind != DeclKind::predicate) || tid >= p_.lanes) return std::nullopt;
    const ThreadProgram::Kept v{ref->id, ref->kind == DeclKind::predicate};
    if (!has_element(p_, v, e)) return std::nullopt;
    if (!machine_.streamed()) return element_value(machine_.lanes(g).state, p_, v, e);
    // Streamed: the values ThreadLanes::end saved.
    for (size_t k = 0; k < p_.kept.size(); ++k)
      if (p_.kept[k].id == v.id && p_.kept[k].predicate == v.predicate) return kept_values_[tid * p_.kept.size() + k];
    return std::nullopt;
  }
  std::function<bool(uint64_t)> lane_active() override {
    if (!p_.active) return {};
    return [this](uint64_t tid) { return evaluate(*p_.active, tid, p_.group_size) != 0; };
  }

  const Program& p_;
  std::vector<uint64_t> kept_values_;  // streamed: lanes × p_.kept
  support::Diagnostics setup_notes_;   // what memory setup said
};

// A diagnostic of the program text, moved to its place in the scenario file.
support::Diagnostic at_scenario_line(support::Diagnostic diag, const scenario::Scenario& s) {
  if (diag.where.line == 0) return diag;
  if (diag.where.line == 1 && diag.where.column) diag.where.column += s.program_where.column - 1;
  diag.where.line = s.program_where.line + diag.where.line - 1;
  diag.where.file = s.program_where.file.empty() ? s.file : s.program_where.file;
  return diag;
}

// The surface index of a typed LSC atomic's immediate bti(N), the [[surface]] header it runs on.
std::optional<uint32_t> lsc_bti(const Instruction& in) {
  if (in.form != Form::lsc_typed || in.lsc.addr_type != LscAddrType::bti || in.lsc.surface.is_register) return std::nullopt;
  return in.lsc.surface.value;
}

// Whether the atomic addresses shared local memory (DWORD_ATOMIC on %slm, LSC .slm).
bool on_slm(const Instruction& in) {
  return (in.form == Form::dword && in.surface == 0) || (is_lsc(in.form) && in.lsc.sfid == LscSfid::slm);
}

// Binds each [[surface]] to the declared surface whose index its `header` is: the surface type
// and texel size go into the declaration table (for the validator); the map gives the executor
// the descriptor. A [[surface]] that names no declared surface is an error at its table; one
// whose header a typed LSC atomic's bti(N) names is bound to that atomic alone.
std::map<uint32_t, const scenario::SurfaceText*> bind_surfaces(const scenario::Scenario& s, Module& module,
                                                               support::Diagnostics& d) {
  std::map<uint32_t, const scenario::SurfaceText*> bound;
  DeclarationTable& t = module.declarations;
  std::set<uint32_t> lsc_surfaces;  // the bti(N) of typed LSC atomics
  for (const Instruction& in : module.instructions)
    if (const auto bti = lsc_bti(in)) lsc_surfaces.insert(*bti);
  for (const scenario::SurfaceText& surface : s.surfaces) {
    const auto type = surface_type(surface.descriptor.dim);
    if (type && !t.surface(surface.header) && lsc_surfaces.contains(surface.header)) {
      bound.emplace(surface.header, &surface);
      continue;
    }
    if (!t.surface(surface.header) || !type) {
      std::string declared;
      for (const SurfaceVariable& v : t.surfaces())
        declared += fmt::format("{}{} = {}", declared.empty() ? "" : ", ", v.name, v.index);
      d.error(surface.where, fmt::format("[[surface]] header = {} names no surface the program declares ({})",
                                         surface.header, declared.empty() ? "it declares none" : "declared: " + declared));
      continue;
    }
    t.bind_surface_type(surface.header, *type, static_cast<uint8_t>(surface.descriptor.element_bytes));
    bound.emplace(surface.header, &surface);
  }
  return bound;
}

std::variant<Program, support::Diagnostics> prepare(const scenario::Scenario& s) {
  support::Diagnostics d;
  Program p;
  p.scenario = &s;
  p.lanes = s.launch.lanes;
  p.group_size = s.launch.group_size ? s.launch.group_size : default_group;
  if (p.group_size > max_group) d.error(s.launch.where, "a vISA thread has at most 32 channels");

  ValidationOptions validation;
  const auto placed = scenario::placements(s);
  std::optional<scenario::RegionPlacement> slm;  // options.slm: the region shared local memory is
  for (size_t i = 0; i < s.options.size(); ++i) {
    const auto& [key, value] = s.options[i];
    if (key == "platform") {
      if (const auto platform = parse_platform(value)) validation.platform = *platform;
      else d.error(s.option_where[i].second, fmt::format("platform = '{}': expected {} (or an ocloc device name)", value,
                                                          platform_names(", ", " or ")));
    } else if (key == "slm") {
      for (const scenario::RegionPlacement& r : placed)
        if (r.name == value) slm = r;
      if (!slm) d.error(s.option_where[i].second, fmt::format("slm = '{}': no [[region]] has that name", value));
    } else {
      d.error(s.option_where[i].second,
              fmt::format("option '{}': vISA options are platform = {} and slm = <region>", key, platform_names("|")));
    }
  }

  // The program: parsed and validated, diagnostics at their line of the scenario file.
  support::Diagnostics program_diagnostics;
  p.module = parse_visa(s.program, s.file, ParseOptions{}, program_diagnostics);
  // The [[surface]] tables bind their types and texel sizes to the declared surfaces, so that the
  // validator checks U/V/R against each surface's type and .16 against its texel size (§8).
  const auto surfaces = program_diagnostics.has_errors() ? std::map<uint32_t, const scenario::SurfaceText*>{}
                                                         : bind_surfaces(s, p.module, d);
  if (!program_diagnostics.has_errors()) validate(p.module, validation, program_diagnostics);
  for (const support::Diagnostic& diag : program_diagnostics.all())
    if (diag.severity == support::Severity::error) d.add(at_scenario_line(diag, s));
  // Shared local memory (DWORD_ATOMIC on %slm, LSC .slm) is the region `options.slm` names: its
  // byte offsets count from that region's start, and every thread of the launch shares it (one
  // work-group, docs/intel-igc.md §9). Surfaces other than LSC's bti(N) on a [[surface]], and
  // DWORD_ATOMIC's bound buffers, have no scenario form yet.
  for (const Instruction& in : p.module.instructions) {
    std::string why;
    if (on_slm(in) && !slm)
      why = "this atomic addresses shared local memory: name the [[region]] that holds it with options = { slm = "
            "\"<region>\" }";
    else if (in.form == Form::dword && in.surface != 0)
      why = "dword_atomic on a surface other than %slm does not execute in scenarios yet (its bound buffer has no "
            "[memory] form)";
    else if (is_lsc(in.form) && in.lsc.addr_type != LscAddrType::flat &&
             (in.lsc.addr_type != LscAddrType::bti || in.lsc.surface.is_register || in.form != Form::lsc_typed))
      why = fmt::format("lsc_atomic_{}.{} with a {} address does not execute in scenarios yet: flat addresses do, and "
                        "typed ones with an immediate bti(N) bound to the [[surface]] of header = N",
                        find_lsc_op(in.lsc.op)->name, name(in.lsc.sfid), name(in.lsc.addr_type));
    if (!why.empty())
      d.add(at_scenario_line({support::Severity::error, in.where.start, why, "docs/intel-igc.md §9"}, s));
  }
  // An IGC dump is read whole, but only its atomics run: the [lanes] table gives their operands.
  if (const size_t n = p.module.count(OtherStatement::Kind::instruction); n && !program_diagnostics.has_errors())
    p.notes.push_back(fmt::format("{} instruction{} other than atomics {} read past and not executed: the [lanes] "
                                  "table gives the atomics' operands (docs/intel-igc.md §8)",
                                  n, n == 1 ? "" : "s", n == 1 ? "is" : "are"));
  for (const Instruction& in : p.module.instructions) {
    if (const auto bti = lsc_bti(in); bti && !surfaces.contains(*bti))
      d.add(at_scenario_line({support::Severity::error, in.where.surface,
                              fmt::format("the typed LSC atomic uses bti(0x{:X}), but no [[surface]] has header = {}", *bti, *bti),
                              "docs/intel-igc.md §9"},
                             s));
    if (in.form != Form::typed || !p.module.declarations.surface(in.surface) || surfaces.contains(in.surface))
      continue;
    const SurfaceVariable* sv = p.module.declarations.surface(in.surface);
    support::Diagnostic diag{support::Severity::error, in.where.surface,
                             fmt::format("typed_atomic uses surface {} (index {}), but no [[surface]] has header = {}",
                                         sv->name, in.surface, in.surface),
                             "docs/spec/intel.md §8"};
    d.add(at_scenario_line(diag, s));
  }
  if (d.has_errors()) return d;
  for (const Instruction& in : p.module.instructions) {
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
    // LSC's scale and offset, then the address size's bits, then shared local memory's region.
    const OperandSlot address_slot = in.form == Form::dword ? OperandSlot::offsets : OperandSlot::addresses;
    c.instruction.operand(OperandSlot::addresses) = in.operand(address_slot);
    c.address_bytes = element_bytes(in, address_slot);
    c.address_scale = is_lsc(in.form) ? in.lsc.scale : 1;
    c.address_offset = is_lsc(in.form) ? static_cast<uint64_t>(int64_t{in.lsc.offset}) : 0;
    c.address_mask = c.address_bytes >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * c.address_bytes)) - 1;
    c.address_base = on_slm(in) ? slm->base : 0;
    c.address_transform = uses_slot(in.form, address_slot) && (c.address_scale != 1 || c.address_offset != 0 ||
                                                                c.address_bytes < 8 || on_slm(in));
    if (in.form == Form::typed || lsc_bti(in)) {
      const scenario::SurfaceText* bound = surfaces.at(in.form == Form::typed ? in.surface : *lsc_bti(in));
      c.surface = &bound->descriptor;
      c.dim = bound->descriptor.dim;
      c.shortcut = memory::PitchLinearShortcut(c.surface, c.dim, typed_coordinate_rules(), c.access_bytes);
    }
    const bool flat = c.dim == memory::SurfaceDim::d1 || c.dim == memory::SurfaceDim::d1_buffer ||
                      c.dim == memory::SurfaceDim::d2;
    c.line_shape = c.placement.src0_only() && !c.address_transform &&
                   (!c.surface || (flat && in.operand(OperandSlot::lod).is_null()));
    p.code.push_back(c);
  }
  p.layout = Layout(p.module.declarations);
  p.static_addresses = addresses_are_static(p);
  for (CompiledInstruction& c : p.code)
    c.independent = !dst_overlaps(p.module.declarations, c, c,
                                  {OperandSlot::src0, OperandSlot::src1, OperandSlot::addresses, OperandSlot::u, OperandSlot::v, OperandSlot::r, OperandSlot::lod});

  if (p.code.empty() && !d.has_errors()) d.error(s.program_where, "the program has no instruction");

  const auto where = scenario::placements(s);
  const scenario::Symbols symbols = scenario::make_symbols(s, where, p.group_size, true, false);
  const auto compile = [&](const scenario::ExpressionText& t) { return scenario::compile_into(t, symbols, d); };
  const DeclarationTable& t = p.module.declarations;
  for (const auto& [name, text] : s.lanes) {
    const auto ref = t.lookup(name);
    if (!has_storage(p, ref)) {
      support::SourceLocation at = text.where;
      at.column = 1;
      d.error(at, fmt::format("'{}' is not a declared general or predicate variable of the program{}", name,
                              aliases_predefined(p, ref) ? " (it aliases one of IGC's predefined variables)" : ""));
      continue;
    }
    if (auto e = compile(text)) {
      Init init;
      init.predicate = ref->kind == DeclKind::predicate;
      init.id = ref->id;
      init.value = lane_values(std::move(e));
      init.where = text.where;
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
  }
  if (s.launch.active) p.active = lane_values(compile(*s.launch.active));
  for (const scenario::Expectation& e : s.expectations) {
    p.log_atomics = p.log_atomics || e.kind == scenario::Expectation::Kind::explainable;
    if (e.name.empty()) continue;
    const auto ref = t.lookup(e.name);
    if (!has_storage(p, ref)) {
      d.error(e.where, fmt::format("'{}' is not a declared general or predicate variable of the program{}", e.name,
                                   aliases_predefined(p, ref) ? " (it aliases one of IGC's predefined variables)" : ""));
      continue;
    }
    const ThreadProgram::Kept k{ref->id, ref->kind == DeclKind::predicate};
    if (std::none_of(p.kept.begin(), p.kept.end(), [&](const ThreadProgram::Kept& x) { return x.id == k.id && x.predicate == k.predicate; }))
      p.kept.push_back(k);
  }
  d.append(scenario::precheck_expectations(s, p.group_size));
  // Streamed runs keep only the variables expectations read, per lane (ThreadLanes::end).
  p.streamable = true;
  plan_direct_operands(p);
  plan_batch(p);
  // Per group: every root variable's bytes, the predicate words and the thread's own bookkeeping.
  uint64_t group_bytes = 256 + 4 * t.predicates().size();
  for (const GeneralVariable& v : t.generals())
    if (!v.alias) group_bytes += v.bytes();
  p.lane_state_bytes = (group_bytes + p.group_size - 1) / p.group_size;
  scenario::check_lane_storage(s, p.lane_state_bytes, d);
  if (d.has_errors()) return d;
  return p;
}

}  // namespace

RunResult run_visa(const Scenario& s, const RunOptions& options) {
  auto prepared = prepare(s);
  if (auto* d = std::get_if<support::Diagnostics>(&prepared)) return *d;
  Program& p = std::get<Program>(prepared);
  // Batches of threads are the parallel mode's: the deterministic mode schedules each thread.
  if (options.mode != Mode::parallel) p.batch = 1;
  const LaneCosts costs{p.lane_state_bytes, p.module.instructions.size(), p.kept.size() * sizeof(uint64_t), p.group_size};
  RunResult result = execute_machines<VisaMachine>(s, options, p,
                                                    options.mode != Mode::exhaustive && p.streamable && !options.inspect,
                                                    costs);
  if (auto* report = std::get_if<RunReport>(&result))
    report->notes.insert(report->notes.end(), p.notes.begin(), p.notes.end());
  return result;
}

}  // namespace gpuatom::scenario
