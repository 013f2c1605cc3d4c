#include "operand_reader.hpp"

#include <fmt/format.h>

#include "gpuatom/support/text.hpp"
#include "syntax_error.hpp"

namespace gpuatom::nvidia::detail {

namespace {

using support::iequals;

class Reader {
 public:
  Reader(const std::vector<Token>& tokens, size_t& pos, uint32_t end_column)
      : tokens_(tokens), pos_(pos), end_column_(end_column) {}

  void operands(std::vector<Operand>& out) {
    out.clear();
    if (at_end()) return;
    for (;;) {
      out.push_back(operand());
      if (at_end()) break;
      if (!peek().is(','))
        throw SyntaxError{peek().column, fmt::format("expected ',' between operands, found '{}'", peek().text),
                          grammar_rule};
      ++pos_;
      if (at_end()) throw SyntaxError{column(), "expected an operand after ','", grammar_rule};
    }
  }

 private:
  // The operands end at ';', the end of the line, or nvdisasm's ?PMn hint after them.
  bool at_end() const {
    return pos_ >= tokens_.size() || tokens_[pos_].is(';') ||
           (tokens_[pos_].kind == TokenKind::word && tokens_[pos_].text.starts_with(pm_hint_prefix));
  }
  const Token& peek() const { return tokens_[pos_]; }
  uint32_t column() const { return pos_ < tokens_.size() ? tokens_[pos_].column : end_column_; }
  const Token& next(std::string_view what) {
    if (pos_ >= tokens_.size())
      throw SyntaxError{end_column_, fmt::format("expected {} before the end of the line", what), grammar_rule};
    return tokens_[pos_++];
  }
  void expect(char c, std::string_view what) {
    const uint32_t col = column();
    const Token& t = next(what);
    if (!t.is(c)) throw SyntaxError{col, fmt::format("expected {}, found '{}'", what, t.text), grammar_rule};
  }

  Operand operand() {
    const Token& t = peek();
    Operand op{};
    op.column = t.column;
    if (t.is('[')) return address(std::nullopt, t.column);
    if (t.kind == TokenKind::word && iequals(t.text, "desc")) {
      ++pos_;
      expect('[', "'[' after desc");
      const Token& ur = next("a uniform register in desc[…]");
      const auto index = parse_uniform_register(ur.text);
      if (!index) {
        const RegisterFileInfo& f = info(RegisterFile::uniform);
        throw SyntaxError{ur.column,
                          fmt::format("desc[…] holds a uniform register {0}0–{0}{1} or {2}, not '{3}'", f.prefix,
                                      f.last_number - 1, f.last, ur.text),
                          modern_rule};
      }
      expect(']', "']' closing desc[");
      return address(index, t.column);
    }
    if (t.kind == TokenKind::word) {
      ++pos_;
      if (auto r = parse_register(t.text)) return {Operand::Kind::reg, *r, {}, 0, 0, 0, t.column};
      if (t.text == unnamed_register) return {Operand::Kind::reg, RZ, {}, 0, 0, 0, t.column, true};
      if (auto p = parse_predicate(t.text)) return {Operand::Kind::predicate, *p, {}, 0, 0, 0, t.column};
      if (auto ur = parse_uniform_register(t.text)) return {Operand::Kind::uniform, *ur, {}, 0, 0, 0, t.column};
      if (t.text.find('.') != std::string_view::npos && parse_register(t.text.substr(0, t.text.find('.'))))
        throw SyntaxError{t.column, fmt::format("register suffix in '{}' is allowed only inside an address", t.text),
                          modern_rule};
      throw SyntaxError{
          t.column, fmt::format("expected an operand (register, predicate, address or immediate), found '{}'", t.text),
          grammar_rule};
    }
    if (t.is('#') || t.is('-') || t.kind == TokenKind::number) {
      op.kind = Operand::Kind::immediate;
      if (peek().is('#')) ++pos_;
      op.value = integer();
      return op;
    }
    throw SyntaxError{t.column, fmt::format("expected an operand, found '{}'", t.text), grammar_rule};
  }

