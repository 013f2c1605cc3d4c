// AMD register and inline-constant names as llvm-mc 19 writes and reads them (docs/spec/amd-isa.md §10):
// `v1`, `v[2:3]`, `a[0:1]`, `s[4:7]`, `ttmp[4:7]`, `vcc`, `exec`, `m0`, `null`, `0.5`. Codes are the
// Instruction's register values (instruction.hpp): SGPR n = n, VGPR n = 256 + n, AGPR n = 768 + n,
// specials and inline constants their scalar source codes, which differ by generation (m0, null).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gpuatom/amd/isa/instruction.hpp"
#include "gpuatom/amd/isa/target.hpp"

namespace gpuatom::amd::isa {

enum class RegisterBank : uint8_t { vgpr, agpr, sgpr, ttmp, special, inline_constant };

struct RegisterText {
  RegisterBank bank = RegisterBank::vgpr;
  int64_t code = 0;    // the first register's code
  uint8_t dwords = 1;  // 1 for constants
  uint32_t index = 0;  // vN/aN/sN/ttmpN: N (for alignment and range checks)
};

// Scalar source codes that differ by generation: m0 is 124 and null 125 on GFX9 and GFX10, the
// other way round from GFX11 (LLVM's SIRegisterInfo.td, M0_gfx11plus / SGPR_NULL_gfx11plus). GFX9
// prints null but does not read it.
// Inline: the wave executor asks for null per lane (a MUBUF soffset), so this stays a bit test.
inline int64_t m0_code(const Target& target) { return has(target, Feature::gfx11_insts) ? 125 : 124; }
inline int64_t null_code(const Target& target) { return has(target, Feature::gfx11_insts) ? 124 : 125; }
inline constexpr int64_t vcc_code = 106, exec_code = 126, ttmp_base = 108;
// The highest SGPR index a target addresses (s101 on GFX9, s105 on GFX10+).
uint32_t last_sgpr(const Target& target);

// The text of `dwords` registers starting at `code` ("v[2:3]", "vcc", "ttmp5", "0.5").
std::string register_name(int64_t code, unsigned dwords, const Target& target);

// A register or inline constant at the start of `text`; `used` is how many characters it took.
// Nothing when `text` does not start with one. Range and class checks are the caller's.
struct ParsedOperand {
  RegisterText reg;
  size_t used = 0;
  std::string problem;  // non-empty: it reads as a register but is not a valid one here
};
std::optional<ParsedOperand> parse_register(std::string_view text, const Target& target);
// An inline constant (`0`, `-16`, `64`, `0.5`, `-4.0`, `0.15915494`) or, when `value` is not
// inline, nothing.
std::optional<int64_t> inline_constant_code(std::string_view spelling);

}  // namespace gpuatom::amd::isa
