// The LSC fields' entries: each field's read and write side by side (docs/intel-igc.md §4.2).
#include "gpuatom/intel/binary/lsc_fields.hpp"

#include <fmt/format.h>

#include <array>

#include "gpuatom/intel/lsc.hpp"

namespace gpuatom::intel {

namespace {

using Errors = std::vector<LscFieldError>;
using Bytes = std::span<const uint8_t>;
using Out = std::vector<uint8_t>;

constexpr std::string_view fields_rule = "docs/intel-igc.md §4.1";
constexpr std::string_view layout_rule = "docs/intel-igc.md §4.2";

uint16_t read16(Bytes b, size_t at) { return static_cast<uint16_t>(b[at] | (b[at + 1] << 8)); }
uint32_t read32(Bytes b, size_t at) { return read16(b, at) | uint32_t{read16(b, at + 2)} << 16; }

// The field's one byte when it lies in [low, high]; else an error naming it.
bool in_range(Bytes b, unsigned low, unsigned high, std::string_view what, Errors& errors) {
  if (b[0] >= low && b[0] <= high) return true;
  errors.push_back({0, fmt::format("{} 0x{:02x} is not {}-{}", what, b[0], low, high), fields_rule});
  return false;
}

// A one-byte field holding an enum in [low, high].
template <auto LscFields::*Member, unsigned Low, unsigned High>
size_t read_enum_byte(Bytes b, Instruction& inst, Errors& errors, std::string_view what) {
  using T = std::remove_reference_t<decltype(inst.lsc.*Member)>;
  if (in_range(b, Low, High, what, errors)) inst.lsc.*Member = static_cast<T>(b[0]);
  return 1;
}
template <auto LscFields::*Member>
void write_byte(const Instruction& inst, Out& out) {
  out.push_back(static_cast<uint8_t>(inst.lsc.*Member));
}

size_t read_op(Bytes b, Instruction& inst, Errors& errors) {
  if (const LscOpInfo* op = find_lsc_op(b[0])) {
    inst.lsc.op = b[0];
    inst.op = op->like;
  } else {
    errors.push_back(
        {0, fmt::format("LSC sub-op 0x{:02x} is not an atomic (0x08-0x1a); gpuatom decodes atomics only", b[0]),
         fields_rule});
  }
  return 1;
}

// tgm is LSC_TYPED's (whose form has no SFID byte): an untyped atomic takes the other three.
size_t read_sfid(Bytes b, Instruction& inst, Errors& errors) {
  const auto tgm = static_cast<uint8_t>(LscSfid::tgm);
  if (in_range(b, 0, 3, "LSC SFID", errors) && b[0] != tgm)
    inst.lsc.sfid = static_cast<LscSfid>(b[0]);
  else if (b[0] == tgm)
    errors.push_back({0, "LSC_UNTYPED with SFID tgm (2): typed atomics are LSC_TYPED (0x8a)", layout_rule});
  return 1;
}

size_t read_l1(Bytes b, Instruction& inst, Errors& errors) {
  return read_enum_byte<&LscFields::l1, 0, 6>(b, inst, errors, "L1 caching option");
}
size_t read_l3(Bytes b, Instruction& inst, Errors& errors) {
  return read_enum_byte<&LscFields::l3, 0, 6>(b, inst, errors, "L3 caching option");
}
size_t read_addr_type(Bytes b, Instruction& inst, Errors& errors) {
  return read_enum_byte<&LscFields::addr_type, 1, 5>(b, inst, errors, "LSC address type");
}
size_t read_addr_size(Bytes b, Instruction& inst, Errors& errors) {
  return read_enum_byte<&LscFields::addr_size, 1, 3>(b, inst, errors, "LSC address size");
}
size_t read_data_order(Bytes b, Instruction& inst, Errors& errors) {
  return read_enum_byte<&LscFields::order, 1, 2>(b, inst, errors, "LSC data order");
}
size_t read_data_elems(Bytes b, Instruction& inst, Errors& errors) {
  return read_enum_byte<&LscFields::elems, 1, 8>(b, inst, errors, "LSC vector size code");
}

size_t read_scale(Bytes b, Instruction& inst, Errors& errors) {
  inst.lsc.scale = read16(b, 0);
  if (inst.lsc.scale == 0)
    errors.push_back(
        {0, "LSC address scale 0: the effective address is scale × address + offset, scale ≥ 1", layout_rule});
  return 2;
}
void write_scale(const Instruction& inst, Out& out) { put16(out, inst.lsc.scale); }

size_t read_offset(Bytes b, Instruction& inst, Errors&) {
  inst.lsc.offset = static_cast<int32_t>(read32(b, 0));
  return 4;
}
void write_offset(const Instruction& inst, Out& out) { put32(out, static_cast<uint32_t>(inst.lsc.offset)); }

// The data size also gives the legacy width the messages name.
size_t read_data_size(Bytes b, Instruction& inst, Errors& errors) {
  if (in_range(b, 1, 7, "LSC data size", errors)) {
    inst.lsc.data_size = static_cast<LscDataSize>(b[0]);
    const unsigned bits = access_bits(inst.lsc);
    inst.width = bits == 64 ? Width::w64 : bits == 16 ? Width::w16 : Width::w32;
  }
  return 1;
}

// IGC's writer stores the vector size's code here for every op but the quad ones.
size_t read_chmask(Bytes b, Instruction& inst, Errors& errors) {
  inst.lsc.chmask = b[0];
  if (b[0] != inst.lsc.elems)
    errors.push_back(
        {0,
         fmt::format("LSC channel mask 0x{:02x} differs from the vector size code 0x{:02x} (an atomic's is its copy)",
                     b[0], inst.lsc.elems),
         layout_rule});
  return 1;
}

// The surface, a vector operand (docs/intel-igc.md §0): an immediate UD (tag 5, type 0, value)
// or a general variable (tag 0, id, row, column, region <0;1,0>).
size_t read_surface_register(Bytes b, LscSurface& s, Errors& errors) {
  s.is_register = true;
  s.id = read32(b, 1);
  s.row = b[5];
  s.col = b[6];
  s.region = read16(b, 7);
  if (s.region != LscSurface{}.region)
    errors.push_back(
        {7, fmt::format("surface register region 0x{:04x}: a surface is a scalar, <0;1,0> (0x0121)", s.region),
         layout_rule});
  return 9;
}

size_t read_surface(Bytes b, Instruction& inst, Errors& errors) {
  LscSurface& s = inst.lsc.surface;
  s = {};
  const uint8_t kind = b[0] & vector_operand_class_bits;
  if (b[0] != kind)
    errors.push_back(
        {0, fmt::format("surface operand tag 0x{:02x}: a surface takes no operand modifier", b[0]), layout_rule});
  if (kind == 0) return read_surface_register(b, s, errors);
  if (kind == vector_operand_immediate) {
    if (b[1] != 0)
      errors.push_back(
          {1, fmt::format("surface immediate of type 0x{:02x}: LSC surfaces are UD (type 0)", b[1]), layout_rule});
    s.value = read32(b, 2);
  } else {
    errors.push_back(
        {0, fmt::format("surface operand tag 0x{:02x}: expected an immediate (5) or a general variable (0)", b[0]),
         layout_rule});
  }
  return 6;
}

void write_surface(const Instruction& inst, Out& out) {
  const LscSurface& s = inst.lsc.surface;
  if (!s.is_register) {
    out.push_back(vector_operand_immediate);
    out.push_back(0);  // ISA_TYPE_UD
    put32(out, s.value);
    return;
  }
  out.push_back(0);
  put32(out, s.id);
  out.push_back(s.row);
  out.push_back(s.col);
  put16(out, s.region);
}

using L = InstructionLocations;
constexpr std::array<LscFieldCodec, 13> codecs = {{
    {ByteField::lsc_op, read_op, write_byte<&LscFields::op>, &L::op},
    {ByteField::lsc_sfid, read_sfid, write_byte<&LscFields::sfid>, nullptr},
    {ByteField::lsc_cache_l1, read_l1, write_byte<&LscFields::l1>, nullptr},
    {ByteField::lsc_cache_l3, read_l3, write_byte<&LscFields::l3>, nullptr},
    {ByteField::lsc_addr_type, read_addr_type, write_byte<&LscFields::addr_type>, &L::surface},
    {ByteField::lsc_scale, read_scale, write_scale, nullptr},
    {ByteField::lsc_offset, read_offset, write_offset, nullptr},
    {ByteField::lsc_addr_size, read_addr_size, write_byte<&LscFields::addr_size>, nullptr},
    {ByteField::lsc_data_size, read_data_size, write_byte<&LscFields::data_size>, &L::width},
    {ByteField::lsc_data_order, read_data_order, write_byte<&LscFields::order>, nullptr},
    {ByteField::lsc_data_elems, read_data_elems, write_byte<&LscFields::elems>, nullptr},
    {ByteField::lsc_chmask, read_chmask, write_byte<&LscFields::chmask>, nullptr},
    {ByteField::lsc_surface, read_surface, write_surface, nullptr},
}};

}  // namespace

std::span<const LscFieldCodec> lsc_field_codecs() { return codecs; }

const LscFieldCodec* find_lsc_field_codec(ByteField field) {
  for (const LscFieldCodec& c : codecs)
    if (c.field == field) return &c;
  return nullptr;
}

void put16(std::vector<uint8_t>& out, uint16_t value) {
  out.push_back(static_cast<uint8_t>(value));
  out.push_back(static_cast<uint8_t>(value >> 8));
}

void put32(std::vector<uint8_t>& out, uint32_t value) {
  put16(out, static_cast<uint16_t>(value));
  put16(out, static_cast<uint16_t>(value >> 16));
}

}  // namespace gpuatom::intel
