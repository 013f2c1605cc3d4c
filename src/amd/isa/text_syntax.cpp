#include "text_syntax.hpp"

#include <array>
#include <cctype>

namespace gpuatom::amd::isa {

std::vector<SyntaxPiece> syntax_pieces(std::string_view syntax) {
  std::vector<SyntaxPiece> out;
  size_t at = 0;
  while (at < syntax.size()) {
    if (syntax[at] == '$') {
      size_t end = at + 1;
      while (end < syntax.size() && (std::isalnum(static_cast<unsigned char>(syntax[end])) || syntax[end] == '_'))
        ++end;
      out.push_back({true, syntax.substr(at + 1, end - at - 1)});
      at = end;
    } else {
      const size_t end = syntax.find('$', at);
      out.push_back({false, syntax.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at)});
      at = end == std::string_view::npos ? syntax.size() : end;
    }
  }
  return out;
}

namespace {
OffsetRange signed_bits(unsigned bits) {
  return {-(int64_t{1} << (bits - 1)), (int64_t{1} << (bits - 1)) - 1, bits, true};
}
OffsetRange unsigned_bits(unsigned bits) { return {0, (int64_t{1} << bits) - 1, bits, false}; }
bool is_global_or_scratch(const Encoding& e) {
  return e.mnemonic.starts_with("global_") || e.mnemonic.starts_with("scratch_");
}
}  // namespace

// LLVM 19: AMDGPUAsmParser::validateFlatOffset / validateSMEMOffset / the Offset operand's 16-bit
// check, and AMDGPU::getNumFlatOffsetBits (13 bits, 12 on GFX10, 24 on GFX12).
OffsetRange offset_range(const Encoding& encoding, const OperandSlot& slot, const Target& target) {
  const bool gfx12 = has(target, Feature::gfx12);
  if (slot.operand_class == "flat_offset") {
    const unsigned bits = gfx12 ? 24 : has(target, Feature::gfx10) ? 12 : 13;
    if (gfx12 || is_global_or_scratch(encoding)) return signed_bits(bits);
    return unsigned_bits(bits - 1);
  }
  if (slot.operand_class.starts_with("SMEMOffset")) {
    if (gfx12) return signed_bits(24);
    if (encoding.mnemonic.starts_with("s_buffer_")) return unsigned_bits(20);
    return signed_bits(21);
  }
  if (encoding.cls == InstClass::mubuf && gfx12) return signed_bits(24);
  return unsigned_bits(16);
}

OffsetRange encodable_offset_range(const Encoding& encoding, const OperandSlot& slot, const Target& target) {
  if (encoding.cls == InstClass::mubuf && !has(target, Feature::gfx12)) return unsigned_bits(12);
  return offset_range(encoding, slot, target);
}

std::string_view dim_name(int64_t dim) {
  constexpr std::array<std::string_view, 8> names{"1D",       "2D",       "3D",      "CUBE",
                                                  "1D_ARRAY", "2D_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY"};
  return dim >= 0 && dim < 8 ? names[static_cast<size_t>(dim)] : std::string_view{};
}

unsigned dim_coordinates(int64_t dim) {
  constexpr std::array<unsigned, 8> counts{1, 2, 3, 3, 2, 3, 3, 4};
  return dim >= 0 && dim < 8 ? counts[static_cast<size_t>(dim)] : 1;
}

std::string_view r128_flag_name(const Target& target) { return has(target, Feature::r128_a16) ? "a16" : "r128"; }

}  // namespace gpuatom::amd::isa
