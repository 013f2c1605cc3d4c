#include "gpuatom/intel/text/printer.hpp"

#include <fmt/format.h>

namespace gpuatom::intel {

namespace {

// A general variable's declared name, or V<id> where none is known.
std::string variable_name(uint32_t id, const DeclarationTable* declarations) {
  if (declarations)
    if (const GeneralVariable* v = declarations->general(id)) return v->name;
  return fmt::format("V{}", id);
}

}  // namespace

std::string print_operand(const RawOperand& operand, const DeclarationTable* declarations) {
  if (operand.is_null()) return fmt::format("%null.{}", operand.offset);
  return fmt::format("{}.{}", variable_name(operand.id, declarations), operand.offset);
}

std::string print_predicate_name(uint32_t id, const DeclarationTable* declarations) {
  if (declarations)
    if (const PredicateVariable* p = declarations->predicate(id)) return p->name;
  return fmt::format("P{}", id);
}

std::string print_surface(uint32_t index, const DeclarationTable* declarations) {
  for (const PredefinedSurface& s : predefined_surfaces())
    if (s.index == index) return std::string(s.name);
  if (declarations)
    if (const SurfaceVariable* s = declarations->surface(index)) return s->name;
  return fmt::format("T{}", index);
}

namespace {

// NAME, NAME.offset (only when not 0) or %null: IGC's formatRawOperand.
std::string lsc_operand(const RawOperand& operand, const DeclarationTable* declarations) {
  const std::string name = operand.is_null() ? std::string("%null") : variable_name(operand.id, declarations);
  return operand.offset ? fmt::format("{}.{}", name, operand.offset) : name;
}

// As IGC's LscInstFormatter (IsaDisassembly.cpp): two spaces between the parts, the caching
// options only when not df.df, an immediate surface in upper-case hex (the stream stays upper-case
// for the offset after it), the scale only past 1.
std::string print_lsc(const Instruction& inst, const DeclarationTable* declarations) {
  const LscFields& l = inst.lsc;
  const LscOpInfo* op = find_lsc_op(l.op);
  std::string out = op ? fmt::format("lsc_atomic_{}", op->name) : fmt::format("lsc_atomic_op0x{:02x}", l.op);
  out += fmt::format(".{}", name(l.sfid));
  if (l.l1 != LscCache::df || l.l3 != LscCache::df) out += fmt::format(".{}.{}", name(l.l1), name(l.l3));
  out += fmt::format(" ({}, {})  {}:{}", mask_info(inst.exec.mask).name, inst.exec.channels,
                     lsc_operand(inst.operand(OperandSlot::dst), declarations), name(l.data_size, l.shape_names));
  const auto elems = lsc_elems_count(l.elems);
  if (elems && *elems != 1) out += fmt::format("x{}", *elems);
  if (l.order == LscDataOrder::transpose) out += "t";
  out += fmt::format("  {}", name(l.addr_type));
  bool upper = false;
  // A flat address shows its surface only when it is a base register (Xe3P's flat(B)[…]).
  if (l.addr_type == LscAddrType::bti || l.addr_type == LscAddrType::bss || l.addr_type == LscAddrType::ss ||
      (l.addr_type == LscAddrType::flat && l.surface.is_register)) {
    if (l.surface.is_register) {
      std::string surface = variable_name(l.surface.id, declarations);
      if (l.surface.row || l.surface.col) surface += fmt::format("({},{})", l.surface.row, l.surface.col);
      out += fmt::format("({})", surface);
    } else {
      out += fmt::format("(0x{:X})", l.surface.value);
      upper = true;
    }
  }
  out += "[";
  if (inst.form == Form::lsc_typed) {
    out += fmt::format("{}, {}, {}, {}", lsc_operand(inst.operand(OperandSlot::u), declarations),
                       lsc_operand(inst.operand(OperandSlot::v), declarations),
                       lsc_operand(inst.operand(OperandSlot::r), declarations),
                       lsc_operand(inst.operand(OperandSlot::lod), declarations));
  } else {
    if (l.scale > 1) out += upper ? fmt::format("0x{:X}*", l.scale) : fmt::format("0x{:x}*", l.scale);
    out += lsc_operand(inst.operand(OperandSlot::addresses), declarations);
    if (l.offset) {
      const uint64_t magnitude = l.offset < 0 ? -static_cast<int64_t>(l.offset) : l.offset;
      out += l.offset < 0 ? "-0x" : "+0x";
      out += upper ? fmt::format("{:X}", magnitude) : fmt::format("{:x}", magnitude);
    }
  }
  out += fmt::format("]:{}  {}  {}", name(l.addr_size), lsc_operand(inst.operand(OperandSlot::src0), declarations),
                     lsc_operand(inst.operand(OperandSlot::src1), declarations));
  return out;
}

}  // namespace

std::string print_instruction(const Instruction& inst, const DeclarationTable* declarations) {
  std::string out;
  if (inst.predicate.present()) {
    const std::string_view control = inst.predicate.control == PredicateControl::any   ? ".any"
                                     : inst.predicate.control == PredicateControl::all ? ".all"
                                                                                       : "";
    out += fmt::format("({}{}{}) ", inst.predicate.invert ? "!" : "",
                       print_predicate_name(inst.predicate.id, declarations), control);
  }
  if (is_lsc(inst.form)) return out + print_lsc(inst, declarations);
  const FormInfo& form = form_info(inst.form);
  const AtomicOpInfo* op = find(inst.op);
  const std::string op_name = op ? std::string(op->name) : fmt::format("op0x{:02x}", static_cast<unsigned>(inst.op));
  out += fmt::format("{}.{}{} ({}, {})", form.mnemonic, op_name, suffix(inst.width), mask_info(inst.exec.mask).name,
                     inst.exec.channels);
  // Appended piecewise: GCC 12 warns (-Wrestrict, a false positive) on " " + std::string.
  if (form.has_surface) {
    out += ' ';
    out += print_surface(inst.surface, declarations);
  }
  for (OperandSlot slot : form.text_operands) {
    out += ' ';
    out += print_operand(inst.operand(slot), declarations);
  }
  return out;
}

namespace {

std::string v_name_text(const std::string& v_name) { return v_name.empty() ? std::string() : " v_name=" + v_name; }

}  // namespace

std::string print_declarations(const DeclarationTable& declarations) {
  std::string out;
  for (const GeneralVariable& v : declarations.generals()) {
    out += fmt::format(".decl {} v_type=G type={} num_elts={}", v.name, info(v.type).text, v.num_elts);
    if (v.align.given()) out += fmt::format(" align={}", alignment_text(v.align));
    if (v.alias) {
      const GeneralVariable* parent = declarations.general(v.alias->parent_id);
      const PredefinedVariable* predefined = find_predefined_variable(v.alias->parent_id);
      const std::string parent_name = parent       ? parent->name
                                      : predefined ? std::string(predefined->name)
                                                   : fmt::format("V{}", v.alias->parent_id);
      out += fmt::format(" alias=<{}, {}>", parent_name, v.alias->offset);
    }
    out += v_name_text(v.v_name) + "\n";
  }
  // IGC's order: addresses, predicates, samplers, surfaces.
  for (const AddressVariable& a : declarations.addresses())
    out += fmt::format(".decl {} v_type=A num_elts={}{}\n", a.name, a.num_elts, v_name_text(a.v_name));
  for (const PredicateVariable& p : declarations.predicates())
    out += fmt::format(".decl {} v_type=P num_elts={}{}\n", p.name, p.num_elts, v_name_text(p.v_name));
  for (const SamplerVariable& s : declarations.samplers())
    out += fmt::format(".decl {} v_type=S num_elts={}{}\n", s.name, s.num_elts, v_name_text(s.v_name));
  for (const SurfaceVariable& s : declarations.surfaces())
    out += fmt::format(".decl {} v_type=T num_elts={}{}\n", s.name, s.num_elts, v_name_text(s.v_name));
  return out;
}

std::string print_module(const Module& module) {
  std::string out;
  if (module.version) out += fmt::format(".version {}\n", *module.version);
  if (module.kernel) out += fmt::format(".kernel {}\n", *module.kernel);
  out += print_declarations(module.declarations);
  const DeclarationTable* declarations = module.declarations.empty() ? nullptr : &module.declarations;
  // The atomics and the statements kept as written, in the file's order. In a file with labels
  // (IGC's dumps) instructions are indented under them, as IGC writes them.
  const std::string_view indent = module.count(OtherStatement::Kind::label) ? "    " : "";
  auto other = module.others.begin();
  for (size_t i = 0; i <= module.instructions.size(); ++i) {
    for (; other != module.others.end() && other->before == i; ++other)
      out += fmt::format("{}{}\n", other->kind == OtherStatement::Kind::instruction ? indent : "", other->text);
    if (i < module.instructions.size())
      out += fmt::format("{}{}\n", indent, print_instruction(module.instructions[i], declarations));
  }
  return out;
}

}  // namespace gpuatom::intel
