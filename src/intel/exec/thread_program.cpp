#include <fmt/format.h>

#include <set>

#include "gpuatom/intel/exec/thread.hpp"

namespace gpuatom::intel {

// Fills group g's state from the [lanes] values: a warp of elements at once when element e is
// lane e of the group (tid = g × group + e), else element by element. Returns false when a value
// cannot be evaluated (first_setup_error() says which).
bool fill(const ThreadProgram& p, GroupState& state, uint64_t g, bool streamed) {
  uint64_t values[64];
  for (const Init& init : p.inits) {
    if (streamed && init.lazy) continue;
    const uint32_t elements = init.elements;
    const uint64_t first = g * p.group_size;
    const bool batch =
        elements <= p.group_size && elements <= 64 && init.value->values(first, elements, p.group_size, values);
    const unsigned size = init.size;
    if (batch && init.fits) {
      // The common case: the elements straight into the variable's bytes.
      uint8_t* bytes = state.variables[init.root].data() + init.offset;
      const auto store = [&]<class T>(T) {
        for (uint32_t e = 0; e < elements; ++e) {
          const auto v = static_cast<T>(values[e]);
          std::memcpy(bytes + uint64_t{e} * sizeof(T), &v, sizeof(T));
        }
      };
      switch (size) {
        case 1: store(uint8_t{}); break;
        case 2: store(uint16_t{}); break;
        case 4: store(uint32_t{}); break;
        default: store(uint64_t{}); break;
      }
      continue;
    }
    for (uint32_t e = 0; e < elements; ++e) {
      uint64_t bits;
      if (batch) {
        bits = values[e];
      } else {
        const auto v = init.value->value(first + e, e, g);
        if (!std::holds_alternative<uint64_t>(v)) return false;
        bits = std::get<uint64_t>(v);
      }
      if (init.predicate) {
        if (bits != 0) state.predicates[init.id - 1] |= 1u << e;
      } else {
        write_bytes(state, p.layout, init.id, uint64_t{e} * size, size, bits);
      }
    }
  }
  return true;
}

std::optional<OperandSpan> operand_span(const DeclarationTable& t, const CompiledInstruction& c, OperandSlot slot) {
  const RawOperand& o = c.instruction.operand(slot);
  if (o.is_null() || !t.general(o.id)) return std::nullopt;
  const auto storage = t.storage(o.id);
  const uint64_t begin = uint64_t{storage.offset} + o.offset;
  return OperandSpan{storage.root_id, begin,
                     begin + uint64_t{c.instruction.exec.channels} * element_bytes(c.instruction, slot)};
}

// Whether `c`'s Dst shares a byte with one of `slots` of `later`.
bool dst_overlaps(const DeclarationTable& t, const CompiledInstruction& c, const CompiledInstruction& later,
                  std::initializer_list<OperandSlot> slots) {
  const auto dst = operand_span(t, c, OperandSlot::dst);
  if (!dst) return false;
  for (const OperandSlot slot : slots)
    if (const auto a = operand_span(t, later, slot); a && a->overlaps(*dst)) return true;
  return false;
}

// A name the scenario may set or check: a predicate, or a general variable with storage of its own
// or in another declared variable (not in one of IGC's predefined ones).
bool has_storage(const ThreadProgram& p, const std::optional<NameRef>& ref) {
  if (!ref) return false;
  if (ref->kind == DeclKind::predicate) return true;
  return ref->kind == DeclKind::general && p.layout.has(ref->id);
}

bool aliases_predefined(const ThreadProgram& p, const std::optional<NameRef>& ref) {
  return ref && ref->kind == DeclKind::general && !p.layout.has(ref->id);
}

// Whether `c`'s Dst shares a byte with `later`'s base register (Xe3P's flat(B)[…]).
bool dst_overlaps_base(const DeclarationTable& t, const CompiledInstruction& c, const CompiledInstruction& later) {
  const auto dst = operand_span(t, c, OperandSlot::dst);
  if (!dst || !later.base_register || !t.general(later.base_register->id)) return false;
  const auto storage = t.storage(later.base_register->id);
  const uint64_t begin = uint64_t{storage.offset} + later.base_register->offset;
  return dst->overlaps(OperandSpan{storage.root_id, begin, begin + 8});
}

// Does any instruction's Dst share bytes with an address, base register or coordinate operand of a
// later one? If not, every channel's future target is known from the variables as they are.
bool addresses_are_static(const ThreadProgram& p) {
  for (size_t i = 0; i < p.code.size(); ++i)
    for (size_t j = i + 1; j < p.code.size(); ++j)
      if (dst_overlaps(p.module.declarations, p.code[i], p.code[j],
                       {OperandSlot::addresses, OperandSlot::u, OperandSlot::v, OperandSlot::r, OperandSlot::lod}) ||
          dst_overlaps_base(p.module.declarations, p.code[i], p.code[j]))
        return false;
  return true;
}

// Chooses, for streamed runs, the operands a channel can compute instead of reading them: an
// address, coordinate or source whose variable is set by one [lanes] entry that is a constant or an affine
// expression (so it never fails), that no instruction writes, covering every element the operand
// reads at the element's own size. A variable that only such operands read is then never stored
// (Init::lazy); a Dst that no operand reads is not written; and a program left with no variable
// to store needs no per-group state (ThreadProgram::stateless). The values are exactly the ones fill()
// would have stored. A variable an expectation reads (ThreadProgram::kept) is stored and written as
// in an eager run, and keeps the program stateful.
void plan_direct_operands(ThreadProgram& p) {
  const auto root_of = [&](uint32_t id) { return p.layout.root[id - first_user_variable_id]; };
  const auto general = [&](const RawOperand& o) { return !o.is_null() && p.layout.has(o.id); };
  std::vector<int> inits_of(p.layout.root.size(), 0);
  for (const Init& init : p.inits)
    if (!init.predicate) ++inits_of[init.root];
  std::vector<bool> written(p.layout.root.size(), false), read(p.layout.root.size(), false),
      kept(p.layout.root.size(), false);
  for (const ThreadProgram::Kept& k : p.kept)
    if (!k.predicate && p.layout.has(k.id)) kept[root_of(k.id)] = read[root_of(k.id)] = true;
  for (const CompiledInstruction& c : p.code) {
    const Instruction& in = c.instruction;
    if (general(in.operand(OperandSlot::dst))) written[root_of(in.operand(OperandSlot::dst).id)] = true;
    for (const OperandSlot slot : {OperandSlot::addresses, OperandSlot::src0, OperandSlot::src1, OperandSlot::u,
                                   OperandSlot::v, OperandSlot::r, OperandSlot::lod})
      if (general(in.operand(slot))) read[root_of(in.operand(slot).id)] = true;
    if (c.base_register && general(*c.base_register)) read[root_of(c.base_register->id)] = true;
  }
  // The init an operand can be computed from, if any.
  const auto direct = [&](const CompiledInstruction& c, OperandSlot slot) -> CompiledInstruction::Direct {
    const RawOperand& o = c.instruction.operand(slot);
    if (!general(o)) return {};
    const uint32_t root = root_of(o.id);
    if (written[root] || inits_of[root] != 1) return {};
    for (size_t k = 0; k < p.inits.size(); ++k) {
      const Init& init = p.inits[k];
      if (init.predicate || init.root != root || !init.fits) continue;
      if (!init.constant && !init.value->affine()) return {};
      const uint64_t at = p.layout.offset[o.id - first_user_variable_id] + o.offset;
      if (element_bytes(c.instruction, slot) != init.size || at < init.offset || (at - init.offset) % init.size != 0)
        return {};
      const uint64_t first = (at - init.offset) / init.size;
      if (first + c.instruction.exec.channels > init.elements) return {};
      CompiledInstruction::Direct d;
      d.init = static_cast<int>(k);
      d.first = static_cast<uint32_t>(first);
      d.size_mask = init.size >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * init.size)) - 1;
      d.form = init.constant
                   ? exec::AffineLanes{exec::AffineLanes::Of::tid, exec::AffineLanes::Half::whole, 0, 0, *init.constant}
                   : *init.value->affine();
      // Element e has lane = e (fill()), which the form's lane (tid % group) is only below the group size.
      if (d.form.of == exec::AffineLanes::Of::lane && first + c.instruction.exec.channels > p.group_size) return {};
      if (d.form.stride == 0 || d.form.of == exec::AffineLanes::Of::lane) {
        // For every channel of a batched group too (plan_batch): a lane form repeats each thread.
        d.invariant.resize(max_batch_lanes);
        d.form.fill(d.first, p.group_size, max_batch_lanes, d.invariant.data(), d.size_mask);
      }
      return d;
    }
    return {};
  };
  bool stateless = p.kept.empty();
  std::vector<bool> read_from_storage(p.layout.root.size(), false);
  for (CompiledInstruction& c : p.code) {
    const Instruction& in = c.instruction;
    c.all_direct = true;
    for (uint8_t r = 0; r < read_count; ++r) {
      const OperandSlot slot = read_slots[r];
      c.direct[r] = direct(c, slot);
      if (general(in.operand(slot)) && c.direct[r].init < 0) {
        read_from_storage[root_of(in.operand(slot).id)] = true;
        stateless = false;
        c.all_direct = false;
      }
    }
    if (in.predicate.present()) stateless = false;
    // A base register is read from the thread's variables when the instruction starts: stored, and
    // the instruction reads through them (ThreadLanes::base_register).
    if (c.base_register && general(*c.base_register)) {
      read_from_storage[root_of(c.base_register->id)] = true;
      stateless = false;
      c.all_direct = false;
    }
  }
  for (CompiledInstruction& c : p.code) {
    const RawOperand& d = c.instruction.operand(OperandSlot::dst);
    c.dst_observed = general(d) && read[root_of(d.id)];
    if (c.dst_observed) stateless = false;
  }
  for (Init& init : p.inits) {
    init.lazy = !init.predicate && !read_from_storage[init.root] && !written[init.root] && !kept[init.root];
    if (!init.lazy) stateless = false;
  }
  p.stateless = stateless;
}

// Whether a streamed run may give the executor several hardware threads as one group of lanes,
// and how many: when the program is stateless and every instruction is an independent atomic of
// the whole thread (no predicate, no NoMask, no channel offset) whose operands are all computed
// from element n for channel n, a channel's target, operands and result depend on its lane alone,
// so thread k's channel n is lane n + k × group size of the batch. The per-thread work (making a
// group, an instruction's setup and operand reader) is then done once per batch. vISA does not
// stop after a fault, so no thread of a batch can have been meant to stop short.
void plan_batch(ThreadProgram& p) {
  p.batch = 1;
  if (!p.stateless || p.group_size > max_group) return;
  const uint32_t thread = p.group_size >= 32 ? 0xffffffffu : (1u << p.group_size) - 1u;
  for (const CompiledInstruction& c : p.code) {
    if (!c.independent || !c.all_direct || !c.em_window || c.em_offset != 0 || c.em_channels != thread ||
        c.instruction.exec.channels != p.group_size)
      return;
    for (const CompiledInstruction::Direct& d : c.direct)
      if (d.init >= 0 && d.first != 0) return;
  }
  p.batch = max_batch_lanes / p.group_size;
}

}  // namespace gpuatom::intel
