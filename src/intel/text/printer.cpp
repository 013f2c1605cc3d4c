#include "gpuatom/intel/printer.hpp"

#include <fmt/format.h>

namespace gpuatom::intel {

std::string print_operand(const RawOperand& operand, const DeclarationTable* declarations) {
  if (operand.is_null()) return fmt::format("%null.{}", operand.offset);
  if (declarations)
    if (const GeneralVariable* v = declarations->general(operand.id)) return fmt::format("{}.{}", v->name, operand.offset);
  return fmt::format("V{}.{}", operand.id, operand.offset);
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

std::string print_instruction(const Instruction& inst, const DeclarationTable* declarations) {
  std::string out;
  if (inst.predicate.present()) {
    const std::string_view control = inst.predicate.control == PredicateControl::any   ? ".any"
                                     : inst.predicate.control == PredicateControl::all ? ".all"
                                                                                        : "";
    out += fmt::format("({}{}{}) ", inst.predicate.invert ? "!" : "", print_predicate_name(inst.predicate.id, declarations),
                       control);
  }
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
  for (Slot slot : form.text_operands) {
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
  // IGC's order: predicates, samplers, surfaces.
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
