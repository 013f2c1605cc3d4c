// One NVIDIA atomic instruction, neutral between text and binary (like LLVM's MCInst):
//
//     text ──parse_sass──▶ Instruction ──encode──▶ 64-bit word
//     text ◀────print───── Instruction ◀──decode── 64-bit word
//
// It carries everything execution needs and nothing about how it was read, except the
// spelling choices the printer must reproduce (docs/spec/nvidia.md §4.2, §10.4) and source columns
// for diagnostics. Every field is plain data: build one by hand, by parse_sass() or by decode().
//
// What an executor reads, by instruction (docs/spec/nvidia.md §2, §3, §6, §8):
//   ATOM / ATOMG        guard, op, size, rd, address (+ extended / .64), rb, rc (CAS), ps or pu
//   ATOMS               guard, op, size, rd, address (shared offset; scaled index + UR modern), rb, rc
//   RED / REDG          guard, op, size, address, rb (no destination)
//   SUATOM              guard, op, size, rd, address.base = Ra (coordinates), rb, surface, ps or pu
//   SURED               guard, op, size, address.base = Ra, rb, surface
// Helpers below answer the derived questions (data width, CAS compare/swap registers, whether
// the address is 64-bit) so every consumer derives them the same way.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/opcodes.hpp"
#include "gpuatom/support/bits128.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

// The guard `@P0` / `@!P0`. `@PT` (the default) always executes and prints as no guard;
// `@!PT` never executes (§6.4).
struct Guard {
  uint8_t predicate = PT;  // 0–6, or PT = 7
  bool negated = false;
  bool always() const { return predicate == PT && !negated; }
  bool never() const { return predicate == PT && negated; }
};

// Register suffixes inside an address (sm_70+, §10.3): `[R2.64]` is a 64-bit address in
// R2:R3 (the modern spelling of .E); `.U32` a 32-bit one; `.X4`/`.X8`/`.X16` scale a
// shared-memory index register by 4/8/16 bytes.
enum class RegisterSuffix : uint8_t { none, wide64, u32, x4, x8, x16 };
std::string_view name(RegisterSuffix suffix);  // ".64", ".U32", ".X4", …; "" for none
int scale(RegisterSuffix suffix);              // 4, 8, 16 for the .Xn suffixes, else 1
// The suffix `text` (without its dot, case-insensitive) names, if any.
std::optional<RegisterSuffix> parse_register_suffix(std::string_view text);
std::string register_suffix_names();  // ".64 .U32 .X4 .X8 .X16"

// The memory operand:  [desc[URm]] '[' base [suffix] ['+' URn] ['+' offset] ']'
//   SPA 5.0:   [Ra + ImmS20] / [ImmU20] (ATOM, RED), [Ra + ImmS24] / [ImmU24] (ATOMS),
//              [Ra] (surfaces: Ra is the first coordinate register, no offset)
//   sm_70+:    desc[UR8][R2.64+0x8], [R31.X4+UR8], [UR4+0x10]
// An absolute address is `base == RZ` with the address in `offset` (§6.4): it prints as
// `[0x5008]`, or `[RZ]` when the offset is 0.
struct Address {
  std::optional<uint8_t> descriptor;  // desc[URm]: the uniform register (0–254, URZ = 255)
  bool uniform_base = false;          // the base is URn rather than Rn
  uint8_t base = RZ;                  // Ra (or URn when uniform_base)
  RegisterSuffix suffix = RegisterSuffix::none;
  std::optional<uint8_t> uniform_index;  // "+URn" added to the base
  int64_t offset = 0;                    // signed byte offset; the address itself when absolute()
  bool absolute() const { return !uniform_base && base == RZ && !uniform_index; }
  // [RZ.64+URb]: a 64-bit register pair cannot start at RZ, and nvdisasm 13.0 prints the base as
  // `???255` (Hopper and Blackwell general addresses; [RZ.U32+URb] prints RZ).
  bool unnamed_base() const { return !uniform_base && base == RZ && uniform_index && suffix == RegisterSuffix::wide64; }
};

