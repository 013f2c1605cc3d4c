// One LSC atomic line (lsc.hpp; docs/intel-igc.md §4.4), as IGC's assembler reads it:
//
//   [(P)] lsc_atomic_<op>.<sfid>[.<l1>[.<l3>]] (<mask>, <n>)  <dst>:<shape>  <address>:<aN>  <src1>  <src2>
//
// shape: d8 d16 d32 d64 d8c32 d16c32 d16c32h (IGC 2.x: d8u32 d16u32 d16u32h; or u…), then x<n> and
// t; operands NAME, NAME.offset or %null; untyped address
// [flat|flat(B)|arg|bti(S)|bss(S)|ss(S)][ [<scale>*]<reg>[+<imm>|-<imm>] ] (no model: flat; flat(B),
// a base register, is IGC 2.x's Xe3P address); typed (.tgm) bti|bss|ss(S)[<u>[, <v>[, <r>[, <lod>]]]].
#include <fmt/format.h>

#include "gpuatom/support/text.hpp"
#include "parse_context.hpp"

namespace gpuatom::intel::detail {

namespace {

constexpr std::string_view lsc_rule = "docs/intel-igc.md §4.4";

bool at_punctuation(const ParseContext& c, char ch) {
  return c.at(TokenKind::punctuation) && c.peek().text.size() == 1 && c.peek().text[0] == ch;
}

void expect_punctuation(ParseContext& c, char ch, std::string_view what) {
  if (!at_punctuation(c, ch))
    c.fail(c.peek(), fmt::format("expected {}, found {}", what, describe(c.peek())), lsc_rule);
  c.next();
}

// A number token, as an unsigned value of at most `max`.
uint64_t read_number(ParseContext& c, uint64_t max, std::string_view what) {
  const Token& t = c.peek();
  const auto v = t.kind == TokenKind::number ? support::parse_unsigned(t.text, max) : std::nullopt;
  if (!v) c.fail(t, fmt::format("expected {} (0-{:#x}), found {}", what, max, describe(t)), lsc_rule);
  c.next();
  return *v;
}

// NAME, NAME.offset or %null: the offset is written only when it is not 0 (IGC's printer).
void parse_lsc_raw(ParseContext& c, Instruction& inst, OperandSlot slot, std::string_view role) {
  const Token& t = c.peek();
  inst.where.operands[static_cast<size_t>(slot)] = c.location(t);
  RawOperand& operand = inst.operand(slot);
  if (t.kind == TokenKind::builtin) {
    if (t.text != "%null")
      c.fail(t, fmt::format("{} is not a general variable: the only built-in operand is %null", t.text), lsc_rule);
    c.next();
    operand = {};
    if (c.at(TokenKind::dot)) {  // %null.N: IGC prints a null operand's offset too
      c.next();
      operand.offset = static_cast<uint16_t>(read_number(c, 0xFFFF, "the byte offset after %null."));
    }
    return;
  }
  if (t.kind != TokenKind::identifier)
    c.fail(t, fmt::format("expected the {} (NAME, NAME.offset or %null), found {}", role, describe(t)), lsc_rule);
  c.next();
  if (const auto reserved = reserved_variable_id(t.text)) {
    operand.id = *reserved;
  } else {
    const auto ref = c.module.declarations.lookup(t.text);
    if (!ref) c.fail(t, fmt::format("undeclared variable {}", t.text), lsc_rule);
    if (ref->kind != DeclKind::general)
      c.fail(t, fmt::format("{} is not a general variable (v_type=G)", t.text), lsc_rule);
    operand.id = ref->id;
  }
  operand.offset = 0;
  if (c.at(TokenKind::dot)) {
    c.next();
    operand.offset = static_cast<uint16_t>(read_number(c, 0xFFFF, fmt::format("the byte offset after {}.", t.text)));
  }
}

// :d32, :d16c32, :u32x2t, …
void parse_shape(ParseContext& c, Instruction& inst) {
  expect_punctuation(c, ':', "':' and the data shape (e.g. :d32) after the destination");
  const Token& t = c.peek();
  inst.where.width = c.location(t);
  if (t.kind != TokenKind::identifier)
    c.fail(t, fmt::format("expected a data shape such as d32, found {}", describe(t)), lsc_rule);
  std::string_view text = t.text;
  bool transpose = false;
  if (text.ends_with("t")) {
    transpose = true;
    text.remove_suffix(1);
  }
  unsigned count = 1;
  if (const size_t x = text.find('x'); x != std::string_view::npos) {
    const auto n = support::parse_unsigned(text.substr(x + 1), 64);
    if (!n)
      c.fail(t, fmt::format("'{}': the vector size after x must be 1, 2, 3, 4, 8, 16, 32 or 64", t.text), lsc_rule);
    count = static_cast<unsigned>(*n);
    text = text.substr(0, x);
  }
  LscShapeNames names = LscShapeNames::c32;
  const auto size = parse_lsc_data_size(text, &names);
  const auto elems = lsc_elems_code(count);
  if (!size || !elems)
    c.fail(t,
           fmt::format("unknown data shape '{}': expected d8 d16 d32 d64 d8c32 d16c32 d16c32h (IGC 2.x: d8u32 d16u32 "
                       "d16u32h; or u…), then x<n> and t",
                       t.text),
           lsc_rule);
  inst.lsc.shape_names = names;
  c.next();
  inst.lsc.data_size = *size;
  inst.lsc.elems = *elems;
  inst.lsc.chmask = *elems;
  inst.lsc.order = transpose ? LscDataOrder::transpose : LscDataOrder::nontranspose;
}

// bti(0x3), bss(V44), ss(V44(0,1)): the surface vector operand.
void parse_surface_operand(ParseContext& c, Instruction& inst) {
  c.expect(TokenKind::lparen, "'(' and the surface", lsc_rule);
  LscSurface& s = inst.lsc.surface;
  const Token& t = c.peek();
  if (t.kind == TokenKind::number) {
    s = {};
    s.value = static_cast<uint32_t>(read_number(c, 0xFFFFFFFF, "the surface"));
  } else {
    if (t.kind != TokenKind::identifier)
      c.fail(t, fmt::format("expected the surface (a number or a variable), found {}", describe(t)), lsc_rule);
    const auto ref = c.module.declarations.lookup(t.text);
    if (!ref || ref->kind != DeclKind::general)
      c.fail(t, fmt::format("{} is not a declared general variable", t.text), lsc_rule);
    c.next();
    s = {};
    s.is_register = true;
    s.id = ref->id;
    if (c.accept(TokenKind::lparen)) {
      s.row = static_cast<uint8_t>(read_number(c, 0xFF, "the row offset"));
      c.expect(TokenKind::comma, "','", lsc_rule);
      s.col = static_cast<uint8_t>(read_number(c, 0xFF, "the column offset"));
      c.expect(TokenKind::rparen, "')'", lsc_rule);
    }
  }
  c.expect(TokenKind::rparen, "')' to close the surface", lsc_rule);
}

void parse_address_size(ParseContext& c, Instruction& inst) {
  expect_punctuation(c, ':', "':' and the address size (:a16, :a32 or :a64)");
  const Token& t = c.peek();
  const auto size = t.kind == TokenKind::identifier ? parse_lsc_addr_size(t.text) : std::nullopt;
  if (!size) c.fail(t, fmt::format("expected the address size a16, a32 or a64, found {}", describe(t)), lsc_rule);
  c.next();
  inst.lsc.addr_size = *size;
}

void parse_address_model(ParseContext& c, Instruction& inst, bool typed) {
  const Token& model = c.peek();
  inst.where.surface = c.location(model);
  inst.lsc.addr_type = LscAddrType::flat;
  inst.lsc.surface = {};
  if (model.kind == TokenKind::identifier) {
    const auto type = parse_lsc_addr_type(model.text);
    if (!type)
      c.fail(model, fmt::format("unknown address model '{}': expected flat, bti, bss, ss or arg", model.text),
             lsc_rule);
    c.next();
    inst.lsc.addr_type = *type;
    // flat(B): a base register (IGC 2.x, Xe3P); the validator says where it is legal.
    if (*type == LscAddrType::bti || *type == LscAddrType::bss || *type == LscAddrType::ss ||
        (*type == LscAddrType::flat && c.at(TokenKind::lparen)))
      parse_surface_operand(c, inst);
  } else if (typed) {
    c.fail(model, fmt::format("expected the address model bti(…), bss(…) or ss(…), found {}", describe(model)),
           lsc_rule);
  }
}

// [ [<scale>*]<reg>[+<imm>|-<imm>] ]:<aN>
void parse_untyped_address(ParseContext& c, Instruction& inst) {
  parse_address_model(c, inst, false);
  expect_punctuation(c, '[', "'[' to open the address");
  inst.lsc.scale = 1;
  if (c.at(TokenKind::number)) {
    inst.lsc.scale = static_cast<uint16_t>(read_number(c, 0xFFFF, "the address scale"));
    expect_punctuation(c, '*', "'*' after the address scale");
  }
  parse_lsc_raw(c, inst, OperandSlot::addresses, "address");
  inst.lsc.offset = 0;
  if (at_punctuation(c, '+') || at_punctuation(c, '-')) {
    const bool negative = c.next().text[0] == '-';
    const uint64_t v = read_number(c, negative ? 0x80000000ULL : 0x7FFFFFFFULL, "the immediate offset");
    inst.lsc.offset = negative ? static_cast<int32_t>(-static_cast<int64_t>(v)) : static_cast<int32_t>(v);
  }
  expect_punctuation(c, ']', "']' to close the address");
  parse_address_size(c, inst);
}

// bti(S)[U[, V[, R[, LOD]]]]:<aN>
void parse_typed_address(ParseContext& c, Instruction& inst) {
  parse_address_model(c, inst, true);
  expect_punctuation(c, '[', "'[' to open the coordinates");
  const OperandSlot coordinates[] = {OperandSlot::u, OperandSlot::v, OperandSlot::r, OperandSlot::lod};
  for (size_t k = 0; k < 4; ++k) {
    if (k > 0 && !c.accept(TokenKind::comma)) break;
    parse_lsc_raw(c, inst, coordinates[k], "coordinate");
  }
  expect_punctuation(c, ']', "']' to close the coordinates");
  parse_address_size(c, inst);
}

}  // namespace

Instruction parse_lsc_instruction(ParseContext& c) {
  Instruction inst;
  inst.where.start = c.location(c.peek());
  if (c.at(TokenKind::lparen)) parse_predicate(c, inst);
  inst.where.predicate = inst.predicate.present() ? inst.where.predicate : inst.where.start;
  const Token& mnemonic = c.next();
  inst.where.op = c.location(mnemonic);
  const LscOpInfo* op = find_lsc_op(mnemonic.text.substr(std::string_view("lsc_atomic_").size()));
  if (!op) c.fail(mnemonic, fmt::format("unknown LSC atomic '{}'", mnemonic.text), lsc_rule);
  inst.lsc.op = op->code;
  inst.op = op->like;
  if (!c.at(TokenKind::dot))
    c.fail(c.peek(), fmt::format("expected .ugm, .ugml, .tgm or .slm after {}", mnemonic.text), lsc_rule);
  c.next();
  const Token& sfid = c.peek();
  const auto parsed_sfid = sfid.kind == TokenKind::identifier ? parse_lsc_sfid(sfid.text) : std::nullopt;
  if (!parsed_sfid)
    c.fail(sfid, fmt::format("unknown LSC SFID {}: expected ugm, ugml, tgm or slm", describe(sfid)), lsc_rule);
  c.next();
  inst.lsc.sfid = *parsed_sfid;
  inst.form = inst.lsc.sfid == LscSfid::tgm ? Form::lsc_typed : Form::lsc_untyped;
  // Caching: none (df.df), one (L1, L3 df) or two.
  LscCache* levels[] = {&inst.lsc.l1, &inst.lsc.l3};
  for (LscCache* level : levels) {
    if (!c.at(TokenKind::dot)) break;
    c.next();
    const Token& t = c.peek();
    // IGC's lexer reads .cc as .ri (docs/intel-igc.md §4.4).
    const auto cache = t.text == "cc" ? std::optional(LscCache::ri) : parse_lsc_cache(t.text);
    if (t.kind != TokenKind::identifier || !cache)
      c.fail(t, fmt::format("unknown caching option {}: expected df uc ca wb wt st ri", describe(t)), lsc_rule);
    c.next();
    *level = *cache;
  }
  parse_exec_size(c, inst);
  for (auto& where : inst.where.operands) where = inst.where.start;
  parse_lsc_raw(c, inst, OperandSlot::dst, "destination");
  parse_shape(c, inst);
  inst.width = access_bits(inst.lsc) == 64 ? Width::w64 : access_bits(inst.lsc) == 16 ? Width::w16 : Width::w32;
  if (inst.form == Form::lsc_typed)
    parse_typed_address(c, inst);
  else
    parse_untyped_address(c, inst);
  parse_lsc_raw(c, inst, OperandSlot::src0, "src1 operand");
  parse_lsc_raw(c, inst, OperandSlot::src1, "src2 operand");
  if (!c.at_statement_end())
    c.fail(c.peek(), fmt::format("unexpected {} after the last operand (src2)", describe(c.peek())), lsc_rule);
  return inst;
}

}  // namespace gpuatom::intel::detail
