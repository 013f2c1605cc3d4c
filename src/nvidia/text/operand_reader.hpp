// Reads the comma-separated operands after the instruction word into neutral Operands
// (predicate, register, address, immediate), without knowing which instruction they belong
// to; the parser then binds them to the form's operand shape. Private to the parser.
#pragma once

#include <cstdint>
#include <vector>

#include "gpuatom/nvidia/instruction.hpp"
#include "lexer.hpp"

namespace gpuatom::nvidia::detail {

// nvdisasm's hint after the operands of sm_86 … sm_90 words: ?PM1 … ?PM3 (Instruction::pm_hint).
inline constexpr std::string_view pm_hint_prefix = "?PM";

struct Operand {
  // uniform: a bare URn, which only a bindless surface handle may be (sm_90).
  enum class Kind : uint8_t { predicate, reg, uniform, address, immediate } kind;
  uint8_t index = 0;           // predicate (PT = 7), register (RZ = 255) or uniform register (URZ = 255)
  Address address;             // Kind::address
  uint32_t ra_column = 0;      // the base inside the address
  uint32_t offset_column = 0;  // the immediate inside the address
  int64_t value = 0;           // Kind::immediate
  uint32_t column = 0;
  bool unnamed = false;  // `???255`: register field 255 where RZ means something else (nvdisasm)
  // sm_70+ syntax: a uniform register, or desc[], .64/.Xn in an address (inline: asked of every
  // operand of every line).
  bool modern() const {
    if (kind == Kind::uniform) return true;
    return kind == Kind::address && (address.descriptor || address.uniform_base || address.uniform_index ||
                                     address.suffix != RegisterSuffix::none);
  }
};

// Replaces `out` with the operands from tokens[pos] until ';' or the end; leaves pos at the ';'
// (or the end). Throws SyntaxError.
void read_operands(const std::vector<Token>& tokens, size_t& pos, uint32_t end_column, std::vector<Operand>& out);

// "R7" → 7, "RZ" (or "R255") → RZ; "P3" → 3, "PT" → PT; "UR4" → 4, "URZ" → URZ. Case-insensitive.
std::optional<uint8_t> parse_register(std::string_view text);
std::optional<uint8_t> parse_predicate(std::string_view text);
std::optional<uint8_t> parse_uniform_register(std::string_view text);

}  // namespace gpuatom::nvidia::detail
