// LSC atomics (DG2 and PVC: IGC writes almost every atomic as one), the one table their parser,
// printer, validator, encoder, decoder and executor read (docs/intel-igc.md §4):
//
//   [(P)] lsc_atomic_<op>.<sfid>[.<l1>.<l3>] (<mask>, <n>)  <dst>:<shape>  <address>:<aN>  <src1>  <src2>
//   untyped address:  flat[<scale>*<reg>+<offset>] | bti(<surface>)[…] | bss(…)[…] | ss(…)[…] | arg[…]
//   typed (.tgm):     bti(<surface>)[<u>, <v>, <r>, <lod>]
//
// An LSC instruction is an intel::Instruction of form lsc_untyped or lsc_typed whose `lsc` holds
// these fields; its operands sit in the slots Dst, Addresses (untyped) or U/V/R/LOD (typed),
// Src0 (LSC's src1) and Src1 (LSC's src2).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/intel/atomic_ops.hpp"

namespace gpuatom::intel {

// LSC_OP's atomic sub-ops (visa_igc_common_header.h), their text and what they compute. Src0 and
// Src1 are LSC's src1 and src2: icas and fcas compare with src1 and store src2 (IGC passes the
// comparand first and no longer swaps them, CISABuilder.cpp LSC_AtomicRaw).
struct LscOpInfo {
  uint8_t code;
  std::string_view name;  // "iadd" (printed lsc_atomic_iadd)
  AtomicOp like;          // the legacy op of the same arithmetic (load: or with 0, store: xchg)
  alu::Op alu_op;
  Role src0, src1;         // roles of LSC's src1 and src2
  uint8_t extra_operands;  // how many of src1, src2 it reads (IsaDescription.cpp LscOpInfoFind)
  bool is_float;
  bool is_signed;
};
std::span<const LscOpInfo> lsc_op_table();
const LscOpInfo* find_lsc_op(uint8_t code);
const LscOpInfo* find_lsc_op(std::string_view name);

enum class LscSfid : uint8_t { ugm = 0, ugml = 1, tgm = 2, slm = 3 };
enum class LscCache : uint8_t { df = 0, uc = 1, ca = 2, wb = 3, wt = 4, st = 5, ri = 6 };
enum class LscAddrType : uint8_t { flat = 1, bss = 2, ss = 3, bti = 4, arg = 5 };
enum class LscAddrSize : uint8_t { a16 = 1, a32 = 2, a64 = 3 };
enum class LscDataSize : uint8_t { d8 = 1, d16 = 2, d32 = 3, d64 = 4, d8c32 = 5, d16c32 = 6, d16c32h = 7 };
enum class LscDataOrder : uint8_t { nontranspose = 1, transpose = 2 };
// How the text spells the three widening shapes: IGC 1.0 writes d8c32 d16c32 d16c32h, IGC 2.x
// d8u32 d16u32 d16u32h for the same LSC_DATA_SIZE codes. Text only: no bit of the binary holds it,
// so bytes decode to IGC 1.0's spelling.
enum class LscShapeNames : uint8_t { c32, u32 };

std::string_view name(LscSfid sfid);
std::string_view name(LscCache cache);
std::string_view name(LscAddrType type);
std::string_view name(LscAddrSize size);                                            // "a64"
std::string_view name(LscDataSize size, LscShapeNames names = LscShapeNames::c32);  // "d32", "d16u32"
std::optional<LscSfid> parse_lsc_sfid(std::string_view text);
std::optional<LscCache> parse_lsc_cache(std::string_view text);
std::optional<LscAddrType> parse_lsc_addr_type(std::string_view text);
std::optional<LscAddrSize> parse_lsc_addr_size(std::string_view text);
// "d32" or "u32"; "d16c32" or "d16u32" (`names`, when given, says which spelling it was).
std::optional<LscDataSize> parse_lsc_data_size(std::string_view text, LscShapeNames* names = nullptr);
// LSC_DATA_ELEMS: the count 1 2 3 4 8 16 32 64 ↔ the code 1 … 8.
std::optional<uint8_t> lsc_elems_code(unsigned count);
std::optional<unsigned> lsc_elems_count(uint8_t code);

// The surface operand of bti/bss/ss (a vector operand: an immediate, or a register), flat's 0.
struct LscSurface {
  bool is_register = false;
  uint32_t value = 0;  // the immediate (UD)
  uint32_t id = 0;     // the register's variable id
  uint8_t row = 0, col = 0;
  uint16_t region = 0x0121;  // <0;1,0>, as IGC writes a scalar
  bool operator==(const LscSurface&) const = default;
};

// The surface of a flat address is its base (Xe3P, IGC 2.x: flat(B)[<scale>*<index>+<offset>], the
// address B + scale × index + offset), a register; on every other platform it is the immediate 0.
struct LscFields {
  uint8_t op = 0x0C;  // LSC_OP
  LscSfid sfid = LscSfid::ugm;
  LscCache l1 = LscCache::df, l3 = LscCache::df;
  LscAddrType addr_type = LscAddrType::flat;
  uint16_t scale = 1;  // untyped: EA = scale × address + offset
  int32_t offset = 0;
  LscAddrSize addr_size = LscAddrSize::a64;
  LscDataSize data_size = LscDataSize::d32;
  LscDataOrder order = LscDataOrder::nontranspose;
  uint8_t elems = 1;   // LSC_DATA_ELEMS code (1 = one element)
  uint8_t chmask = 1;  // written as elems for non-quad ops (IGC's writer stores the union)
  LscSurface surface;
  LscShapeNames shape_names = LscShapeNames::c32;  // how the text spelled the shape (not a field)
  // Equal fields; the shape's spelling is not one.
  bool operator==(const LscFields& other) const {
    return op == other.op && sfid == other.sfid && l1 == other.l1 && l3 == other.l3 && addr_type == other.addr_type &&
           scale == other.scale && offset == other.offset && addr_size == other.addr_size &&
           data_size == other.data_size && order == other.order && elems == other.elems && chmask == other.chmask &&
           surface == other.surface;
  }
};

inline bool is_lsc(Form form) { return form == Form::lsc_untyped || form == Form::lsc_typed; }

// Bytes per channel: of the data operands (d32 and d16c32: 4, d64: 8, d8c32: 4 …) and of the
// addresses (a16: 2, a32: 4, a64: 8).
unsigned data_element_bytes(const LscFields& lsc);
unsigned address_element_bytes(const LscFields& lsc);
// Bits of memory one channel accesses: 16 for d16c32, 32 for d32, 64 for d64 (8 for d8…).
unsigned access_bits(const LscFields& lsc);

// What an LSC atomic computes on memory (the op, the access width, int or float rules as the
// legacy op of the same name, docs/intel-igc.md §9), and where its sources go.
alu::Operation lsc_to_alu(const LscFields& lsc);
OperandPlacement lsc_operand_placement(const LscFields& lsc);

}  // namespace gpuatom::intel