  // [-]number, at most 32 bits of magnitude.
  int64_t integer() {
    bool negative = false;
    if (pos_ < tokens_.size() && peek().is('-')) {
      negative = true;
      ++pos_;
    }
    const uint32_t col = column();
    const Token& t = next("a number");
    const auto v = t.kind == TokenKind::number ? support::parse_unsigned(t.text, 0xffffffffULL) : std::nullopt;
    if (!v)
      throw SyntaxError{col, fmt::format("'{}' is not an integer (decimal or 0x-hex) of at most 32 bits", t.text),
                        lexical_rule};
    return negative ? -static_cast<int64_t>(*v) : static_cast<int64_t>(*v);
  }

  static RegisterSuffix suffix(std::string_view text, uint32_t col) {
    if (const auto s = parse_register_suffix(text)) return *s;
    throw SyntaxError{col, fmt::format("unknown register suffix '.{}': expected {}", text, register_suffix_names()),
                      modern_rule};
  }

  Operand address(std::optional<uint8_t> descriptor, uint32_t start) {
    Operand op{};
    op.kind = Operand::Kind::address;
    op.column = start;
    Address& a = op.address;
    a.descriptor = descriptor;
    expect('[', "'['");
    bool have_base = false, have_offset = false;
    bool first = true;
    while (true) {
      if (pos_ < tokens_.size() && peek().is(']') && !first) break;
      bool negative = false;
      uint32_t col = column();  // an offset's column: its '-' sign, or its first digit
      if (!first) {
        const Token& sign = next("']'");
        if (!sign.is('+') && !sign.is('-'))
          throw SyntaxError{sign.column, fmt::format("expected '+', '-' or ']' in the address, found '{}'", sign.text),
                            grammar_rule};
        negative = sign.is('-');
        if (!negative) col = column();
      }
      if (pos_ < tokens_.size() && peek().kind == TokenKind::word) {
        const Token& w = next("an address term");
        if (negative) throw SyntaxError{w.column, "a register cannot be subtracted in an address", grammar_rule};
        const std::string_view text = w.text;
        const size_t dot = text.find('.');
        const std::string_view head = text.substr(0, dot);
        // nvdisasm 13.0 spells RZ as `???255` in [RZ.64+URb] (Address::unnamed_base()).
        if (auto r = head == unnamed_register ? std::optional<uint8_t>(RZ) : parse_register(head)) {
          if (have_base || !first)
            throw SyntaxError{w.column, fmt::format("only one general register ('{}') may address memory", text),
                              grammar_rule};
          a.base = *r;
          if (dot != std::string_view::npos)
            a.suffix = suffix(text.substr(dot + 1), w.column + static_cast<uint32_t>(dot));
          have_base = true;
          op.ra_column = w.column;
        } else if (auto ur = parse_uniform_register(text)) {
          if (first) {
            a.uniform_base = true;
            a.base = *ur;
            have_base = true;
            op.ra_column = w.column;
          } else {
            if (a.uniform_index)
              throw SyntaxError{w.column, "only one uniform register may be added to an address", modern_rule};
            a.uniform_index = *ur;
          }
        } else {
          throw SyntaxError{
              w.column, fmt::format("expected a register, uniform register or number in the address, found '{}'", text),
              grammar_rule};
        }
      } else {
        if (have_offset) throw SyntaxError{col, "an address takes one immediate offset", grammar_rule};
        const int64_t v = integer();
        a.offset = negative ? -v : v;
        have_offset = true;
        op.offset_column = col;
      }
      first = false;
      if (pos_ >= tokens_.size()) throw SyntaxError{end_column_, "expected ']' closing the address", grammar_rule};
    }
    ++pos_;  // ']'
    if (!have_base) op.ra_column = start;
    return op;
  }

  const std::vector<Token>& tokens_;
  size_t& pos_;
  uint32_t end_column_;
};

}  // namespace

std::optional<uint8_t> parse_register(std::string_view text) { return parse_register(RegisterFile::general, text); }
std::optional<uint8_t> parse_predicate(std::string_view text) { return parse_register(RegisterFile::predicate, text); }
std::optional<uint8_t> parse_uniform_register(std::string_view text) {
  return parse_register(RegisterFile::uniform, text);
}

void read_operands(const std::vector<Token>& tokens, size_t& pos, uint32_t end_column, std::vector<Operand>& out) {
  Reader(tokens, pos, end_column).operands(out);
}

}  // namespace gpuatom::nvidia::detail