// SUATOM / SURED operands besides Ra and Rb (§8, seed 002).
struct Surface {
  // .P: formatted surface data, which nvdisasm reads from opcodes beyond the SPA 5.0 page (no .BA,
  // no size). It prints, parses and encodes; it does not execute (seed 002 defines only .D).
  bool formatted = false;
  bool byte_address = false;  // .BA: x is a byte address
  Dim dim = Dim::d1;
  Clamp clamp = Clamp::near;               // .NEAR is the default and is not printed
  std::optional<uint8_t> handle_register;  // bindless: Rc holds samplerPtr[31:20] | headerPtr[19:0]
  std::optional<uint8_t> handle_uniform;   // bindless from a uniform register URc (sm_90 ptxas
                                           // output: "SURED.D.3D.OR.STRONG.SYS.IGN [R8], R5, UR4, 0x0")
  std::vector<uint32_t> handle_indices;    // bound: #tsPtrIdxU13 (exactly one on SPA 5.0); the
                                           // sm_70+ disassembler prints immediates after the
                                           // handle register too ("UR4, 0x0", or "0x0, 0x5c")
  // sm_120 and sm_121 SUATOM: a second uniform register printed after the handle (URZ is left
  // out), and .UAI. Both are addressing whose meaning no document states: they print, parse and
  // encode, and do not execute (docs/sass128.md).
  std::optional<uint8_t> second_uniform;
  bool uniform_array = false;  // .UAI
  bool bindless() const { return handle_register.has_value() || handle_uniform.has_value(); }
};

// sm_70+ memory-model modifiers: recorded and printed; atomicity is device-wide regardless (§10.3).
struct MemoryModifiers {
  Strength strength = Strength::none;  // .STRONG / .CONSTANT / .MMIO
  Scope scope = Scope::none;           // .CTA / .SM / .GPU / .SYS
  CacheOp cache = CacheOp::none;       // .EF / .EL / .LU / .EU / .NA (surface forms)
  bool private_ = false;               // .PRIVATE
};

// 1-based columns of what was parsed, for diagnostics that point at the offending token;
// 0 where unknown (decoded or hand-built instructions).
struct SourceColumns {
  uint32_t guard = 0;
  uint32_t mnemonic = 0;
  std::array<uint32_t, slot_count> modifiers{};         // the '.' of each modifier, by slot
  std::array<uint32_t, operand_role_count> operands{};  // each operand, by role
  uint32_t ra = 0;                                      // the base register inside the address
  uint32_t offset = 0;                                  // the immediate inside the address
  uint32_t column(ModifierSlot slot) const { return modifiers[static_cast<int>(slot)]; }
  uint32_t column(OperandRole role) const { return operands[static_cast<int>(role)]; }
};

// A 128-bit instruction word (sm_70 on) is a 128-bit value like any other: `lo` the half at the
// lower address, which nvdisasm prints first (opcode, guard, registers, offset), `hi` the other
// (modifiers, then the control bits).
using Word128 = support::Bits128;

struct Instruction {
  // --- What the instruction is -------------------------------------------------------------
  Mnemonic mnemonic = Mnemonic::ATOM;  // family() tells whose op × size table applies
  Dialect dialect = Dialect::spa5;     // spa5: encodable Maxwell form; modern: sm_70+ spelling
  // The architecture the text was read for (`--arch`): it fixes the dialect and which rules
  // hold (the SPA 5.0 operand rules only on sm_5x/sm_6x). None: the dialect is inferred from
  // the spelling, and SPA 5.0 text is held to the SPA 5.0 rules.
  std::optional<Architecture> architecture;
  Guard guard;
  AtomOp op = AtomOp::ADD;
  Size size = Size::U32;  // .U32 when no size was written

  // --- Operands ----------------------------------------------------------------------------
  bool extended = false;      // .E: 64-bit address in Ra:Ra+1 (§6.3); see wide_address()
  std::optional<uint8_t> rd;  // destination; absent for RED/REDG/SURED and for a
                              // modern ATOMS.CAST.SPIN written with Pu instead
  Address address;            // Ra is address.base
  std::optional<uint8_t> rb;  // data (CAS: compare value); absent for POPC.INC
  std::optional<uint8_t> rc;  // ATOM/ATOMS CAS and CAST: the swap register as written
                              // (Rb+1 / Rb+2 or RZ, §6.2); not used by SUATOM.CAS
  std::optional<uint8_t> ps;  // SPA 5.0 sparse status predicate, as written (PT allowed:
                              // status discarded); absent = the form without Ps (§6.6)
  std::optional<uint8_t> pu;  // sm_70+ predicate destination (PT when unused, §10.3)
  Surface surface;            // SUATOM / SURED only
  MemoryModifiers memory;     // sm_70+ only
  // The bits of a 128-bit word that no printed field holds, as decode128() read them: the control
  // bits (stall, yield, barriers, reuse: bits 105–127) and bits the text does not show (the
  // descriptor register of an address printed without desc[] on sm_80 … sm_89; with a
  // placeholder, the opcode, which the text then does not tell). encode128() writes them back, so
  // a decoded word re-encodes to itself; zero for text.
  Word128 kept_bits;

