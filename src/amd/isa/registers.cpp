// Register and inline-constant names per generation, as LLVM 19's AMDGPUInstPrinter::printRegOperand
// and AMDGPUAsmParser::parseRegister spell them (docs/spec/amd-isa.md §10).
#include "registers.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace gpuatom::amd::isa {
namespace {

std::string range(std::string_view prefix, uint32_t first, unsigned dwords) {
  if (dwords == 1) return std::string(prefix) + std::to_string(first);
  return std::string(prefix) + "[" + std::to_string(first) + ":" + std::to_string(first + dwords - 1) + "]";
}

// The inline float constants by scalar source code 240–248 (1/(2π) printed as llvm does).
struct FloatConstant {
  int64_t code;
  std::string_view text;
  float value;
};
constexpr std::array<FloatConstant, 9> float_constants{{{240, "0.5", 0.5f},
                                                        {241, "-0.5", -0.5f},
                                                        {242, "1.0", 1.0f},
                                                        {243, "-1.0", -1.0f},
                                                        {244, "2.0", 2.0f},
                                                        {245, "-2.0", -2.0f},
                                                        {246, "4.0", 4.0f},
                                                        {247, "-4.0", -4.0f},
                                                        {248, "0.15915494", 0.15915494309189535f}}};

struct Special {
  std::string_view name;
  int64_t code;
  uint8_t dwords;
  bool gfx9_only;
  bool before_gfx11;  // src_pops_exiting_wave_id, src_vccz, src_execz (AMDGPUAsmParser::subtargetHasRegister,
                      // validateExeczVcczOperands)
};
// m0 and null are handled apart: their codes move between generations. Codes 235–254 are sources
// only (an SCSrc operand such as a buffer's soffset), never a destination or an SMEM field; each
// reads with or without its `src_` prefix, and prints with it.
constexpr std::array<Special, 30> specials{{{"vcc", vcc_code, 2, false, false},
                                            {"vcc_lo", vcc_code, 1, false, false},
                                            {"vcc_hi", vcc_code + 1, 1, false, false},
                                            {"exec", exec_code, 2, false, false},
                                            {"exec_lo", exec_code, 1, false, false},
                                            {"exec_hi", exec_code + 1, 1, false, false},
                                            {"flat_scratch", 102, 2, true, false},
                                            {"flat_scratch_lo", 102, 1, true, false},
                                            {"flat_scratch_hi", 103, 1, true, false},
                                            {"xnack_mask", 104, 2, true, false},
                                            {"xnack_mask_lo", 104, 1, true, false},
                                            {"xnack_mask_hi", 105, 1, true, false},
                                            {"src_shared_base", 235, 1, false, false},
                                            {"src_shared_limit", 236, 1, false, false},
                                            {"src_private_base", 237, 1, false, false},
                                            {"src_private_limit", 238, 1, false, false},
                                            {"src_pops_exiting_wave_id", 239, 1, false, true},
                                            {"src_vccz", 251, 1, false, true},
                                            {"src_execz", 252, 1, false, true},
                                            {"src_scc", 253, 1, false, false},
                                            {"src_lds_direct", 254, 1, false, false},
                                            {"shared_base", 235, 1, false, false},
                                            {"shared_limit", 236, 1, false, false},
                                            {"private_base", 237, 1, false, false},
                                            {"private_limit", 238, 1, false, false},
                                            {"pops_exiting_wave_id", 239, 1, false, true},
                                            {"vccz", 251, 1, false, true},
                                            {"execz", 252, 1, false, true},
                                            {"scc", 253, 1, false, false},
                                            {"lds_direct", 254, 1, false, false}}};

bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

std::optional<uint32_t> decimal(std::string_view text) {
  if (text.empty() || text.size() > 6) return std::nullopt;
  uint32_t v = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return v;
}

}  // namespace

namespace {
// GFX11 swapped M0 and null (llvm-mc: `s_mov_b32 m0, 0` is 0xbefc0080 on gfx1030, 0xbefd0080 on gfx1100).
bool gfx11_plus(const Target& target) { return has(target, Feature::gfx11_insts); }
}  // namespace

uint32_t last_sgpr(const Target& target) { return has(target, Feature::gfx9) ? 101 : 105; }

std::string register_name(int64_t code, unsigned dwords, const Target& target) {
  if (is_vgpr_code(code)) return range("v", static_cast<uint32_t>(code - vgpr_code_base), dwords);
  if (is_agpr_code(code)) return range("a", static_cast<uint32_t>(code - agpr_code_base), dwords);
  if (code >= 0 && static_cast<uint32_t>(code) <= last_sgpr(target))
    return range("s", static_cast<uint32_t>(code), dwords);
  if (code >= ttmp_base && code < ttmp_base + 16) return range("ttmp", static_cast<uint32_t>(code - ttmp_base), dwords);
  if (code == m0_code(target) && dwords == 1) return "m0";
  if (code == null_code(target)) return "null";
  for (const Special& s : specials)
    if (s.code == code && s.dwords == dwords && (!s.gfx9_only || has(target, Feature::gfx9)))
      return std::string(s.name);
  if (code >= 235 && code <= 254)
    for (const Special& s : specials)
      if (s.code == code) return std::string(s.name);
  if (code >= 128 && code <= 192) return std::to_string(code - 128);
  if (code >= 193 && code <= 208) return std::to_string(192 - code);
  for (const FloatConstant& f : float_constants)
    if (f.code == code) return std::string(f.text);
  return "<bad register code " + std::to_string(code) + ">";
}

