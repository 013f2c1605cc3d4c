// The line grammar (docs/spec/nvidia.md §10.2):  [guard] opcode operands [';'] — then binding the
// operands to the operand shape of the form, chosen by mnemonic, dialect and op.
#include "gpuatom/nvidia/text/parser.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/binary/unprinted_bits.hpp"
#include "gpuatom/support/text.hpp"
#include "lexer.hpp"
#include "opcode_reader.hpp"
#include "operand_reader.hpp"
#include "syntax_error.hpp"

namespace gpuatom::nvidia {

namespace {

using detail::Operand;
using detail::SyntaxError;
using detail::Token;
using detail::TokenKind;

bool fits(const OperandSlot& slot, const Operand& op) {
  switch (slot.role) {
    case OperandRole::ps:
    case OperandRole::pu: return op.kind == Operand::Kind::predicate;
    case OperandRole::address: return op.kind == Operand::Kind::address;
    case OperandRole::handle:
      return op.kind == Operand::Kind::reg || op.kind == Operand::Kind::uniform || op.kind == Operand::Kind::immediate;
    default: return op.kind == Operand::Kind::reg;
  }
}

// "SUATOM/SURED": the mnemonics that address a surface, for messages.
std::string surface_mnemonics() {
  std::string out;
  for (const MnemonicInfo& m : mnemonic_table())
    if (m.surface) out += fmt::format("{}{}", out.empty() ? "" : "/", m.name);
  return out;
}

std::string_view kind_name(const Operand& op) {
  switch (op.kind) {
    case Operand::Kind::predicate: return "a predicate";
    case Operand::Kind::reg: return "a register";
    case Operand::Kind::uniform: return "a uniform register";
    case Operand::Kind::address: return "an address";
    case Operand::Kind::immediate: return "an immediate";
  }
  return "?";
}

// sm_120's and sm_121's SUATOM print uniform registers after the handle ("R9, UR5", "UR4, UR5",
// "R9, UR4, UR5"): the last is the second uniform register, one before it (after a handle
// register) the uniform handle. `j` is past the handle read so far.
void read_second_uniform(const std::vector<Operand>& ops, size_t& j, Instruction& inst) {
  size_t uniforms = 0;
  while (j + uniforms < ops.size() && ops[j + uniforms].kind == Operand::Kind::uniform) ++uniforms;
  const bool after_register = inst.surface.handle_register && !inst.surface.handle_uniform;
  const bool fits = uniforms == 1 || (uniforms == 2 && after_register);
  // Anything else is left to bind_operands()'s "unexpected operand".
  if (inst.mnemonic != Mnemonic::SUATOM || !inst.surface.handle_indices.empty() || !fits) return;
  if (uniforms == 2) inst.surface.handle_uniform = ops[j++].index;
  inst.surface.second_uniform = ops[j++].index;
}

// Binds operands to the shape's slots, in order; optional slots are skipped when the operand
// does not fit them. Fills the instruction's operand fields.
void bind_operands(const std::vector<Operand>& ops, const OperandShape& shape, uint32_t end_column, Instruction& inst) {
  // "ATOM.CAS", for messages only: formatted when one is thrown.
  const auto opcode = [&] { return fmt::format("{}.{}", info(inst.mnemonic).name, info(inst.op).name); };
  const char* rule = inst.dialect == Dialect::spa5 ? detail::grammar_rule : detail::modern_rule;
  size_t j = 0;
  for (const OperandSlot& slot : shape.slots) {
    if (j < ops.size() && fits(slot, ops[j])) {
      const Operand& op = ops[j];
      inst.columns.operands[static_cast<int>(slot.role)] = op.column;
      // A SUATOM's handle of ???255 is RZ as nvdisasm 13.0 spells it (printer.cpp).
      const bool surface_handle = slot.role == OperandRole::handle && inst.mnemonic == Mnemonic::SUATOM;
      if (op.unnamed && !surface_handle) {
        if ((slot.role != OperandRole::rb && slot.role != OperandRole::rc) || !inst.is_compare())
          throw SyntaxError{op.column,
                            fmt::format("'{}' (nvdisasm's register 255 that is not RZ) stands only for a CAS data "
                                        "register Rb or Rc, not the {}",
                                        unnamed_register, name(slot.role)),
                            "docs/oracles.md"};
        inst.unnamed_register[static_cast<int>(slot.role)] = true;
      }
      switch (slot.role) {
        case OperandRole::ps: inst.ps = op.index; break;
        case OperandRole::pu: inst.pu = op.index; break;
        case OperandRole::rd: inst.rd = op.index; break;
        case OperandRole::rb: inst.rb = op.index; break;
        case OperandRole::rc: inst.rc = op.index; break;
        case OperandRole::address:
          inst.address = op.address;
          inst.columns.ra = op.ra_column;
          inst.columns.offset = op.offset_column;
          break;
        case OperandRole::trailing_rz:
          if (op.index != RZ)
            throw SyntaxError{op.column,
                              fmt::format("{} takes no Rc: only RZ may follow Rb, and it is dropped (\"Other atomic "
                                          "operations assemble the omitted Rc as RZ\", seed 000)",
                                          opcode()),
                              "docs/spec/nvidia.md §6.1"};
          break;
        case OperandRole::handle:
          // Bindless: Rc, or (sm_90 ptxas output) URc; bound: one immediate (SPA 5.0). The sm_70+
          // disassembler prints immediates after either ("UR4, 0x0", "0x0, 0x5c").
          if (op.kind == Operand::Kind::reg) inst.surface.handle_register = op.index;
          if (op.kind == Operand::Kind::uniform) inst.surface.handle_uniform = op.index;
          if (op.kind != Operand::Kind::immediate) ++j;
          while (j < ops.size() && ops[j].kind == Operand::Kind::immediate) {
            if (ops[j].value < 0)
              throw SyntaxError{ops[j].column, "a surface index #tsPtrIdxU13 is unsigned", "docs/spec/nvidia.md §6.5"};
            inst.surface.handle_indices.push_back(static_cast<uint32_t>(ops[j].value));
            ++j;
          }
          read_second_uniform(ops, j, inst);
          continue;
      }
      ++j;
    } else if (!slot.optional) {
      const uint32_t col = j < ops.size() ? ops[j].column : end_column;
      const std::string found = j < ops.size() ? fmt::format(", found {}", kind_name(ops[j])) : "";
      if (slot.role == OperandRole::pu && j < ops.size() && ops[j].kind == Operand::Kind::reg) {
        // Rd first (`ATOM.E.ADD R0, [R2], R4`) read as sm_70+ text: say how that text is spelt.
        const std::string rd = register_name(RegisterFile::general, ops[j].index);
        throw SyntaxError{
            col,
            fmt::format("expected the predicate destination Pu here{}: {} spells {} as {}, with PT first when no "
                        "predicate is set ({} PT, {}, …){}",
                        found, inst.architecture ? name(*inst.architecture) : "sm_70+ disassembly", opcode(),
                        shape.text, info(inst.mnemonic).name, rd,
                        info(inst.mnemonic).modern_only ? "" : "; Rd first is the SPA 5.0 spelling of sm_5x/sm_6x"),
            rule};
      }
      throw SyntaxError{
          col, fmt::format("expected the {} here{}: {} takes {}", name(slot.role), found, opcode(), shape.text), rule};
    }
  }
  if (j < ops.size())
    throw SyntaxError{ops[j].column, fmt::format("unexpected operand: {} takes {}", opcode(), shape.text), rule};
  // A newer CAST.SPIN prints Pu in place of Rd: exactly one of the two (§10.3).
  if (inst.dialect == Dialect::modern && inst.family() == Family::ATOMS && inst.is_compare()) {
    if (inst.pu && inst.rd)
      throw SyntaxError{inst.columns.column(OperandRole::rd),
                        fmt::format("{} takes Rd or a predicate destination Pu, not both", opcode()), rule};
    if (!inst.pu && !inst.rd)
      throw SyntaxError{inst.columns.column(OperandRole::address),
                        fmt::format("{} needs Rd (or Pu) before the address", opcode()), rule};
  }
}

// What reading a line needs besides the line: kept for a whole file, so a line allocates nothing
// but its Instruction.
struct LineBuffers {
  std::vector<Token> tokens;
  std::vector<detail::WordPart> word_parts;
  std::vector<Operand> operands;
};

// Reads the instruction from the line's tokens in `buffers` into `inst`, default-constructed.
void parse_tokens(LineBuffers& buffers, uint32_t end_column, const support::SourceLocation& where,
                  std::optional<Architecture> architecture, Instruction& inst) {
  const std::vector<Token>& tokens = buffers.tokens;
  std::vector<Operand>& ops = buffers.operands;
  inst.architecture = architecture;
  inst.where = where;
  inst.where.column = tokens.front().column;
  size_t pos = 0;
  const auto next = [&](std::string_view what) -> const Token& {
    if (pos >= tokens.size())
      throw SyntaxError{end_column, fmt::format("expected {} before the end of the line", what), detail::grammar_rule};
    return tokens[pos++];
  };

  // Guard: '@' ['!'] pred.
  if (tokens[pos].is('@')) {
    inst.columns.guard = tokens[pos].column;
    ++pos;
    if (pos < tokens.size() && tokens[pos].is('!')) {
      inst.guard.negated = true;
      ++pos;
    }
    const Token& p = next("a guard predicate");
    const auto predicate = detail::parse_predicate(p.text);
    if (p.kind != TokenKind::word || !predicate) {
      const RegisterFileInfo& f = info(RegisterFile::predicate);
      throw SyntaxError{p.column,
                        fmt::format("a guard is @{0}0 … @{0}{1} or @{2} (optionally negated with '!'), not '@{3}'",
                                    f.prefix, f.last_number - 1, f.last, p.text),
                        "docs/spec/nvidia.md §10.2"};
    }
    inst.guard.predicate = *predicate;
  }

  const Token& word = next("an instruction");
  if (word.kind != TokenKind::word)
    throw SyntaxError{word.column, fmt::format("expected an instruction, found '{}'", word.text), detail::grammar_rule};
  const detail::OpcodeRead read = detail::read_opcode(word, inst, buffers.word_parts);

  detail::read_operands(tokens, pos, end_column, ops);
  // A bare uniform register is a surface handle (sm_90) or nothing.
  for (const Operand& op : ops)
    if (op.kind == Operand::Kind::uniform && !inst.is_surface())
      throw SyntaxError{op.column,
                        fmt::format("a uniform register ('{}') is an operand only inside an address, or as the "
                                    "bindless handle of {}",
                                    uniform_register_name(op.index), surface_mnemonics()),
                        detail::modern_rule};
  bool modern = read.modern_spelling;
  for (const Operand& op : ops) modern |= op.modern();
  // An op the family has only in the sm_70+ tables (ATOM.CAST.SPIN, sm_90) is sm_70+ text.
  if (!has_op(inst.family(), Dialect::spa5, inst.op) && has_op(inst.family(), Dialect::modern, inst.op)) modern = true;
  // ATOMS has no SPA 5.0 form with a leading predicate; a newer CAST.SPIN prints Pu there (§10.3).
  if (inst.family() == Family::ATOMS && !ops.empty() && ops[0].kind == Operand::Kind::predicate) modern = true;
  inst.dialect = modern ? Dialect::modern : Dialect::spa5;
  // An architecture fixes the dialect: sm_70+ text is modern even where a line reads like SPA 5.0
  // ("ATOMS.CAS R6, [R5], R7, R6 ;"), and SPA 5.0 text has no sm_70+ spelling.
  if (architecture) {
    if (is_spa5(*architecture) && modern)
      throw SyntaxError{word.column,
                        fmt::format("'{}' uses sm_70+ spellings (modifiers, operands or address syntax), which {} "
                                    "does not have: it reads the SPA 5.0 grammar",
                                    word.text, name(*architecture)),
                        detail::modern_rule};
    inst.dialect = is_spa5(*architecture) ? Dialect::spa5 : Dialect::modern;
  }
  // An .INVALIDn operation (decoded from ATOMS.CAS kind 3, for one) names no op: take the CAS
  // operand shape when the operands have an Rc after Rb, so decoded text reads back as printed.
  if (inst.placeholders[static_cast<int>(ModifierSlot::op)] && !inst.is_surface()) {
    size_t after_address = 0;
    bool seen_address = false;
    for (const Operand& op : ops) {
      if (seen_address && op.kind == Operand::Kind::reg) ++after_address;
      seen_address |= op.kind == Operand::Kind::address;
    }
    if (after_address == 2) inst.op = AtomOp::CAS;
  }
  // A missing operand belongs where the operands stopped: at the ';', or at the end of the line.
  const uint32_t operands_end = pos < tokens.size() ? tokens[pos].column : end_column;
  bind_operands(ops, operand_shape(inst.mnemonic, inst.dialect, inst.op), operands_end, inst);

  if (pos < tokens.size() && tokens[pos].kind == TokenKind::word &&
      tokens[pos].text.starts_with(detail::pm_hint_prefix)) {
    const auto n = support::parse_unsigned(tokens[pos].text.substr(detail::pm_hint_prefix.size()), 3);
    if (!n || *n == 0)
      throw SyntaxError{tokens[pos].column,
                        fmt::format("'{}' is not nvdisasm's hint ?PM1, ?PM2 or ?PM3", tokens[pos].text),
                        detail::modern_rule};
    if (inst.dialect == Dialect::spa5)
      throw SyntaxError{tokens[pos].column,
                        fmt::format("'{}' is nvdisasm's hint on {} words, not SPA 5.0 text", tokens[pos].text,
                                    architecture_range(Feature::pm_hint)),
                        detail::modern_rule};
    inst.pm_hint = static_cast<uint8_t>(*n);
    ++pos;
  }
  inst.terminated = pos < tokens.size() && tokens[pos].is(';');
  if (inst.terminated) ++pos;
  if (pos < tokens.size())
    throw SyntaxError{tokens[pos].column, fmt::format("unexpected '{}' after the instruction", tokens[pos].text),
                      detail::grammar_rule};
}

// The bits the text does not show, from the `/* unprinted: … */` comment disasm prints after it
// (unprinted_bits.hpp): into kept_bits, which encode128() writes back.
void take_unprinted_comment(std::string_view line, Instruction& inst) {
  const auto comment = find_unprinted_comment(line);
  if (!comment) return;
  constexpr const char* rule = "docs/sass128.md";
  if (const auto* why = std::get_if<std::string>(&comment->bits)) throw SyntaxError{comment->column, *why, rule};
  if (inst.dialect == Dialect::spa5)
    throw SyntaxError{comment->column,
                      "unprinted bits are a 128-bit word's (sm_70 on); SPA 5.0 text has 64-bit words, which keep none",
                      rule};
  const Word128& bits = std::get<Word128>(comment->bits);
  inst.kept_bits.lo |= bits.lo;
  inst.kept_bits.hi |= bits.hi;
}

// Reads one line into `inst` (default-constructed, so that a file's instructions are built where
// they are kept, not moved there); false for a line with no instruction or one that did not parse
// (said in `diagnostics`).
bool parse_line(std::string_view line, const support::SourceLocation& where, support::Diagnostics& diagnostics,
                LineBuffers& buffers, std::optional<Architecture> architecture, Instruction& inst) {
  try {
    if (auto error = detail::lex_line(line, buffers.tokens))
      throw SyntaxError{error->column, std::move(error->message), detail::lexical_rule};
    if (buffers.tokens.empty()) return false;
    // Columns past the last character point just after it (where the missing text belongs).
    size_t end = line.find_last_not_of(" \t\r");
    const uint32_t end_column = static_cast<uint32_t>(end == std::string_view::npos ? 1 : end + 2);
    parse_tokens(buffers, end_column, where, architecture, inst);
    take_unprinted_comment(line, inst);
    return true;
  } catch (const SyntaxError& e) {
    support::SourceLocation at = where;
    at.column = e.column;
    diagnostics.error(at, e.message, e.rule);
    return false;
  }
}

}  // namespace

std::optional<Instruction> parse_sass_line(std::string_view line, const support::SourceLocation& where,
                                           support::Diagnostics& diagnostics,
                                           std::optional<Architecture> architecture) {
  LineBuffers buffers;
  Instruction inst;
  if (!parse_line(line, where, diagnostics, buffers, architecture, inst)) return std::nullopt;
  return inst;
}

ParsedSass parse_sass(std::string_view source, std::string_view file, std::optional<Architecture> architecture) {
  ParsedSass out;
  // At most one instruction a line: room for them all, so that none is moved as the vector grows;
  // but no more than a file of its size could hold (an atomic takes 16 characters or more), so
  // that a file of blank or comment lines does not reserve room for nothing.
  size_t lines = 1;
  for (size_t at = source.find('\n'); at != std::string_view::npos; at = source.find('\n', at + 1)) ++lines;
  out.instructions.reserve(std::min(lines, source.size() / 16 + 1));
  LineBuffers buffers;
  support::SourceLocation where{file, 0, 1, std::nullopt};
  size_t start = 0;
  while (start <= source.size()) {
    size_t end = source.find('\n', start);
    if (end == std::string_view::npos) end = source.size();
    std::string_view line = source.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++where.line;
    const size_t errors = out.diagnostics.count(support::Severity::error);
    const bool parsed =
        parse_line(line, where, out.diagnostics, buffers, architecture, out.instructions.emplace_back());
    if (!parsed) out.instructions.pop_back();
    // A line that did not parse was read, and said so; a blank or comment line was not.
    if (parsed || out.diagnostics.count(support::Severity::error) > errors) ++out.lines_read;
    if (end == source.size()) break;
    start = end + 1;
  }
  return out;
}

}  // namespace gpuatom::nvidia