  // nvdisasm 11.8's ?PM1 … ?PM3 after the operands: bits 102–103 of a sm_86 … sm_90 word, a field
  // no ptxas output sets (docs/sass128.md). Read from 11.8's text so that its listings encode to
  // their words; never printed, as nvdisasm 13.0 prints nothing for those bits (a decoded word
  // keeps them in kept_bits). It does not change what the instruction computes.
  uint8_t pm_hint = 0;

  // `.INVALIDn` placeholders, by slot: the disassembler's spelling for a field value that names
  // nothing (§10.3), also what decode() prints for invalid codes. An instruction holding one
  // prints and parses but neither encodes nor executes.
  std::array<std::optional<uint16_t>, slot_count> placeholders{};
  // The placeholders were written `.INVALIDn` (the sm_70+ spelling) rather than with nvdisasm's
  // SPA 5.0 names (.INVALIDATOMOPn …): print them back as written.
  bool generic_placeholders = false;

  // Registers the disassembler prints as `???255`: field value 255 in a role where RZ would mean
  // something else (a packed CAS operand past R254, or Rc = 255 in layout 2, §6.2). By role.
  std::array<bool, operand_role_count> unnamed_register{};
  bool unnamed(OperandRole role) const { return unnamed_register[static_cast<int>(role)]; }

  // --- Spelling the printer reproduces -----------------------------------------------------
  // The size as written, in canonical case (".32", ".U32", ".64", ".F16x2.FTZ.RN", …; a
  // SizeSpelling::text), or empty for the canonical spelling of §10.4. Ignored when it does
  // not name `size`, so changing `size` by hand never prints a stale spelling.
  std::string_view size_spelling;
  bool terminated = true;  // print the trailing " ;" (false when the source had none)

  // --- Where it came from ------------------------------------------------------------------
  support::SourceLocation where;  // file and line (text) or byte offset (binary)
  SourceColumns columns;

  // --- Derived facts -----------------------------------------------------------------------
  Family family() const { return info(mnemonic).family; }
  bool returns() const { return rd.has_value(); }  // writes the old value (or CAST flag) to Rd
  bool is_compare() const;                         // CAS, CAST, CAST.SPIN
  bool is_surface() const { return info(mnemonic).surface; }
  int data_bits() const { return info(size).bits; }  // memory access width: 32, 64 or 128
  // Registers one data operand spans: 1, 2 (64-bit pair) or 4 (.128).
  int data_registers() const { return data_bits() / 32; }
  bool wide_address() const { return extended || address.suffix == RegisterSuffix::wide64; }
  bool has_placeholder() const;
  // The slot's placeholder as the printer writes it (".INVALIDATOMOP10", ".INVALID3"), or "".
  std::string placeholder_spelling(ModifierSlot slot) const;
  // The value of a modifier slot other than op and size, numbered as modifier_table() numbers it
  // (a Dim, Clamp, Strength, Scope, CacheOp, mode, or 1 for a flag); nothing when the slot is
  // not set or does not apply (a dim on ATOM). set_modifier() is its inverse: the one mapping
  // between slots and the fields above, which the parser and printer both use.
  std::optional<uint8_t> modifier(ModifierSlot slot) const;
  void set_modifier(ModifierSlot slot, uint8_t value);
  // ATOM/ATOMS CAS and CAST: how Rb/Rc are laid out (§6.2), as the 2-bit field encodes it.
  CasLayout cas_layout() const;
  // The register holding the CAS swap value, or nothing when it is 0 (Rc = RZ).
  // SUATOM.CAS: Rb+1 (32-bit) or Rb+2 (64-bit) (§3.1).
  std::optional<uint8_t> swap_register() const;
  // The register holding the CAS compare value, or nothing when it is 0 (layout 2).
  std::optional<uint8_t> compare_register() const;
};

// Register spellings: "R7", "RZ"; "P3", "PT"; "UR8", "URZ" (register_name(RegisterFile, n)).
std::string register_name(uint8_t r);
std::string predicate_name(uint8_t p);
std::string uniform_register_name(uint8_t ur);

}  // namespace gpuatom::nvidia