std::optional<int64_t> inline_constant_code(std::string_view spelling) {
  if (spelling.empty()) return std::nullopt;
  const bool negative = spelling.front() == '-';
  std::string_view digits = negative ? spelling.substr(1) : spelling;
  if (digits.empty()) return std::nullopt;
  if (digits.find_first_of(".eE") != std::string_view::npos && !digits.starts_with("0x")) {
    const std::string copy(spelling);
    char* end = nullptr;
    const double value = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size()) return std::nullopt;
    for (const FloatConstant& f : float_constants)
      if (static_cast<float>(value) == f.value) return f.code;
    return std::nullopt;
  }
  int base = 10;
  if (digits.starts_with("0x") || digits.starts_with("0X")) {
    base = 16;
    digits.remove_prefix(2);
  }
  uint64_t magnitude = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, base);
  if (error != std::errc{} || end != digits.data() + digits.size() || digits.empty()) return std::nullopt;
  const int64_t value = negative ? -static_cast<int64_t>(magnitude) : static_cast<int64_t>(magnitude);
  if (magnitude > (1u << 20)) return std::nullopt;
  if (value >= 0 && value <= 64) return 128 + value;
  if (value >= -16 && value < 0) return 192 - value;
  return std::nullopt;
}

std::optional<ParsedOperand> parse_register(std::string_view text, const Target& target) {
  size_t n = 0;
  while (n < text.size() && is_ident_char(text[n]) && text[n] != '.') ++n;
  const std::string_view word = text.substr(0, n);
  ParsedOperand out;
  // Specials by exact name.
  if (word == "m0") {
    out.reg = {RegisterBank::special, m0_code(target), 1, 0};
    out.used = n;
    return out;
  }
  if (word == "null") {
    out.reg = {RegisterBank::special, null_code(target), 1, 0};
    out.used = n;
    if (has(target, Feature::gfx9))
      out.problem = "'null' is not a register on " + std::string(target.name) + " (GFX10 and later have it)";
    return out;
  }
  for (const Special& s : specials) {
    if (word != s.name) continue;
    out.reg = {RegisterBank::special, s.code, s.dwords, 0};
    out.used = n;
    if ((s.gfx9_only && !has(target, Feature::gfx9)) || (s.before_gfx11 && gfx11_plus(target)))
      out.problem = std::string(s.name) + " is not a register on " + std::string(target.name);
    return out;
  }
  struct Prefix {
    std::string_view name;
    RegisterBank bank;
  };
  constexpr std::array<Prefix, 4> prefixes{
      {{"ttmp", RegisterBank::ttmp}, {"v", RegisterBank::vgpr}, {"a", RegisterBank::agpr}, {"s", RegisterBank::sgpr}}};
  for (const Prefix& p : prefixes) {
    if (!text.starts_with(p.name)) continue;
    std::string_view rest = text.substr(p.name.size());
    uint32_t first = 0, last = 0;
    size_t used = p.name.size();
    if (!rest.empty() && rest.front() == '[') {
      const size_t close = rest.find(']');
      if (close == std::string_view::npos) return std::nullopt;
      const std::string_view inside = rest.substr(1, close - 1);
      const size_t colon = inside.find(':');
      const auto a = decimal(colon == std::string_view::npos ? inside : inside.substr(0, colon));
      const auto b = colon == std::string_view::npos ? a : decimal(inside.substr(colon + 1));
      if (!a || !b) return std::nullopt;
      first = *a;
      last = *b;
      used += close + 1;
    } else {
      size_t d = 0;
      while (d < rest.size() && std::isdigit(static_cast<unsigned char>(rest[d]))) ++d;
      if (d == 0 || (d < rest.size() && is_ident_char(rest[d]))) continue;
      const auto a = decimal(rest.substr(0, d));
      if (!a) return std::nullopt;
      first = last = *a;
      used += d;
    }
    out.used = used;
    if (last < first) {
      out.problem = "the register range ends before it starts";
      return out;
    }
    const uint32_t count = last - first + 1;
    out.reg.bank = p.bank;
    out.reg.index = first;
    out.reg.dwords = static_cast<uint8_t>(count > 32 ? 32 : count);
    uint32_t limit = 256;
    switch (p.bank) {
      case RegisterBank::vgpr: out.reg.code = vgpr_code_base + first; break;
      case RegisterBank::agpr: out.reg.code = agpr_code_base + first; break;
      case RegisterBank::sgpr:
        out.reg.code = first;
        limit = last_sgpr(target) + 1;
        break;
      default:
        out.reg.code = ttmp_base + first;
        limit = 16;
        break;
    }
    if (last >= limit)
      out.problem = "register index out of range: " + std::string(p.name) + std::to_string(last) + " (" +
                    std::string(target.name) + " has " + std::string(p.name) + "0–" + std::string(p.name) +
                    std::to_string(limit - 1) + ")";
    return out;
  }
  return std::nullopt;
}

}  // namespace gpuatom::amd::isa
