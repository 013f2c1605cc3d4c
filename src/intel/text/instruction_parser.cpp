// One instruction line (docs/spec/intel.md §10.1, §10.2):
//
//   [(<pred>)] typed_atomic.<op>[.16] <execsize> <surface> <u> <v> <r> <lod> <src0> <src1> <dst>
//   [(<pred>)] svm_atomic.<op>[.16|.32|.64] <execsize> <addresses> <dst> <src0> <src1>
//   [(<pred>)] dword_atomic.<op>[.16] <execsize> <surface> <offsets> <src0> <src1> <dst>
//
// and the pages' upper-case spellings (TYPED_ATOMIC.ADD, SVM_ATOMIC.CMPXCHG.64). Names are
// resolved against the declarations made so far; the operand order comes from the form table.
#include <fmt/format.h>

#include "gpuatom/support/text.hpp"
#include "parse_context.hpp"

namespace gpuatom::intel::detail {

namespace {

constexpr std::string_view forms_rule = "docs/spec/intel.md §10.1";
constexpr std::string_view tokens_rule = "docs/spec/intel.md §10.2";

// <form>.<op>[.<width>]
void parse_mnemonic(ParseContext& c, Instruction& inst) {
  const Token& mnemonic = c.peek();
  const FormInfo* form = mnemonic.kind == TokenKind::identifier ? find_form(mnemonic.text) : nullptr;
  if (!form) {
    if (mnemonic.kind == TokenKind::identifier)
      c.fail(mnemonic,
             fmt::format("unknown instruction '{}': gpuatom reads typed_atomic, svm_atomic and dword_atomic (and "
                         "lsc_atomic_<op>), and reads past the other instructions of IGC's vISA",
                         mnemonic.text),
             forms_rule);
    c.fail(mnemonic, fmt::format("expected an instruction, found {}", describe(mnemonic)), forms_rule);
  }
  c.next();
  inst.form = form->form;
  if (!c.at(TokenKind::dot)) c.fail(c.peek(), fmt::format("expected .<op> after {}", mnemonic.text), forms_rule);
  c.next();
  const Token& op_token = c.peek();
  inst.where.op = c.location(op_token);
  const auto op = op_token.kind == TokenKind::identifier ? parse_op(op_token.text) : std::nullopt;
  if (!op) {
    c.fail(op_token,
           fmt::format("unknown atomic op {}: expected add sub inc dec min max xchg cmpxchg and or xor minsint "
                       "maxsint predec fmax fmin fcmpwr fadd fsub (imin, imax and upper-case page names accepted)",
                       describe(op_token)),
           "docs/spec/intel.md §3.1");
  }
  c.next();
  inst.op = *op;
  inst.where.width = inst.where.op;
  if (!c.accept(TokenKind::dot)) return;
  const Token& width = c.peek();
  inst.where.width = c.location(width);
  auto parsed = width.kind == TokenKind::number ? parse_width_suffix(inst.form, width.text) : std::nullopt;
  // typed_atomic.<op>.64 is read so that the validator can say why there is no such form (§5.2).
  if (!parsed && inst.form != Form::svm && width.text == "64") parsed = Width::w64;
  if (!parsed)
    c.fail(width,
           inst.form != Form::svm ? fmt::format("{} accepts only .16 as a width suffix, not .{}",
                                                form_info(inst.form).mnemonic, width.text)
                                  : fmt::format("svm_atomic width suffix must be .16, .32 or .64, not .{}", width.text),
           forms_rule);
  c.next();
  inst.width = *parsed;
}

void parse_surface(ParseContext& c, Instruction& inst) {
  const Token& t = c.peek();
  if (t.kind == TokenKind::newline || t.kind == TokenKind::end)
    c.fail(t,
           inst.form == Form::typed
               ? "missing the surface: typed_atomic takes <surface> <u> <v> <r> <lod> <src0> <src1> <dst>"
               : "missing the surface: dword_atomic takes <surface> <offsets> <src0> <src1> <dst>",
           forms_rule);
  if (t.kind != TokenKind::identifier && t.kind != TokenKind::builtin)
    c.fail(t, fmt::format("expected a surface, found {}", describe(t)), tokens_rule);
  c.next();
  inst.where.surface = c.location(t);
  if (const PredefinedSurface* s = find_predefined_surface(t.text)) {
    inst.surface = s->index;
    return;
  }
  const auto ref = c.module.declarations.lookup(t.text);
  if (!ref)
    c.fail(t,
           fmt::format("undeclared surface {}: expected a v_type=T name or %slm, T1, T2, TSS, %bss, %scratch", t.text),
           tokens_rule);
  if (ref->kind != DeclKind::surface) c.fail(t, fmt::format("{} is not a surface (v_type=T)", t.text), tokens_rule);
  inst.surface = static_cast<uint8_t>(ref->id);
}

// name.offset, %null.0 (bare %null when lenient), V0 … V31 by their reserved names.
void parse_raw_operand(ParseContext& c, Instruction& inst, OperandSlot slot) {
  const Token& t = c.peek();
  const FormInfo& form = form_info(inst.form);
  if (t.kind == TokenKind::newline || t.kind == TokenKind::end) {
    std::string order;
    for (OperandSlot s : form.text_operands) order += fmt::format(" <{}>", slot_name(s));
    c.fail(t, fmt::format("missing the {} operand: {} takes{}", slot_name(slot), form.mnemonic, order), forms_rule);
  }
  if (t.kind != TokenKind::identifier && t.kind != TokenKind::builtin)
    c.fail(t, fmt::format("expected the {} operand (name.offset), found {}", slot_name(slot), describe(t)),
           tokens_rule);
  c.next();
  inst.where.operands[static_cast<size_t>(slot)] = c.location(t);
  RawOperand& operand = inst.operand(slot);
  if (t.kind == TokenKind::builtin) {
    if (t.text != "%null")
      c.fail(t, fmt::format("{} is not a general variable: the only built-in raw operand is %null", t.text),
             tokens_rule);
    operand.id = null_variable_id;
    if (!c.at(TokenKind::dot)) {
      if (c.options.lenient) return;
      c.fail(t, "bare %null is not a raw operand: write %null.0 (--lenient accepts bare %null)", tokens_rule);
    }
  } else if (const auto reserved = reserved_variable_id(t.text)) {
    operand.id = *reserved;  // V0 = null; V1–V31 reach the validator, which rejects them (§2.2)
  } else {
    const auto ref = c.module.declarations.lookup(t.text);
    if (!ref)
      c.fail(t,
             fmt::format("undeclared variable {}: declare it with .decl {} v_type=G type=<t> num_elts=<n>", t.text,
                         t.text),
             tokens_rule);
    if (ref->kind != DeclKind::general)
      c.fail(t, fmt::format("{} is {}, not a general variable (v_type=G)", t.text, kind_name(ref->kind)), tokens_rule);
    operand.id = ref->id;
  }
  if (!c.at(TokenKind::dot))
    c.fail(c.peek(), fmt::format("raw operand {} needs a byte offset: {}.0", t.text, t.text), tokens_rule);
  c.next();
  const Token& offset = c.expect(TokenKind::number, fmt::format("the byte offset after {}.", t.text), tokens_rule);
  const auto value = support::parse_unsigned(offset.text, 0xFFFF);
  if (!value)
    c.fail(offset, fmt::format("byte offset {} does not fit the raw operand's uw field (0-65535)", offset.text),
           "docs/spec/intel.md §2.2");
  operand.offset = static_cast<uint16_t>(*value);
}

}  // namespace

// `(` [`!`] name [`.any` | `.all`] `)`
void parse_predicate(ParseContext& c, Instruction& inst) {
  c.expect(TokenKind::lparen, "'('", tokens_rule);
  inst.predicate.invert = c.accept(TokenKind::bang);
  const Token& name = c.expect(TokenKind::identifier, "a predicate name", tokens_rule);
  inst.where.predicate = c.location(name);
  const auto ref = c.module.declarations.lookup(name.text);
  if (!ref) {
    if (name.text == "P0") c.fail(name, "P0 is reserved: predicate ids start at 1", "docs/spec/intel.md §2.4");
    c.fail(name,
           fmt::format("undeclared predicate {}: declare it with .decl {} v_type=P num_elts=<n>", name.text, name.text),
           tokens_rule);
  }
  if (ref->kind != DeclKind::predicate)
    c.fail(name, fmt::format("{} is not a predicate (v_type=P)", name.text), tokens_rule);
  inst.predicate.id = static_cast<uint16_t>(ref->id);
  if (c.accept(TokenKind::dot)) {
    const Token& control = c.expect(TokenKind::identifier, "any or all after the predicate's '.'", tokens_rule);
    if (support::iequals(control.text, "any"))
      inst.predicate.control = PredicateControl::any;
    else if (support::iequals(control.text, "all"))
      inst.predicate.control = PredicateControl::all;
    else
      c.fail(control, fmt::format("unknown predicate control '.{}': expected .any or .all", control.text), tokens_rule);
  }
  c.expect(TokenKind::rparen, "')' to close the predicate", tokens_rule);
}

// (N) or (MASK, N)
void parse_exec_size(ParseContext& c, Instruction& inst) {
  const Token& open = c.expect(TokenKind::lparen, "the execution size, e.g. (M1, 8)", tokens_rule);
  inst.where.mask = c.location(open);
  if (c.at(TokenKind::identifier)) {
    const Token& mask = c.next();
    const auto code = parse_mask(mask.text);
    if (!code)
      c.fail(mask, fmt::format("unknown execution mask '{}': expected M1-M8, M1_NM-M8_NM or NoMask", mask.text),
             tokens_rule);
    inst.exec.mask = *code;
    inst.where.mask = c.location(mask);
    c.expect(TokenKind::comma, "',' between the execution mask and the size", tokens_rule);
  }
  const Token& size = c.expect(TokenKind::number, "the execution size (1, 2, 4, 8, 16 or 32)", tokens_rule);
  const auto channels = support::parse_unsigned(size.text, 32);
  if (!channels || !exec_size_code(static_cast<unsigned>(*channels)))
    c.fail(size, fmt::format("execution size {} is not 1, 2, 4, 8, 16 or 32", size.text), "docs/spec/intel.md §2.3");
  inst.exec.channels = static_cast<uint8_t>(*channels);
  inst.where.exec_size = c.location(size);
  c.expect(TokenKind::rparen, "')' to close the execution size", tokens_rule);
}

Instruction parse_instruction(ParseContext& c) {
  Instruction inst;
  inst.where.start = c.location(c.peek());
  if (c.at(TokenKind::lparen)) parse_predicate(c, inst);
  inst.where.predicate = inst.predicate.present() ? inst.where.predicate : inst.where.start;
  parse_mnemonic(c, inst);
  parse_exec_size(c, inst);
  if (form_info(inst.form).has_surface)
    parse_surface(c, inst);
  else
    inst.where.surface = inst.where.start;
  for (auto& where : inst.where.operands) where = inst.where.start;
  for (OperandSlot slot : form_info(inst.form).text_operands) parse_raw_operand(c, inst, slot);
  if (!c.at_statement_end())
    c.fail(c.peek(),
           fmt::format("unexpected {} after the last operand ({} takes {} raw operands)", describe(c.peek()),
                       form_info(inst.form).mnemonic, form_info(inst.form).text_operands.size()),
           forms_rule);
  return inst;
}

}  // namespace gpuatom::intel::detail
