// parse(): AMD atomic assembly → Instructions, reading as llvm-mc 19 reads (docs/spec/amd-isa.md §10).
// Each candidate row of the mnemonic is matched against its syntax template, as LLVM's generated
// matcher does: positional operands in order (commas optional, as AMDGPUAsmParser::ParseInstruction
// skips them), modifiers optional but in the template's order. Among the rows that match, the one
// whose returning-ness agrees with the cache-policy return bit wins (glc/sc0, GFX12 TH_ATOMIC_RETURN);
// then the checks of AMDGPUAsmParser::validateInstruction that concern atomics run. Where llvm-mc
// would accept and silently change the program (docs/spec/amd-isa.md §3), gpuatom refuses.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <optional>
#include <string>

#include "gpuatom/amd/isa/text.hpp"
#include "registers.hpp"
#include "text_syntax.hpp"

namespace gpuatom::amd::isa {
namespace {

constexpr const char* rule = "docs/spec/amd-isa.md §10";
constexpr const char* quirk_rule = "docs/spec/amd-isa.md §3";

struct Failure {
  size_t at = 0;  // offset in the line
  std::string message;
  std::string rule = "docs/spec/amd-isa.md §10";
};

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

// A cursor over one line's operand text.
struct Cursor {
  std::string_view line;
  size_t at = 0;
  void skip_blanks() {
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
  }
  bool done() {
    skip_blanks();
    return at >= line.size();
  }
  bool take(char c) {
    skip_blanks();
    if (at < line.size() && line[at] == c) {
      ++at;
      return true;
    }
    return false;
  }
  std::string_view peek_word() {
    skip_blanks();
    size_t end = at;
    while (end < line.size() && (is_word_char(line[end]) || (end == at && line[end] == '-'))) ++end;
    return line.substr(at, end - at);
  }
  std::string_view rest() {
    skip_blanks();
    return line.substr(at);
  }
};

std::optional<int64_t> integer(std::string_view text) {
  const bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  int base = 10;
  if (text.starts_with("0x") || text.starts_with("0X")) {
    base = 16;
    text.remove_prefix(2);
  }
  if (text.empty()) return std::nullopt;
  uint64_t v = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v, base);
  if (error != std::errc{} || end != text.data() + text.size() || v > (uint64_t{1} << 40)) return std::nullopt;
  return negative ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
}

struct Match {
  const Encoding* encoding = nullptr;
  std::vector<int64_t> values;
  std::vector<size_t> where;  // the line offset each operand was read at
  std::vector<bool> written;  // the operand was spelled (not defaulted)
  int64_t cpol_seen = 0;      // cache-policy bits written (enabled or disabled)
  std::optional<Failure> failure;
};

bool slot_accepts(const OperandSlot& slot, const RegisterText& r, const Target& target) {
  const std::string_view cls = slot.operand_class;
  switch (slot.kind) {
    case OperandKind::vgpr: return r.bank == RegisterBank::vgpr && r.dwords == slot.dwords;
    case OperandKind::vgpr_or_agpr:
      return (r.bank == RegisterBank::vgpr || r.bank == RegisterBank::agpr) && r.dwords == slot.dwords;
    case OperandKind::sgpr:
    case OperandKind::sgpr_or_inline: {
      if (r.bank == RegisterBank::vgpr || r.bank == RegisterBank::agpr) return false;
      if (r.bank == RegisterBank::inline_constant) return slot.kind == OperandKind::sgpr_or_inline;
      if (r.dwords != slot.dwords) return false;
      if (r.bank == RegisterBank::special) {
        if (slot.dwords > 2) return false;
        if (r.code >= 235) return slot.kind == OperandKind::sgpr_or_inline && r.code != 254;
        const bool is_exec = r.code == exec_code || r.code == exec_code + 1;
        const bool is_m0 = r.code == m0_code(target) && r.dwords == 1;
        if (cls.find("XEXEC") != std::string_view::npos && is_exec) return false;
        if (cls.find("XM0") != std::string_view::npos && is_m0) return false;
        if (slot.dwords == 2 && r.code == null_code(target) && has(target, Feature::gfx9)) return false;
      }
      return true;
    }
    default: return false;
  }
}

std::string width_name(const OperandSlot& slot) {
  const std::string regs = slot.kind == OperandKind::vgpr           ? "VGPR"
                           : slot.kind == OperandKind::vgpr_or_agpr ? "VGPR or AGPR"
                                                                    : "SGPR";
  if (slot.kind == OperandKind::sgpr_or_inline) return "an SGPR or an inline constant";
  return slot.dwords == 1 ? "one " + regs : std::to_string(slot.dwords) + " consecutive " + regs + "s";
}

// Reads one positional register (or inline-constant/SMEM offset) operand.
std::optional<Failure> read_positional(Cursor& c, const Encoding& e, size_t slot_index, Match& m,
                                       const Target& target) {
  const OperandSlot& slot = e.operands[slot_index];
  c.skip_blanks();
  const size_t at = c.at;
  m.where[slot_index] = at;
  m.written[slot_index] = true;
  if (slot.kind == OperandKind::offset) {  // SMEMOffset: a bare number
    const std::string_view word = c.peek_word();
    const auto v = integer(word);
    if (!v) {
      // llvm-mc reads a missing immediate SMEM offset as 0x0.
      if (c.done() || std::isalpha(static_cast<unsigned char>(word.empty() ? ' ' : word[0]))) {
        m.written[slot_index] = false;
        return std::nullopt;
      }
      return Failure{at, "expected an offset number for " + std::string(slot.name)};
    }
    c.at += word.size();
    m.values[slot_index] = *v;
    return std::nullopt;
  }
  const auto reg = parse_register(c.rest(), target);
  if (reg) {
    if (!reg->problem.empty()) return Failure{at, reg->problem};
    if (slot.name == "saddr" && reg->reg.code == null_code(target) && reg->reg.bank == RegisterBank::special &&
        !has(target, Feature::gfx9))
      return Failure{at,
                     "saddr `null` is the encoding of `off`: llvm-mc 19 would encode the `off` form and read " +
                         std::string(e.operands[0].name) + "'s address as 64 bits; write `off` with a 64-bit vaddr",
                     quirk_rule};
    if (!slot_accepts(slot, reg->reg, target))
      return Failure{at, "`" + std::string(c.rest().substr(0, reg->used)) + "` is not valid for " +
                             std::string(slot.name) + " (" + width_name(slot) + ", LLVM class " +
                             std::string(slot.operand_class) + ")"};
    c.at += reg->used;
    m.values[slot_index] = reg->reg.code;
    return std::nullopt;
  }
  const std::string_view word = c.peek_word();
  if (slot.kind == OperandKind::sgpr_or_inline && !word.empty()) {
    if (const auto code = inline_constant_code(word)) {
      c.at += word.size();
      m.values[slot_index] = *code;
      return std::nullopt;
    }
    return Failure{at, "`" + std::string(word) + "` is not an SGPR or an inline constant (" + std::string(slot.name) +
                           " takes no literal)"};
  }
  return Failure{at, "expected " + width_name(slot) + " for " + std::string(slot.name)};
}

// `key:value` at the cursor with key `key`; nothing (cursor unmoved) when the next word is not it.
std::optional<std::string_view> keyed(Cursor& c, std::string_view key) {
  c.skip_blanks();
  const std::string_view rest = c.line.substr(c.at);
  if (!rest.starts_with(key) || rest.size() <= key.size() || rest[key.size()] != ':') return std::nullopt;
  size_t end = key.size() + 1;
  while (end < rest.size() &&
         (is_word_char(rest[end]) || rest[end] == '-' || (rest[end] == '+' && end == key.size() + 1)))
    ++end;
  c.at += end;
  return rest.substr(key.size() + 1, end - key.size() - 1);
}

std::optional<int64_t> th_value(std::string_view name, bool& atomic_type) {
  atomic_type = false;
  if (name == "TH_DEFAULT") return 0;
  if (name.starts_with("TH_ATOMIC_")) {
    atomic_type = true;
    name.remove_prefix(10);
    if (name == "RT") return 0;
    if (name == "RETURN" || name == "RT_RETURN") return th_return;
    if (name == "NT") return th_nt;
    if (name == "NT_RETURN") return th_nt | th_return;
    if (name == "CASCADE_RT") return th_cascade;
    if (name == "CASCADE_NT") return th_cascade | th_nt;
    return std::nullopt;
  }
  for (std::string_view prefix : {std::string_view("TH_LOAD_"), std::string_view("TH_STORE_")}) {
    if (!name.starts_with(prefix)) continue;
    name.remove_prefix(prefix.size());
    constexpr std::pair<std::string_view, int64_t> loads[] = {{"RT", 0},    {"NT", 1},    {"HT", 2},
                                                              {"LU", 3},    {"RT_WB", 3}, {"NT_RT", 4},
                                                              {"RT_NT", 5}, {"NT_HT", 6}, {"NT_WB", 7}};
    if (prefix == "TH_LOAD_" && (name == "RT_WB" || name == "NT_WB")) return std::nullopt;
    if (prefix == "TH_STORE_" && name == "LU") return std::nullopt;
    for (const auto& [n, v] : loads)
      if (n == name) return v;
  }
  return std::nullopt;
}

// The cache-policy words: any order, each once (AMDGPUAsmParser::parseCPol).
std::optional<Failure> read_cpol(Cursor& c, const Encoding& e, size_t slot_index, Match& m, const Target& target) {
  int64_t value = 0, seen = 0;
  c.skip_blanks();
  m.where[slot_index] = c.at;
  if (has(target, Feature::gfx12)) {
    bool have_th = false, have_scope = false;
    for (;;) {
      const size_t at = (c.skip_blanks(), c.at);
      if (!have_th) {
        if (const auto th = keyed(c, "th")) {
          bool atomic = false;
          const auto v = th_value(*th, atomic);
          if (!v) return Failure{at, "invalid th value `" + std::string(*th) + "`"};
          if (*v != 0 && !atomic)
            return Failure{at, "invalid th value for atomic instructions: `" + std::string(*th) + "`"};
          value |= *v;
          have_th = true;
          m.written[slot_index] = true;
          continue;
        }
      }
      if (!have_scope) {
        if (const auto scope = keyed(c, "scope")) {
          constexpr std::string_view scopes[] = {"SCOPE_CU", "SCOPE_SE", "SCOPE_DEV", "SCOPE_SYS"};
          const auto found = std::find(std::begin(scopes), std::end(scopes), *scope);
          if (found == std::end(scopes)) return Failure{at, "invalid scope value `" + std::string(*scope) + "`"};
          value |= (found - std::begin(scopes)) << 3;
          have_scope = true;
          m.written[slot_index] = true;
          continue;
        }
      }
      break;
    }
    // TH_BYPASS (3) at system scope needs the load/store TH_BYPASS spelling (validateTHAndScopeBits).
    if ((value & th_mask) == 3 && (value & scope_mask) == 24)
      return Failure{m.where[slot_index], "scope and th combination is not valid"};
    m.values[slot_index] = value;
    return std::nullopt;
  }
  const bool gfx940 = has_gfx940_cache_bits(target);
  const bool smem = e.cls == InstClass::smrd;
  for (;;) {
    std::string_view word = c.peek_word();
    const size_t at = c.at;
    bool disabling = false;
    std::string_view base = word;
    if (base.starts_with("no")) {
      base.remove_prefix(2);
      disabling = true;
    }
    int64_t bit = 0;
    const bool gfx940_words = gfx940 && !smem;
    if (gfx940_words) {
      bit = base == "sc0" ? cpol_glc : base == "nt" ? cpol_slc : base == "sc1" ? cpol_scc : 0;
      if (!bit && (base == "glc" || base == "slc" || base == "scc" || base == "dlc"))
        return Failure{at, "`" + std::string(word) + "` is not a cache-policy bit on " + std::string(target.name) +
                               " (it spells them sc0 sc1 nt)"};
    } else {
      bit = base == "glc"   ? cpol_glc
            : base == "slc" ? cpol_slc
            : base == "dlc" ? cpol_dlc
            : base == "scc" ? cpol_scc
                            : 0;
      if (!bit && !disabling && (base == "sc0" || base == "sc1" || base == "nt"))
        return Failure{at, "`" + std::string(word) + "` is a gfx940 cache-policy bit; " + std::string(target.name) +
                               " spells them glc slc" + (has(target, Feature::gfx9) ? " scc" : " dlc")};
    }
    if (!bit) break;
    if (bit == cpol_dlc && has(target, Feature::gfx9))
      return Failure{at, "dlc modifier is not supported on " + std::string(target.name)};
    if (bit == cpol_scc && !has(target, Feature::gfx90a_insts))
      return Failure{at, "scc modifier is not supported on " + std::string(target.name)};
    if (seen & bit) return Failure{at, "duplicate cache policy modifier `" + std::string(word) + "`"};
    if (smem && !disabling && bit != cpol_glc)
      return Failure{at, "invalid cache policy for SMEM instruction: `" + std::string(word) + "`"};
    seen |= bit;
    if (!disabling) value |= bit;
    c.at += word.size();
    m.written[slot_index] = true;
  }
  m.values[slot_index] = value;
  m.cpol_seen = seen;
  return std::nullopt;
}

std::optional<Failure> read_modifier(Cursor& c, const Encoding& e, size_t slot_index, Match& m, const Target& target) {
  const OperandSlot& slot = e.operands[slot_index];
  c.skip_blanks();
  const size_t at = c.at;
  m.where[slot_index] = at;
  switch (slot.kind) {
    case OperandKind::offset: {
      const auto text = keyed(c, "offset");
      if (!text) return std::nullopt;
      m.written[slot_index] = true;
      const auto v = integer(*text);
      if (!v) return Failure{at, "offset:" + std::string(*text) + " is not a number"};
      m.values[slot_index] = *v;
      return std::nullopt;
    }
    case OperandKind::cpol: return read_cpol(c, e, slot_index, m, target);
    case OperandKind::dmask: {
      const auto text = keyed(c, "dmask");
      if (!text) return std::nullopt;
      m.written[slot_index] = true;
      const auto v = integer(*text);
      if (!v || *v < 0 || *v > 0xffff) return Failure{at, "dmask:" + std::string(*text) + " is not a 16-bit number"};
      m.values[slot_index] = *v;
      return std::nullopt;
    }
    case OperandKind::dim: {
      const auto text = keyed(c, "dim");
      if (!text) return std::nullopt;
      m.written[slot_index] = true;
      std::string_view name = *text;
      if (name.starts_with("SQ_RSRC_IMG_")) name.remove_prefix(12);
      for (int64_t d = 0; d < 8; ++d)
        if (dim_name(d) == name) {
          m.values[slot_index] = d;
          return std::nullopt;
        }
      return Failure{at, "invalid dim value `" + std::string(*text) + "`"};
    }
    case OperandKind::gds:
    case OperandKind::flag: {
      std::string_view word = slot.kind == OperandKind::gds     ? "gds"
                              : slot.operand_class == "R128A16" ? r128_flag_name(target)
                              : slot.operand_class == "A16"     ? "a16"
                              : slot.operand_class == "TFE"     ? "tfe"
                              : slot.operand_class == "UNorm"   ? "unorm"
                              : slot.operand_class == "LWE"     ? "lwe"
                                                                : "da";
      if (c.peek_word() != word) return std::nullopt;
      c.at += word.size();
      m.written[slot_index] = true;
      m.values[slot_index] = 1;
      return std::nullopt;
    }
    default: return Failure{at, "internal: unexpected modifier slot"};
  }
}

bool is_modifier(const OperandSlot& slot) {
  return slot.kind == OperandKind::cpol || slot.kind == OperandKind::gds || slot.kind == OperandKind::dmask ||
         slot.kind == OperandKind::dim || slot.kind == OperandKind::flag ||
         (slot.kind == OperandKind::offset && slot.operand_class != "SMEMOffset");
}

// Matches `operands` (the text after the mnemonic, at line offset `start`) against one row.
Match match_row(const Encoding& e, std::string_view line, size_t start, const Target& target) {
  Match m;
  m.encoding = &e;
  m.values.assign(e.operands.size(), 0);
  m.where.assign(e.operands.size(), start);
  m.written.assign(e.operands.size(), false);
  Cursor c{line, start};
  bool in_brackets = false;
  for (const SyntaxPiece& piece : syntax_pieces(e.syntax)) {
    if (!piece.operand) {
      for (size_t i = 0; i < piece.text.size(); ++i) {
        const char ch = piece.text[i];
        if (ch == ' ') continue;
        if (ch == ',') {
          if (!c.take(',') && in_brackets) {
            m.failure = Failure{c.at, "expected `,`"};
            return m;
          }
          continue;
        }
        if (ch == '[' || ch == ']') {
          if (!c.take(ch)) {
            m.failure = Failure{c.at, std::string("expected `") + ch + "`"};
            return m;
          }
          in_brackets = ch == '[';
          continue;
        }
        size_t end = i;
        while (end < piece.text.size() && is_word_char(piece.text[end])) ++end;
        const std::string_view word = piece.text.substr(i, end - i);
        if (c.peek_word() != word) {
          m.failure = Failure{c.at, "expected `" + std::string(word) + "`"};
          return m;
        }
        c.at += word.size();
        i = end - 1;
      }
      continue;
    }
    size_t slot_index = e.operands.size();
    for (size_t i = 0; i < e.operands.size(); ++i)
      if (e.operands[i].name == piece.text) slot_index = i;
    if (slot_index == e.operands.size()) {
      m.failure = Failure{c.at, "internal: the template names an unknown operand " + std::string(piece.text)};
      return m;
    }
    auto failure = is_modifier(e.operands[slot_index]) ? read_modifier(c, e, slot_index, m, target)
                                                       : read_positional(c, e, slot_index, m, target);
    if (failure) {
      m.failure = std::move(failure);
      return m;
    }
  }
  c.take(',');
  if (!c.done()) {
    m.failure = Failure{c.at, "unexpected `" +
                                  std::string(c.rest().substr(0, c.peek_word().empty() ? 1 : c.peek_word().size())) +
                                  "` (modifiers follow the order " + std::string(e.syntax) + ")"};
    return m;
  }
  // Operands the template does not print take the value they are tied to (vdata_in = vdata;
  // an image's vdata = vdst, or vdst = vdata on GFX12).
  for (size_t i = 0; i < e.operands.size(); ++i) {
    if (m.written[i] || is_modifier(e.operands[i])) continue;
    const std::string_view name = e.operands[i].name;
    const std::string_view tied = name == "vdata_in" ? "vdata"
                                  : name == "vdata"  ? "vdst"
                                  : name == "vdst"   ? "vdata"
                                  : name == "sdata"  ? "sdst"
                                                     : "";
    for (size_t j = 0; j < e.operands.size(); ++j)
      if (e.operands[j].name == tied && m.written[j]) m.values[i] = m.values[j];
  }
  return m;
}

// Which cache-policy bits the row can hold: its field's bits, plus the return bit its opcode fixes.
int64_t encodable_cpol(const Encoding& e) {
  int64_t bits = 0;
  if (const Field* f = e.field("cpol"))
    for (const FieldRun& r : f->runs) bits |= ((int64_t{1} << r.length) - 1) << r.operand_bit;
  if (e.returns) bits |= cpol_glc;
  return bits;
}

bool return_bit(const Match& m, const Target& target) {
  const int64_t* cpol = nullptr;
  for (size_t i = 0; i < m.encoding->operands.size(); ++i)
    if (m.encoding->operands[i].kind == OperandKind::cpol) cpol = &m.values[i];
  if (!cpol) return false;
  return has(target, Feature::gfx12) ? (*cpol & th_return) != 0 : (*cpol & cpol_glc) != 0;
}

bool return_chosen_by_cpol(const Encoding& e) {
  return e.cls == InstClass::flat || e.cls == InstClass::mubuf || e.cls == InstClass::smrd;
}

// The operands' registers, offsets and gds (validateInstruction's operand checks).
std::optional<Failure> validate_operands(const Match& m, const Target& target, size_t mnemonic_at) {
  const Encoding& e = *m.encoding;
  const std::string tname(target.name);
  bool any_agpr = false, any_vgpr_data = false;
  for (size_t i = 0; i < e.operands.size(); ++i) {
    const OperandSlot& s = e.operands[i];
    const int64_t v = m.values[i];
    if (s.kind == OperandKind::vgpr_or_agpr && m.written[i]) {
      (is_agpr_code(v) ? any_agpr : any_vgpr_data) = true;
      if (is_agpr_code(v) && !has(target, Feature::gfx90a_insts))
        return Failure{m.where[i], "AGPRs are not supported on " + tname + " (gfx90a and gfx94x have them)"};
    }
    if ((s.kind == OperandKind::vgpr || s.kind == OperandKind::vgpr_or_agpr) && s.dwords > 1 && m.written[i] &&
        has(target, Feature::gfx90a_insts) && (v & 1))
      return Failure{m.where[i],
                     "invalid register alignment: " + tname + " needs VGPR/AGPR tuples to start at an even register"};
    if (s.kind == OperandKind::sgpr && s.dwords > 1 && m.written[i] && (v < 256)) {
      const int64_t align = s.dwords >= 4 ? 4 : 2;
      const int64_t index = v >= ttmp_base && v < ttmp_base + 16 ? v - ttmp_base : v;
      if (index % align)
        return Failure{m.where[i], "invalid register alignment: a " + std::to_string(s.dwords * 32) +
                                       "-bit SGPR tuple starts at a multiple of " + std::to_string(align)};
    }
    if (s.kind == OperandKind::offset) {
      const OffsetRange r = offset_range(e, s, target);
      if (v < r.min || v > r.max)
        return Failure{m.where[i], "expected a " + std::to_string(r.bits) + "-bit " +
                                       (r.is_signed ? "signed" : "unsigned") + " offset (" + std::to_string(r.min) +
                                       " to " + std::to_string(r.max) + ")"};
      const OffsetRange k = encodable_offset_range(e, s, target);
      if (v < k.min || v > k.max)
        return Failure{m.where[i],
                       "offset:" + std::to_string(v) + " does not fit the encoding's " + std::to_string(k.bits) +
                           "-bit field (0 to " + std::to_string(k.max) + "); llvm-mc 19 would keep only the low bits",
                       quirk_rule};
    }
    if (s.kind == OperandKind::gds && v && !has(target, Feature::gds))
      return Failure{m.where[i], "gds is not supported on " + tname};
  }
  if (any_agpr && any_vgpr_data)
    return Failure{mnemonic_at, "invalid register class: data and destination must be all VGPRs or all AGPRs"};
  return std::nullopt;
}

// The cache policy: the return bit matches the form, and no bit the encoding cannot hold is lost.
std::optional<Failure> validate_cache_policy(const Match& m, const Target& target, size_t mnemonic_at) {
  const Encoding& e = *m.encoding;
  const std::string tname(target.name);
  for (size_t i = 0; i < e.operands.size(); ++i) {
    if (e.operands[i].kind != OperandKind::cpol) continue;
    const int64_t v = m.values[i];
    if (return_chosen_by_cpol(e) && e.returns != return_bit(m, target)) {
      const std::string bit = has(target, Feature::gfx12)                                 ? "th:TH_ATOMIC_RETURN"
                              : has_gfx940_cache_bits(target) && e.cls != InstClass::smrd ? "sc0"
                                                                                          : "glc";
      if (e.returns)
        return Failure{mnemonic_at, "instruction must use " + bit + " (the form with a destination returns)"};
      if (has(target, Feature::gfx12))
        return Failure{
            m.where[i],
            "th:TH_ATOMIC_RETURN on the form without a destination: llvm-mc 19 would encode the returning opcode "
            "writing v0; write the returning form with its destination",
            quirk_rule};
      return Failure{m.where[i],
                     "instruction must not use " + bit + " (the form without a destination does not return)"};
    }
    const int64_t lost = v & ~encodable_cpol(e);
    if (lost) {
      std::string names;
      if (has(target, Feature::gfx12))
        names = "th/scope bits " + std::to_string(lost);
      else {
        const bool gfx940 = has_gfx940_cache_bits(target);
        if (lost & cpol_slc) names += gfx940 ? "nt " : "slc ";
        if (lost & cpol_dlc) names += "dlc ";
        if (lost & cpol_scc) names += gfx940 ? "sc1 " : "scc ";
        if (!names.empty()) names.pop_back();
      }
      return Failure{m.where[i],
                     fmt::format("`{}` has no bit in this encoding of {} on {}; llvm-mc 19 would drop it silently",
                                 names, e.mnemonic, tname),
                     quirk_rule};
    }
  }
  return std::nullopt;
}

// Images: dmask, data size, address size (validateMIMGAtomicDMask/DataSize/AddrSize).
std::optional<Failure> validate_image(const Match& m, const Target& target, size_t mnemonic_at) {
  const Encoding& e = *m.encoding;
  const std::string tname(target.name);
  const int64_t* dmask = nullptr;
  int64_t tfe = 0, a16 = 0, dim = 0;
  unsigned data_dwords = 0, addr_dwords = 0, addr_regs = 0;
  size_t dmask_at = mnemonic_at;
  for (size_t i = 0; i < e.operands.size(); ++i) {
    const OperandSlot& s = e.operands[i];
    if (s.kind == OperandKind::dmask) {
      dmask = &m.values[i];
      dmask_at = m.where[i];
    }
    if (s.operand_class == "TFE") tfe = m.values[i];
    if (s.operand_class == "A16" || (s.operand_class == "R128A16" && has(target, Feature::r128_a16)))
      a16 |= m.values[i];
    if (s.kind == OperandKind::dim) dim = m.values[i];
    if (s.name == "vdata") data_dwords = s.dwords;
    if (s.name.starts_with("vaddr")) {
      addr_dwords += s.dwords;
      ++addr_regs;
    }
  }
  const int64_t d = dmask ? (*dmask & 0xf) : 0;
  if (!(d == 1 || d == 3 || d == 0xf)) return Failure{dmask_at, "invalid atomic image dmask (0x1, 0x3 or 0xf)"};
  const unsigned expected_data = static_cast<unsigned>(std::popcount(static_cast<uint64_t>(d))) + (tfe ? 1 : 0);
  if (expected_data != data_dwords)
    return Failure{mnemonic_at, "image data size does not match dmask" +
                                    std::string(has(target, Feature::gfx9) ? "" : " and tfe") + " (" +
                                    std::to_string(data_dwords) + " data registers, dmask and tfe need " +
                                    std::to_string(expected_data) + ")"};
  bool dim_written = false;
  for (size_t i = 0; i < e.operands.size(); ++i)
    if (e.operands[i].kind == OperandKind::dim) dim_written = m.written[i];
  if (!has(target, Feature::gfx9) && !dim_written)
    return Failure{mnemonic_at, "image atomics on " + tname + " need dim: (dim:SQ_RSRC_IMG_1D …)"};
  if (!has(target, Feature::gfx9)) {
    unsigned coords = dim_coordinates(dim);
    if (a16) coords = (coords + 1) / 2;
    const unsigned actual = addr_regs > 1 ? addr_regs : addr_dwords;
    if (actual != coords)
      return Failure{mnemonic_at, "image address size does not match dim and a16 (" + std::to_string(actual) +
                                      " address registers, dim:" + std::string(dim_name(dim)) + " needs " +
                                      std::to_string(coords) + ")"};
  }
  return std::nullopt;
}

// validateInstruction's checks that concern atomics, and gpuatom's refusals of llvm-mc's silent drops.
std::optional<Failure> validate(const Match& m, const Target& target, size_t mnemonic_at) {
  if (auto failure = validate_operands(m, target, mnemonic_at)) return failure;
  if (auto failure = validate_cache_policy(m, target, mnemonic_at)) return failure;
  if (m.encoding->cls == InstClass::mimg || m.encoding->cls == InstClass::vimage)
    return validate_image(m, target, mnemonic_at);
  return std::nullopt;
}

// GFX12 TH_ATOMIC_CASCADE_* at CU or SE scope (docs/spec/amd-isa.md §3): where the cpol was written.
std::optional<size_t> cascade_below_device_scope(const Match& m, const Target& target) {
  if (!has(target, Feature::gfx12)) return std::nullopt;
  for (size_t i = 0; i < m.encoding->operands.size(); ++i)
    if (m.encoding->operands[i].kind == OperandKind::cpol && (m.values[i] & th_cascade) &&
        (m.values[i] & scope_mask) < 16)
      return m.where[i];
  return std::nullopt;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

Program parse(std::string_view text, const Target& target, std::string_view file_name) {
  Program program;
  const support::FileName file{file_name};
  uint32_t line_number = 0;
  while (!text.empty() || line_number == 0) {
    ++line_number;
    const size_t newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    // Comments: `;` and `//` to the end of the line.
    const size_t semi = line.find(';'), slashes = line.find("//");
    line = line.substr(0, std::min(semi, slashes));
    Cursor c{line, 0};
    if (c.done()) {
      if (text.empty()) break;
      continue;
    }
    const size_t mnemonic_at = c.at;
    size_t end = c.at;
    while (end < line.size() && is_word_char(line[end])) ++end;
    const std::string spelling = lower(line.substr(mnemonic_at, end - mnemonic_at));
    const auto report = [&](size_t at, std::string message, std::string rule_text,
                            support::Severity severity = support::Severity::error) {
      support::Diagnostic d;
      d.severity = severity;
      d.where = {file, line_number, static_cast<uint32_t>(at + 1), std::nullopt};
      d.message = std::move(message);
      d.rule = std::move(rule_text);
      program.diagnostics.push_back(std::move(d));
    };
    const auto canonical = canonical_mnemonic(spelling, target);
    if (!canonical) {
      if (const Target* first = first_target_with(spelling))
        report(mnemonic_at,
               "`" + spelling + "` is not an atomic of " + std::string(target.name) + " (" + std::string(first->name) +
                   " has it)",
               rule);
      else if (spelling.empty())
        report(mnemonic_at,
               "expected an instruction mnemonic, found `" + std::string(line.substr(mnemonic_at, 1)) + "`", rule);
      else
        report(mnemonic_at, "unknown AMD atomic instruction `" + spelling + "`", rule);
      if (text.empty()) break;
      continue;
    }
    std::vector<Match> matched;
    std::optional<Failure> furthest;
    for (const Encoding& e : encodings()) {
      if (e.mnemonic != *canonical || !e.on(target) || e.decoder_only) continue;
      Match m = match_row(e, line, end, target);
      if (m.failure) {
        // The row that read furthest explains the refusal; on a tie, a §3 refusal (llvm-mc would
        // accept and change the program) is the more useful one.
        if (!furthest || m.failure->at > furthest->at ||
            (m.failure->at == furthest->at && m.failure->rule == quirk_rule && furthest->rule != quirk_rule))
          furthest = m.failure;
      } else {
        matched.push_back(std::move(m));
      }
    }
    if (matched.empty()) {
      report(furthest ? furthest->at : mnemonic_at,
             furthest ? furthest->message : "no form of " + std::string(*canonical) + " matches",
             furthest ? furthest->rule : rule);
      if (text.empty()) break;
      continue;
    }
    // The row whose returning-ness agrees with the cache-policy return bit, as LLVM's matcher and
    // validateCoherencyBits settle it; else the first (validate() explains the disagreement).
    // Rows with an SMEM `offset:` modifier nobody wrote come after the row without one (llvm-mc's
    // SGPR form before its SGPR+offset form).
    const auto unwritten_offset_modifier = [](const Match& m) {
      for (size_t i = 0; i < m.encoding->operands.size(); ++i)
        if (m.encoding->operands[i].operand_class == "SMEMOffsetMod" && !m.written[i]) return true;
      return false;
    };
    std::stable_sort(matched.begin(), matched.end(), [&](const Match& a, const Match& b) {
      return !unwritten_offset_modifier(a) && unwritten_offset_modifier(b);
    });
    const Match* chosen = &matched.front();
    for (const Match& m : matched)
      if (!return_chosen_by_cpol(*m.encoding) || m.encoding->returns == return_bit(m, target)) {
        chosen = &m;
        break;
      }
    if (const auto failure = validate(*chosen, target, mnemonic_at)) {
      report(failure->at, failure->message, failure->rule);
    } else {
      if (const auto at = cascade_below_device_scope(*chosen, target))
        report(*at,
               "TH_ATOMIC_CASCADE below device scope: llvm-mc 19 prints it as th:TH_ATOMIC_0x4/0x6, which it cannot "
               "read back",
               quirk_rule, support::Severity::warning);
      Instruction inst;
      inst.encoding = chosen->encoding;
      inst.values = chosen->values;
      if (spelling != *canonical)
        for (const Alias& a : aliases())
          if (a.spelling == spelling) inst.spelling = a.spelling;
      inst.line = line_number;
      inst.column = static_cast<uint32_t>(mnemonic_at + 1);
      program.instructions.push_back(std::move(inst));
    }
    if (text.empty()) break;
  }
  return program;
}

}  // namespace gpuatom::amd::isa
