// `.decl <name> v_type=G|A|P|S|T …` (docs/spec/intel.md §10.3), the five kinds of IGC's vISA
// parser (visa/CISA.y, DirectiveDecl): reads the attributes, checks the
// declaration's own rules and adds it to the module's table (ids in declaration order).
#include <fmt/format.h>

#include <optional>

#include "gpuatom/support/text.hpp"
#include "parse_context.hpp"

namespace gpuatom::intel::detail {

namespace {

constexpr std::string_view decl_rule = "docs/spec/intel.md §10.3";

// An attribute as written: its name token and value token(s).
struct Attribute {
  const Token* name = nullptr;
  const Token* value = nullptr;
  const Token* alias_offset = nullptr;  // alias=<var, offset>
};

struct Attributes {
  Attribute v_type, type, num_elts, align, alias, v_name;
};

Attribute read_attribute(ParseContext& c, const Token& name) {
  Attribute a{&name};
  c.expect(TokenKind::equals, fmt::format("'=' after {}", name.text), decl_rule);
  if (name.text == "alias") {
    c.expect(TokenKind::less, "'<' to open alias=<variable, byte offset>", decl_rule);
    if (!c.at(TokenKind::identifier) && !c.at(TokenKind::builtin))
      c.fail(c.peek(), fmt::format("expected the aliased variable's name, found {}", describe(c.peek())), decl_rule);
    a.value = &c.next();  // a declared variable, or one of IGC's predefined ones (%r0)
    c.expect(TokenKind::comma, "',' between the aliased variable and the byte offset", decl_rule);
    a.alias_offset = &c.expect(TokenKind::number, "the alias byte offset", decl_rule);
    c.expect(TokenKind::greater, "'>' to close alias=<variable, byte offset>", decl_rule);
    return a;
  }
  const Token& v = c.peek();
  // v_name= is IGC's own name of the variable (`v_name=T006`, `v_name=%slm`).
  const bool builtin_allowed = name.text == "v_name" && v.kind == TokenKind::builtin;
  if (v.kind != TokenKind::identifier && v.kind != TokenKind::number && v.kind != TokenKind::word && !builtin_allowed)
    c.fail(v, fmt::format("expected a value after {}=, found {}", name.text, describe(v)), decl_rule);
  a.value = &c.next();
  return a;
}

Attributes read_attributes(ParseContext& c) {
  Attributes all;
  while (!c.at_statement_end()) {
    const Token& name =
        c.expect(TokenKind::identifier, "an attribute (v_type=, type=, num_elts=, align=, alias=, v_name=)", decl_rule);
    Attribute* slot = name.text == "v_type"     ? &all.v_type
                      : name.text == "type"     ? &all.type
                      : name.text == "num_elts" ? &all.num_elts
                      : name.text == "align"    ? &all.align
                      : name.text == "alias"    ? &all.alias
                      : name.text == "v_name"   ? &all.v_name
                                                : nullptr;
    if (!slot)
      c.fail(name,
             fmt::format("unknown declaration attribute '{}': expected v_type, type, num_elts, align, alias or v_name",
                         name.text),
             decl_rule);
    if (slot->name) c.fail(name, fmt::format("{}= is given twice", name.text), decl_rule);
    *slot = read_attribute(c, name);
  }
  return all;
}

uint32_t read_count(ParseContext& c, const Attribute& a, const Token& decl_name, uint64_t max) {
  if (!a.name) c.fail(decl_name, fmt::format("{} needs num_elts=<n>", decl_name.text), decl_rule);
  const auto n = support::parse_unsigned(a.value->text, ~0ULL);
  if (a.value->kind != TokenKind::number || !n) c.fail(*a.value, "num_elts must be a number", decl_rule);
  if (*n == 0 || *n > max)
    c.fail(*a.value, fmt::format("num_elts={} is out of range 1-{}", a.value->text, max), decl_rule);
  return static_cast<uint32_t>(*n);
}

std::string v_name_of(const Attributes& all) {
  return all.v_name.name ? std::string(all.v_name.value->text) : std::string();
}

// type=, align= and alias= belong to general variables only.
void forbid_general_attributes(ParseContext& c, const Attributes& all, std::string_view kind) {
  for (const Attribute* a : {&all.type, &all.align, &all.alias})
    if (a->name)
      c.fail(*a->name, fmt::format("{}= is not an attribute of {} declaration", a->name->text, kind), decl_rule);
}

void declare_general(ParseContext& c, const Token& name, const Attributes& all) {
  if (!all.type.name) c.fail(name, fmt::format("general variable {} needs type=<t>", name.text), decl_rule);
  const auto type = parse_data_type(all.type.value->text);
  if (!type)
    c.fail(*all.type.value,
           fmt::format("unknown type '{}': expected ud d uw w ub b df f bool uq q hf bf uv v vf", all.type.value->text),
           "docs/spec/intel.md §2.8");
  const uint32_t num_elts = read_count(c, all.num_elts, name, max_general_elements);
  const uint32_t bytes = num_elts * info(*type).bytes;
  if (bytes >= general_bytes_limit)
    c.fail(*all.num_elts.value,
           fmt::format("{} takes {} bytes; a general variable must be under 4 KiB ({} bytes)", name.text, bytes,
                       general_bytes_limit),
           decl_rule);
  Alignment align;
  if (all.align.name) {
    const auto parsed = parse_alignment(all.align.value->text);
    if (!parsed)
      c.fail(*all.align.value,
             fmt::format("unknown alignment '{}': expected byte word dword qword oword GRF GRFx2 hword wordx32 "
                         "wordx64 2GRF 32word 64word or a power-of-two byte count",
                         all.align.value->text),
             decl_rule);
    align = *parsed;
  }
  std::optional<VariableAlias> alias;
  if (all.alias.name && all.alias.value->kind == TokenKind::builtin) {
    const Token& parent_name = *all.alias.value;
    const PredefinedVariable* parent = find_predefined_variable(parent_name.text);
    if (!parent)
      c.fail(parent_name, fmt::format("alias target {} is not one of IGC's predefined variables", parent_name.text),
             decl_rule);
    const auto offset = support::parse_unsigned(all.alias.alias_offset->text, 0xFFFFFFFF);
    if (!offset) c.fail(*all.alias.alias_offset, "alias offset is not a byte count", decl_rule);
    // No fit check: a predefined variable's size follows the platform's GRF (%r0 is one GRF).
    alias = VariableAlias{parent->id, static_cast<uint32_t>(*offset)};
  } else if (all.alias.name) {
    const Token& parent_name = *all.alias.value;
    const auto parent = c.module.declarations.lookup(parent_name.text);
    if (!parent || parent->kind != DeclKind::general)
      c.fail(parent_name,
             fmt::format("alias target {} is {}", parent_name.text, parent ? "not a general variable" : "not declared"),
             decl_rule);
    const auto offset = support::parse_unsigned(all.alias.alias_offset->text, 0xFFFFFFFF);
    if (!offset) c.fail(*all.alias.alias_offset, "alias offset is not a byte count", decl_rule);
    const GeneralVariable& p = *c.module.declarations.general(parent->id);
    if (*offset + bytes > p.bytes())
      c.fail(*all.alias.alias_offset,
             fmt::format("{} ({} bytes) at offset {} does not fit inside {} ({} bytes)", name.text, bytes, *offset,
                         p.name, p.bytes()),
             decl_rule);
    alias = VariableAlias{parent->id, static_cast<uint32_t>(*offset)};
  }
  c.module.declarations.add_general(std::string(name.text), *type, num_elts, align, alias, c.location(name),
                                    v_name_of(all));
}

void declare_predicate(ParseContext& c, const Token& name, const Attributes& all) {
  forbid_general_attributes(c, all, kind_name(DeclKind::predicate));
  const uint32_t bits = read_count(c, all.num_elts, name, 32);
  if (bits & (bits - 1))
    c.fail(*all.num_elts.value, fmt::format("a predicate holds 1, 2, 4, 8, 16 or 32 bits, not {}", bits),
           "docs/spec/intel.md §6.2");
  if (c.module.declarations.next_predicate_id() > max_predicate_id)
    c.fail(name, "too many predicates: the pred word holds ids up to 4095", "docs/spec/intel.md §2.4");
  c.module.declarations.add_predicate(std::string(name.text), bits, c.location(name), v_name_of(all));
}

void declare_surface(ParseContext& c, const Token& name, const Attributes& all) {
  forbid_general_attributes(c, all, kind_name(DeclKind::surface));
  const uint32_t count = read_count(c, all.num_elts, name, 0xFFFF);
  if (c.module.declarations.next_surface_index() > 255)
    c.fail(name, "too many surfaces: the surface byte holds indices up to 255", "docs/spec/intel.md §2.7");
  c.module.declarations.add_surface(std::string(name.text), count, c.location(name), v_name_of(all));
}

// Address variables are no atomic's operand: checked (vISA's address_info holds 1-16 uw
// elements; CISA.y takes no type=), their name taken, then printed back.
void declare_address(ParseContext& c, const Token& name, const Attributes& all) {
  forbid_general_attributes(c, all, kind_name(DeclKind::address));
  const uint32_t count = read_count(c, all.num_elts, name, max_address_elements);
  c.module.declarations.add_address(std::string(name.text), count, c.location(name), v_name_of(all));
}

// Samplers are no atomic's operand: the declaration is checked and its name taken, then kept.
void declare_sampler(ParseContext& c, const Token& name, const Attributes& all) {
  forbid_general_attributes(c, all, kind_name(DeclKind::sampler));
  const uint32_t count = read_count(c, all.num_elts, name, 0xFFFF);
  c.module.declarations.add_sampler(std::string(name.text), count, c.location(name), v_name_of(all));
}

}  // namespace

void parse_declaration(ParseContext& c) {
  const Token& name = c.peek();
  if (name.kind != TokenKind::identifier)
    c.fail(name, fmt::format("expected the declared name after .decl, found {}", describe(name)), decl_rule);
  c.next();
  if (auto why = reserved_name_reason(name.text)) c.fail(name, *why, decl_rule);
  if (const auto earlier = c.module.declarations.lookup(name.text))
    c.fail(name,
           fmt::format("{} is already declared at line {}", name.text, c.module.declarations.where(*earlier).line),
           decl_rule);
  const Attributes all = read_attributes(c);
  if (!all.v_type.name)
    c.fail(name, fmt::format("{} needs v_type=G, v_type=A, v_type=P, v_type=S or v_type=T", name.text), decl_rule);
  const std::string_view v_type = all.v_type.value->text;
  if (support::iequals(v_type, "G"))
    declare_general(c, name, all);
  else if (support::iequals(v_type, "P"))
    declare_predicate(c, name, all);
  else if (support::iequals(v_type, "T"))
    declare_surface(c, name, all);
  else if (support::iequals(v_type, "S"))
    declare_sampler(c, name, all);
  else if (support::iequals(v_type, "A"))
    declare_address(c, name, all);
  else
    c.fail(*all.v_type.value,
           fmt::format("unknown v_type={}: expected G (general), A (address), P (predicate), S (sampler) or "
                       "T (surface), the kinds IGC's vISA parser declares",
                       v_type),
           decl_rule);
}

}  // namespace gpuatom::intel::detail
