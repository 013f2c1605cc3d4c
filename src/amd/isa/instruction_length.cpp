// Instruction sizes by format, per generation (AMD's "Vega/CDNA", "RDNA2", "RDNA3", "RDNA4" ISA
// manuals, chapter "Microcode Formats"; checked against every real encoding LLVM 19 decodes, and
// against llvm-objdump on compiled code objects: tests/amd-isa/instruction_length_test.cpp).
#include "gpuatom/amd/isa/instruction_length.hpp"

namespace gpuatom::amd::isa {
namespace {

constexpr uint32_t literal_code = 255;                 // a 32-bit literal dword follows
constexpr uint32_t sdwa_code = 249, dpp16_code = 250;  // src0 codes that append a DPP/SDWA dword
constexpr uint32_t dpp8_code = 233, dpp8_fi_code = 234;

uint32_t dword(std::span<const uint8_t> code, size_t index) {
  const size_t at = index * 4;
  return static_cast<uint32_t>(code[at]) | static_cast<uint32_t>(code[at + 1]) << 8 |
         static_cast<uint32_t>(code[at + 2]) << 16 | static_cast<uint32_t>(code[at + 3]) << 24;
}

bool bits(uint32_t word, int high, int low, uint32_t value) {
  return ((word >> low) & ((1u << (high - low + 1)) - 1)) == value;
}

// SOP1/SOP2/SOPC/SOPK/SOPP (one dword, first bits 10): a literal when a source is 255, and the
// SOPK instructions that carry a 32-bit constant of their own.
std::optional<uint32_t> scalar_alu(uint32_t w, const Target& t) {
  if (bits(w, 31, 23, 0x17f)) return 4;                                     // SOPP
  if (bits(w, 31, 23, 0x17d)) return (w & 0xff) == literal_code ? 8u : 4u;  // SOP1
  if (bits(w, 31, 23, 0x17e))                                               // SOPC
    return ((w & 0xff) == literal_code || ((w >> 8) & 0xff) == literal_code) ? 8u : 4u;
  if (bits(w, 31, 28, 0xb)) {  // SOPK
    const uint32_t op = (w >> 23) & 0x1f;
    // s_setreg_imm32_b32 carries its value in a dword of its own.
    const uint32_t imm32_op = has(t, Feature::gfx9) ? 0x14 : has(t, Feature::gfx10) ? 0x15 : 0x13;
    return op == imm32_op ? 8u : 4u;
  }
  // SOP2; s_fmaak_f32 / s_fmamk_f32 (scalar float ALU, gfx1150 and GFX12) always carry a constant.
  const uint32_t op = (w >> 23) & 0x7f;
  if (has(t, Feature::salu_float) && (op == 0x45 || op == 0x46)) return 8;
  return ((w & 0xff) == literal_code || ((w >> 8) & 0xff) == literal_code) ? 8u : 4u;
}

// VOP1/VOP2/VOPC (one dword, bit 31 clear): src0 picks a literal, DPP or SDWA dword; the VOP2
// madmk/madak/fmamk/fmaak forms always carry their constant.
uint32_t vector_alu_e32(uint32_t w, const Target& t) {
  const uint32_t src0 = w & 0x1ff;
  uint32_t size = 4;
  if (src0 == literal_code || src0 == dpp16_code) size = 8;
  if (src0 == sdwa_code && has(t, Feature::sdwa)) size = 8;
  if ((src0 == dpp8_code || src0 == dpp8_fi_code) && has(t, Feature::dpp8)) size = 8;
  const bool vop2 = !bits(w, 31, 25, 0x3f) && !bits(w, 31, 25, 0x3e);
  if (vop2) {
    const uint32_t op = (w >> 25) & 0x3f;
    bool constant = false;
    switch (t.generation) {
      case Generation::gfx9: constant = op == 0x17 || op == 0x18 || op == 0x24 || op == 0x25; break;
      case Generation::gfx10:
        constant = op == 0x20 || op == 0x21 || op == 0x2c || op == 0x2d || op == 0x37 || op == 0x38;
        break;
      case Generation::gfx11:
      case Generation::gfx12: constant = op == 0x2c || op == 0x2d || op == 0x37 || op == 0x38; break;
    }
    if (constant) size = src0 == literal_code ? 8 : size + 4;
  }
  return size;
}

// VOP3/VOP3P on GFX10+: a literal when any of the three sources is 255; GFX11+ DPP forms add a dword.
uint32_t vector_alu_e64(std::span<const uint8_t> code, const Target& t, bool& short_code) {
  if (code.size() < 8) {
    short_code = true;
    return 0;
  }
  const uint32_t w1 = dword(code, 1);
  const uint32_t src0 = w1 & 0x1ff, src1 = (w1 >> 9) & 0x1ff, src2 = (w1 >> 18) & 0x1ff;
  if (has(t, Feature::gfx9)) return 8;
  uint32_t size = 8;
  if (src0 == literal_code || src1 == literal_code || src2 == literal_code) size = 12;
  if (has(t, Feature::gfx11_insts) && (src0 == dpp16_code || src0 == dpp8_code || src0 == dpp8_fi_code)) size = 12;
  return size;
}

// VOPD (GFX11+): OPX in bits 25:22 and OPY in 21:17 of the first dword, SRCX0 in its bits 8:0 and
// SRCY0 in the second's; a literal source, or an fmaak/fmamk half (op 1 or 2), appends a dword.
uint32_t dual_issue_length(std::span<const uint8_t> code) {
  const uint32_t w0 = dword(code, 0), w1 = dword(code, 1);
  const uint32_t opx = (w0 >> 22) & 0xf, opy = (w0 >> 17) & 0x1f;
  const bool literal =
      (w0 & 0x1ff) == literal_code || (w1 & 0x1ff) == literal_code || opx == 1 || opx == 2 || opy == 1 || opy == 2;
  return literal ? 12u : 8u;
}

std::optional<uint32_t> length_gfx9(std::span<const uint8_t> code, const Target& t, uint32_t w, bool& short_code) {
  if (!(w >> 31)) return vector_alu_e32(w, t);
  if (bits(w, 31, 30, 0x2)) return scalar_alu(w, t);
  switch (w >> 26) {
    case 0x30: return 8;                                    // SMEM
    case 0x31: return 8;                                    // EXP
    case 0x34: return vector_alu_e64(code, t, short_code);  // VOP3A/B, VOP3P (0x1a7 << 23)
    case 0x35: return 4;                                    // VINTRP
    case 0x36: return 8;                                    // DS
    case 0x37: return 8;                                    // FLAT, GLOBAL, SCRATCH
    case 0x38: return 8;                                    // MUBUF
    case 0x3a: return 8;                                    // MTBUF
    case 0x3c: return 8;                                    // MIMG
    default: return std::nullopt;
  }
}

std::optional<uint32_t> length_gfx10_11(std::span<const uint8_t> code, const Target& t, uint32_t w, bool& short_code) {
  if (!(w >> 31)) return vector_alu_e32(w, t);
  if (bits(w, 31, 30, 0x2)) return scalar_alu(w, t);
  const bool gfx11 = has(t, Feature::gfx11);
  if (gfx11 && bits(w, 31, 24, 0xcd)) return 8;  // VINTERP
  if (gfx11 && bits(w, 31, 24, 0xce)) return 4;  // LDSDIR
  switch (w >> 26) {
    case 0x3d: return 8;                                    // SMEM
    case 0x3e: return 8;                                    // EXP
    case 0x35:                                              // VOP3
    case 0x33: return vector_alu_e64(code, t, short_code);  // VOP3P
    case 0x32:                                              // VINTRP (gfx10) / VOPD (gfx11)
      if (!gfx11) return 4;
      {
        if (code.size() < 8) {
          short_code = true;
          return 0;
        }
        return dual_issue_length(code);
      }
    case 0x36: return 8;  // DS
    case 0x37: return 8;  // FLAT, GLOBAL, SCRATCH
    case 0x38: return 8;  // MUBUF
    case 0x3a: return 8;  // MTBUF
    case 0x3c: {          // MIMG: the non-sequential-address form appends address dwords
      if (!gfx11) return 8 + 4 * ((w >> 1) & 3);
      if (!(w & 1)) return 8;
      // GFX11 NSA: the address count comes from the dimension and the op; vaddr1..4 sit in
      // up to one extra dword (four bytes), present whenever NSA is set.
      return 12;
    }
    default: return std::nullopt;
  }
}

std::optional<uint32_t> length_gfx12(std::span<const uint8_t> code, const Target& t, uint32_t w, bool& short_code) {
  if (!(w >> 31)) return vector_alu_e32(w, t);
  if (bits(w, 31, 30, 0x2)) return scalar_alu(w, t);
  if (bits(w, 31, 24, 0xcd)) return 8;   // VINTERP
  if (bits(w, 31, 24, 0xce)) return 4;   // VDSDIR
  if (bits(w, 31, 26, 0x3b)) return 12;  // VFLAT, VSCRATCH, VGLOBAL (0xec-0xee)
  switch (w >> 26) {
    case 0x3d: return 8;  // SMEM
    case 0x3e: return 8;  // VEXPORT
    case 0x35:            // VOP3
    case 0x33: return vector_alu_e64(code, t, short_code);
    case 0x32: {  // VOPD
      if (code.size() < 8) {
        short_code = true;
        return 0;
      }
      return dual_issue_length(code);
    }
    case 0x36: return 8;   // VDS
    case 0x31: return 12;  // VBUFFER
    case 0x34: return 12;  // VIMAGE
    case 0x39: return 12;  // VSAMPLE
    default: return std::nullopt;
  }
}

}  // namespace

std::optional<uint32_t> instruction_length(std::span<const uint8_t> code, const Target& target) {
  if (code.size() < 4) return std::nullopt;
  const uint32_t w = dword(code, 0);
  bool short_code = false;
  std::optional<uint32_t> size;
  switch (target.generation) {
    case Generation::gfx9: size = length_gfx9(code, target, w, short_code); break;
    case Generation::gfx10:
    case Generation::gfx11: size = length_gfx10_11(code, target, w, short_code); break;
    case Generation::gfx12: size = length_gfx12(code, target, w, short_code); break;
  }
  if (short_code || !size || *size > code.size()) return std::nullopt;
  return size;
}

}  // namespace gpuatom::amd::isa
