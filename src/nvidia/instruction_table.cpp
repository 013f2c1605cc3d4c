#include "gpuatom/nvidia/instruction_table.hpp"

#include <fmt/format.h>

#include <array>
#include <stdexcept>

#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia {

namespace {

using support::iequals;

// --- Mnemonics (§2, §10.3) ------------------------------------------------------------------

constexpr std::array<MnemonicInfo, 8> mnemonics = {{
    //                                          modern  returns surface .E
    {Mnemonic::ATOM, "ATOM", Family::ATOM, false, true, false, true},
    {Mnemonic::ATOMG, "ATOMG", Family::ATOM, true, true, false, true},
    {Mnemonic::ATOMS, "ATOMS", Family::ATOMS, false, true, false, false},
    {Mnemonic::RED, "RED", Family::RED, false, false, false, true},
    {Mnemonic::REDG, "REDG", Family::RED, true, false, false, true},
    {Mnemonic::SUATOM, "SUATOM", Family::SUATOM, false, true, true, false},
    {Mnemonic::SURED, "SURED", Family::SURED, false, false, true, false},
    // sm_90 on; nvdisasm prints no .E (the address's .64 is the bit .E is elsewhere).
    {Mnemonic::REDAS, "REDAS", Family::RED, true, false, false, false},
}};

// --- Register files (§1, §10.3) -------------------------------------------------------------

constexpr std::array<RegisterFileInfo, 3> register_files = {{
    {RegisterFile::general, "R", "RZ", RZ},
    {RegisterFile::predicate, "P", "PT", PT},
    {RegisterFile::uniform, "UR", "URZ", URZ},
}};

// --- Modifier slots, in print order (§10.2, §10.3) ------------------------------------------

constexpr std::array<SlotInfo, slot_count> slots = {{
    //                                               placeholder  use                     unwritten
    // The flags and the mode are named by their spellings: see name(ModifierSlot).
    {ModifierSlot::mode, "mode", false, SlotUse::surface, std::nullopt},
    {ModifierSlot::byte_address, "", false, SlotUse::surface, 0},
    {ModifierSlot::dim, "dimension", true, SlotUse::surface, std::nullopt},
    {ModifierSlot::uniform_array, "", false, SlotUse::surface, 0},
    {ModifierSlot::extended, "", false, SlotUse::extended_address, 0},
    {ModifierSlot::op, "operation", true, SlotUse::any, std::nullopt},
    {ModifierSlot::cache, "cache operation", true, SlotUse::memory, 0},  // surfaces and ATOM/RED (sm_70+, §10.3)
    {ModifierSlot::size, "size", true, SlotUse::any, std::nullopt},
    {ModifierSlot::strength, "strength", true, SlotUse::any, 0},
    {ModifierSlot::scope, "scope", true, SlotUse::any, 0},
    {ModifierSlot::private_, "", false, SlotUse::any, 0},
    {ModifierSlot::clamp, "clamp", true, SlotUse::surface,
     static_cast<uint8_t>(Clamp::near)},  // .NEAR: not printed (§10.4)
}};
static_assert(
    [] {
      for (int i = 0; i < slot_count; ++i)
        if (static_cast<int>(slots[i].slot) != i) return false;
      return true;
    }(),
    "slot_table() is indexed by ModifierSlot");

// --- Modifiers other than ops and sizes: every spelling of a dim, clamp, cache operation,
// strength, scope and flag, stated here once ------------------------------------------------

constexpr uint8_t v(auto e) { return static_cast<uint8_t>(e); }

constexpr std::array<ModifierInfo, 28> modifiers = {{
    {"D", ModifierSlot::mode, mode_raw, false},
    {"P", ModifierSlot::mode, mode_formatted, false},
    {"BA", ModifierSlot::byte_address, 1, false},
    {"1D", ModifierSlot::dim, v(Dim::d1), false},
    {"1D_BUFFER", ModifierSlot::dim, v(Dim::d1_buffer), false},
    {"1D_ARRAY", ModifierSlot::dim, v(Dim::d1_array), false},
    {"2D", ModifierSlot::dim, v(Dim::d2), false},
    {"2D_ARRAY", ModifierSlot::dim, v(Dim::d2_array), false},
    {"3D", ModifierSlot::dim, v(Dim::d3), false},
    {"UAI", ModifierSlot::uniform_array, 1, true},
    {"E", ModifierSlot::extended, 1, false},
    {"EF", ModifierSlot::cache, v(CacheOp::ef), true},
    {"EL", ModifierSlot::cache, v(CacheOp::el), true},
    {"LU", ModifierSlot::cache, v(CacheOp::lu), true},
    {"EU", ModifierSlot::cache, v(CacheOp::eu), true},
    {"NA", ModifierSlot::cache, v(CacheOp::na), true},
    {"STRONG", ModifierSlot::strength, v(Strength::strong), true},
    {"CONSTANT", ModifierSlot::strength, v(Strength::constant), true},
    {"MMIO", ModifierSlot::strength, v(Strength::mmio), true},
    {"CTA", ModifierSlot::scope, v(Scope::cta), true},
    {"SM", ModifierSlot::scope, v(Scope::sm), true},
    {"GPU", ModifierSlot::scope, v(Scope::gpu), true},
    {"SYS", ModifierSlot::scope, v(Scope::sys), true},
    {"VC", ModifierSlot::scope, v(Scope::vc), true},
    {"PRIVATE", ModifierSlot::private_, 1, true},
    {"IGN", ModifierSlot::clamp, v(Clamp::ign), false},
    {"NEAR", ModifierSlot::clamp, v(Clamp::near), false},
    {"TRAP", ModifierSlot::clamp, v(Clamp::trap), false},
}};

// The spelling of each slot's values, by slot and value: "" for none.
constexpr int modifier_value_count = 8;
constexpr auto spellings_by_slot = [] {
  std::array<std::array<std::string_view, modifier_value_count>, slot_count> t{};
  for (const ModifierInfo& m : modifiers) t[static_cast<int>(m.slot)][m.value] = m.name;
  return t;
}();
constexpr std::string_view spelled(ModifierSlot slot, uint8_t value) {
  return value < modifier_value_count ? spellings_by_slot[static_cast<int>(slot)][value] : std::string_view();
}

// --- Surfaces (§8.1, §11.3) -----------------------------------------------------------------

// The names are the modifier table's.
constexpr DimInfo dim(Dim d, int code, int coordinates, int alignment) {
  return {d, spelled(ModifierSlot::dim, v(d)), code, coordinates, alignment};
}
constexpr std::array<DimInfo, 6> dims = {{
    dim(Dim::d1, 0, 1, 1),
    dim(Dim::d1_buffer, 1, 1, 1),
    dim(Dim::d1_array, 2, 2, 2),
    dim(Dim::d2, 3, 2, 2),
    dim(Dim::d2_array, 4, 3, 4),
    dim(Dim::d3, 5, 3, 4),
}};

constexpr ClampInfo clamp(Clamp c, int code) { return {c, spelled(ModifierSlot::clamp, v(c)), code}; }
constexpr std::array<ClampInfo, 3> clamps = {{clamp(Clamp::ign, 0), clamp(Clamp::near, 1), clamp(Clamp::trap, 2)}};

// --- Operand shapes (§10.2 SPA 5.0, §10.3 sm_70+) -------------------------------------------

using R = OperandRole;
constexpr OperandSlot req(R r) { return {r, false}; }
constexpr OperandSlot opt(R r) { return {r, true}; }

constexpr std::array atom_op = {opt(R::ps), req(R::rd), req(R::address), req(R::rb), opt(R::trailing_rz)};
constexpr std::array atom_cas = {opt(R::ps), req(R::rd), req(R::address), req(R::rb), req(R::rc)};
constexpr std::array atoms_op = {req(R::rd), req(R::address), req(R::rb), opt(R::trailing_rz)};
constexpr std::array atoms_cas = {req(R::rd), req(R::address), req(R::rb), req(R::rc)};
constexpr std::array red_op = {req(R::address), req(R::rb), opt(R::trailing_rz)};
constexpr std::array suatom_any = {opt(R::ps), req(R::rd), req(R::address), req(R::rb), req(R::handle)};
constexpr std::array sured_any = {req(R::address), req(R::rb), req(R::handle)};
constexpr std::array modern_atom_op = {req(R::pu), req(R::rd), req(R::address), req(R::rb)};
constexpr std::array modern_atom_cas = {req(R::pu), req(R::rd), req(R::address), req(R::rb), req(R::rc)};
constexpr std::array modern_atom_arrive = {req(R::pu), req(R::rd), req(R::address), opt(R::rb)};
constexpr std::array modern_atom_popc = {req(R::pu), req(R::rd), req(R::address)};
constexpr std::array modern_atoms_op = {req(R::rd), req(R::address), req(R::rb)};
// Newer disassemblers print a predicate destination in place of Rd for CAST.SPIN (§10.3).
constexpr std::array modern_atoms_cas = {opt(R::pu), opt(R::rd), req(R::address), req(R::rb), req(R::rc)};
constexpr std::array modern_atoms_popc = {req(R::rd), req(R::address)};
constexpr std::array modern_red = {req(R::address), req(R::rb)};
// nvdisasm 13.0 leaves out a SUATOM's Pu of PT (sass128.cpp).
constexpr std::array modern_suatom = {opt(R::pu), req(R::rd), req(R::address), req(R::rb), req(R::handle)};

const OperandShape shape_atom_op{"[Ps,] Rd, [Ra + ImmS20], Rb", atom_op};
const OperandShape shape_atom_cas{"[Ps,] Rd, [Ra + ImmS20], Rb, Rc", atom_cas};
const OperandShape shape_atoms_op{"Rd, [Ra + ImmS24], Rb", atoms_op};
const OperandShape shape_atoms_cas{"Rd, [Ra + ImmS24], Rb, Rc", atoms_cas};
const OperandShape shape_red{"[Ra + ImmS20], Rb", red_op};
const OperandShape shape_suatom{"[Ps,] Rd, [Ra], Rb, #tsPtrIdxU13 | Rc", suatom_any};
const OperandShape shape_sured{"[Ra], Rb, #tsPtrIdxU13 | Rc", sured_any};
const OperandShape shape_modern_atom_op{"Pu, Rd, addr, Rb", modern_atom_op};
const OperandShape shape_modern_atom_cas{"Pu, Rd, addr, Rb, Rc", modern_atom_cas};
const OperandShape shape_modern_atom_arrive{"Pu, Rd, addr[, Rb]", modern_atom_arrive};
const OperandShape shape_modern_atom_popc{"Pu, Rd, addr", modern_atom_popc};
const OperandShape shape_modern_atoms_op{"Rd, addr, Rb", modern_atoms_op};
const OperandShape shape_modern_atoms_cas{"Rd | Pu, addr, Rb, Rc", modern_atoms_cas};
const OperandShape shape_modern_atoms_popc{"Rd, addr", modern_atoms_popc};
const OperandShape shape_modern_red{"addr, Rb", modern_red};
const OperandShape shape_modern_suatom{"[Pu,] Rd, [Ra], Rb, handle", modern_suatom};
const OperandShape shape_modern_sured{"[Ra], Rb, handle", sured_any};

// --- Maxwell bit fields (§11.1, §11.2) ------------------------------------------------------

using F = FieldKind;
constexpr BitField maxwell_rd{F::rd, 0, 8}, maxwell_ra{F::ra, 8, 8}, maxwell_guard{F::guard, 16, 3},
    maxwell_negate{F::guard_negate, 19, 1};

constexpr std::array atom_fields = {maxwell_rd,
                                    maxwell_ra,
                                    maxwell_guard,
                                    maxwell_negate,
                                    BitField{F::rb, 20, 8},
                                    BitField{F::offset20, 28, 20},
                                    BitField{F::extended, 48, 1},
                                    BitField{F::atom_size, 49, 3},
                                    BitField{F::op, 52, 4}};
constexpr std::array atom_cas_fields = {maxwell_rd,
                                        maxwell_ra,
                                        maxwell_guard,
                                        maxwell_negate,
                                        BitField{F::rb, 20, 8},
                                        BitField{F::offset20, 28, 20},
                                        BitField{F::extended, 48, 1},
                                        BitField{F::cas_size, 49, 1},
                                        BitField{F::cas_layout, 50, 2}};
constexpr std::array atoms_fields = {maxwell_rd,
                                     maxwell_ra,
                                     maxwell_guard,
                                     maxwell_negate,
                                     BitField{F::rb, 20, 8},
                                     BitField{F::shared_size, 28, 2},
                                     BitField{F::offset22_div4, 30, 22},
                                     BitField{F::op, 52, 4}};
// ATOMS.CAST{.SPIN} and ATOMS.CAS share a layout; the kind bit (53) separates CAST from
// CAST.SPIN, and the CAS opcode's kind bits are fixed (bits 53–54 = 2; 3 is ATOM with Ps).
constexpr std::array atoms_cast_fields = {maxwell_rd,
                                          maxwell_ra,
                                          maxwell_guard,
                                          maxwell_negate,
                                          BitField{F::rb, 20, 8},
                                          BitField{F::cas_layout, 28, 2},
                                          BitField{F::offset22_div4, 30, 22},
                                          BitField{F::cas_size, 52, 1},
                                          BitField{F::cas_kind, 53, 1}};
constexpr std::array atoms_cas_fields = {maxwell_rd,
                                         maxwell_ra,
                                         maxwell_guard,
                                         maxwell_negate,
                                         BitField{F::rb, 20, 8},
                                         BitField{F::cas_layout, 28, 2},
                                         BitField{F::offset22_div4, 30, 22},
                                         BitField{F::cas_size, 52, 1}};
// ATOM and ATOM.CAS with a sparse predicate (nvdisasm): no offset, Ps at 41–43, the op at 44–47.
constexpr std::array atom_sparse_fields = {maxwell_rd,
                                           maxwell_ra,
                                           maxwell_guard,
                                           maxwell_negate,
                                           BitField{F::rb, 20, 8},
                                           BitField{F::unassigned, 28, 13},
                                           BitField{F::sparse, 41, 3},
                                           BitField{F::op, 44, 4},
                                           BitField{F::extended, 48, 1},
                                           BitField{F::atom_size, 49, 3}};
constexpr std::array atom_cas_sparse_fields = {maxwell_rd,
                                               maxwell_ra,
                                               maxwell_guard,
                                               maxwell_negate,
                                               BitField{F::rb, 20, 8},
                                               BitField{F::unassigned, 28, 13},
                                               BitField{F::sparse, 41, 3},
                                               BitField{F::unassigned, 44, 4},
                                               BitField{F::extended, 48, 1},
                                               BitField{F::cas_size, 49, 1},
                                               BitField{F::cas_layout, 50, 2}};
constexpr std::array red_fields = {BitField{F::rb, 0, 8},
                                   maxwell_ra,
                                   maxwell_guard,
                                   maxwell_negate,
                                   BitField{F::atom_size, 20, 3},
                                   BitField{F::op, 23, 3},
                                   BitField{F::unassigned, 26, 2},
                                   BitField{F::offset20, 28, 20},
                                   BitField{F::extended, 48, 1},
                                   BitField{F::unassigned, 49, 2}};

constexpr BitField su_rb{F::rb, 20, 8}, su_ba{F::byte_address, 28, 1}, su_op{F::op, 29, 4}, su_dim{F::dim, 33, 3},
    su_ts{F::ts_index, 36, 13}, su_clamp{F::clamp, 49, 2}, su_cas_gap{F::unassigned, 29, 1},
    su_cas_ps{F::sparse, 30, 3}, su_bl_size{F::surface_size, 36, 3}, su_rc{F::rc, 39, 8},
    su_bl_gap{F::unassigned, 47, 2};
constexpr std::array suatom_bound_fields = {maxwell_rd,
                                            maxwell_ra,
                                            maxwell_guard,
                                            maxwell_negate,
                                            su_rb,
                                            su_ba,
                                            su_op,
                                            su_dim,
                                            su_ts,
                                            su_clamp,
                                            BitField{F::surface_size, 51, 3}};
constexpr std::array suatom_bound_cas_fields = {
    maxwell_rd, maxwell_ra, maxwell_guard, maxwell_negate, su_rb,    su_ba,
    su_cas_gap, su_cas_ps,  su_dim,        su_ts,          su_clamp, BitField{F::surface_size, 51, 3}};
constexpr std::array suatom_bindless_fields = {maxwell_rd, maxwell_ra, maxwell_guard, maxwell_negate,
                                               su_rb,      su_ba,      su_op,         su_dim,
                                               su_bl_size, su_rc,      su_bl_gap,     su_clamp};
constexpr std::array suatom_bindless_sparse_fields = {maxwell_rd,
                                                      maxwell_ra,
                                                      maxwell_guard,
                                                      maxwell_negate,
                                                      su_rb,
                                                      su_ba,
                                                      su_op,
                                                      su_dim,
                                                      su_bl_size,
                                                      su_rc,
                                                      su_bl_gap,
                                                      su_clamp,
                                                      BitField{F::sparse, 51, 3}};
constexpr std::array suatom_bindless_cas_fields = {maxwell_rd, maxwell_ra, maxwell_guard, maxwell_negate, su_rb,
                                                   su_ba,      su_cas_gap, su_cas_ps,     su_dim,         su_bl_size,
                                                   su_rc,      su_bl_gap,  su_clamp};

constexpr BitField sr_rb{F::rb, 0, 8}, sr_size{F::surface_size, 20, 3}, sr_ba{F::byte_address, 23, 1},
    sr_op{F::op, 24, 3}, sr_gap{F::unassigned, 27, 6};
constexpr std::array sured_bound_fields = {sr_rb, maxwell_ra, maxwell_guard, maxwell_negate, sr_size, sr_ba,
                                           sr_op, sr_gap,     su_dim,        su_ts,          su_clamp};
constexpr std::array sured_bindless_fields = {
    sr_rb, maxwell_ra, maxwell_guard, maxwell_negate, sr_size,
    sr_ba, sr_op,      sr_gap,        su_dim,         BitField{F::unassigned, 36, 3},
    su_rc, su_bl_gap,  su_clamp};

// The formatted (.P) surface forms (nvdisasm): no .BA and no size; bit 51 of the opcode selects a
// bound (#tsPtrIdxU13) or bindless (Rc) handle.
constexpr BitField su_gap28{F::unassigned, 28, 1}, su_bl_gap36{F::unassigned, 36, 3};
constexpr std::array suatom_formatted_bound_fields = {maxwell_rd, maxwell_ra, maxwell_guard, maxwell_negate, su_rb,
                                                      su_gap28,   su_op,      su_dim,        su_ts,          su_clamp};
constexpr std::array suatom_formatted_bindless_fields = {maxwell_rd,  maxwell_ra, maxwell_guard, maxwell_negate,
                                                         su_rb,       su_gap28,   su_op,         su_dim,
                                                         su_bl_gap36, su_rc,      su_bl_gap,     su_clamp};
constexpr BitField su_fcas_op{F::formatted_cas_op, 29, 4};
constexpr std::array suatom_formatted_cas_bound_fields = {
    maxwell_rd, maxwell_ra, maxwell_guard, maxwell_negate, su_rb, su_gap28, su_fcas_op, su_dim, su_ts, su_clamp};
constexpr std::array suatom_formatted_cas_bindless_fields = {maxwell_rd,  maxwell_ra, maxwell_guard, maxwell_negate,
                                                             su_rb,       su_gap28,   su_fcas_op,    su_dim,
                                                             su_bl_gap36, su_rc,      su_bl_gap,     su_clamp};
constexpr BitField sr_fgap{F::unassigned, 20, 4};
constexpr std::array sured_formatted_bound_fields = {sr_rb, maxwell_ra, maxwell_guard, maxwell_negate, sr_fgap,
                                                     sr_op, sr_gap,     su_dim,        su_ts,          su_clamp};
constexpr std::array sured_formatted_bindless_fields = {sr_rb,       maxwell_ra, maxwell_guard, maxwell_negate,
                                                        sr_fgap,     sr_op,      sr_gap,        su_dim,
                                                        su_bl_gap36, su_rc,      su_bl_gap,     su_clamp};

constexpr uint64_t top(uint64_t bits16) { return bits16 << 48; }

using O = FormOps;
using H = FormHandle;
using Ps = FormPs;

// Attributes: ops, formatted (.P), handle, Ps (FormOps, FormHandle, FormPs). The names are made
// from the mnemonic and these (form_name()).
const std::array<EncodingInfo, encoding_form_count> unnamed_encodings = {{
    {EncodingForm::atom,
     {},
     Mnemonic::ATOM,
     0xEDULL << 56,
     0xFFULL << 56,
     O::op,
     false,
     H::none,
     Ps::without,
     atom_fields},
    {EncodingForm::atom_cas,
     {},
     Mnemonic::ATOM,
     0xEEFULL << 52,
     0xFFFULL << 52,
     O::compare,
     false,
     H::none,
     Ps::without,
     atom_cas_fields},
    {EncodingForm::atom_sparse,
     {},
     Mnemonic::ATOM,
     top(0xEE60),
     top(0xFFF0),
     O::op,
     false,
     H::none,
     Ps::with,
     atom_sparse_fields},
    {EncodingForm::atom_cas_sparse,
     {},
     Mnemonic::ATOM,
     top(0xEE70),
     top(0xFFF0),
     O::compare,
     false,
     H::none,
     Ps::with,
     atom_cas_sparse_fields},
    {EncodingForm::atoms,
     {},
     Mnemonic::ATOMS,
     0xECULL << 56,
     0xFFULL << 56,
     O::op,
     false,
     H::none,
     Ps::optional,
     atoms_fields},
    {EncodingForm::atoms_cast,
     {},
     Mnemonic::ATOMS,
     top(0xEE00),
     top(0xFFC0),
     O::cast,
     false,
     H::none,
     Ps::optional,
     atoms_cast_fields},
    {EncodingForm::atoms_cas,
     {},
     Mnemonic::ATOMS,
     top(0xEE40),
     top(0xFFE0),
     O::cas,
     false,
     H::none,
     Ps::optional,
     atoms_cas_fields},
    {EncodingForm::red, {}, Mnemonic::RED, top(0xEBF8), top(0xFFF8), O::any, false, H::none, Ps::optional, red_fields},
    {EncodingForm::suatom_bound,
     {},
     Mnemonic::SUATOM,
     top(0xEA00),
     top(0xFFC0),
     O::op,
     false,
     H::bound,
     Ps::optional,
     suatom_bound_fields},
    {EncodingForm::suatom_bound_cas,
     {},
     Mnemonic::SUATOM,
     top(0xEA80),
     top(0xFFC0),
     O::compare,
     false,
     H::bound,
     Ps::optional,
     suatom_bound_cas_fields},
    {EncodingForm::suatom_bindless,
     {},
     Mnemonic::SUATOM,
     top(0xEA70),
     top(0xFFF8),
     O::op,
     false,
     H::bindless,
     Ps::without,
     suatom_bindless_fields},
    {EncodingForm::suatom_bindless_sparse,
     {},
     Mnemonic::SUATOM,
     top(0xEB80),
     top(0xFFC0),
     O::op,
     false,
     H::bindless,
     Ps::with,
     suatom_bindless_sparse_fields},
    {EncodingForm::suatom_bindless_cas,
     {},
     Mnemonic::SUATOM,
     top(0xEAD0),
     top(0xFFF8),
     O::compare,
     false,
     H::bindless,
     Ps::optional,
     suatom_bindless_cas_fields},
    {EncodingForm::sured_bound,
     {},
     Mnemonic::SURED,
     top(0xEB58),
     top(0xFFF8),
     O::any,
     false,
     H::bound,
     Ps::optional,
     sured_bound_fields},
    {EncodingForm::sured_bindless,
     {},
     Mnemonic::SURED,
     top(0xEB50),
     top(0xFFF8),
     O::any,
     false,
     H::bindless,
     Ps::optional,
     sured_bindless_fields},
    {EncodingForm::suatom_formatted_bound,
     {},
     Mnemonic::SUATOM,
     top(0xEA68),
     top(0xFFF8),
     O::op,
     true,
     H::bound,
     Ps::optional,
     suatom_formatted_bound_fields},
    {EncodingForm::suatom_formatted_bindless,
     {},
     Mnemonic::SUATOM,
     top(0xEA60),
     top(0xFFF8),
     O::op,
     true,
     H::bindless,
     Ps::optional,
     suatom_formatted_bindless_fields},
    {EncodingForm::suatom_formatted_cas_bound,
     {},
     Mnemonic::SUATOM,
     top(0xEAC8),
     top(0xFFF8),
     O::compare,
     true,
     H::bound,
     Ps::optional,
     suatom_formatted_cas_bound_fields},
    {EncodingForm::suatom_formatted_cas_bindless,
     {},
     Mnemonic::SUATOM,
     top(0xEAC0),
     top(0xFFF8),
     O::compare,
     true,
     H::bindless,
     Ps::optional,
     suatom_formatted_cas_bindless_fields},
    {EncodingForm::sured_formatted_bound,
     {},
     Mnemonic::SURED,
     top(0xEB48),
     top(0xFFF8),
     O::any,
     true,
     H::bound,
     Ps::optional,
     sured_formatted_bound_fields},
    {EncodingForm::sured_formatted_bindless,
     {},
     Mnemonic::SURED,
     top(0xEB40),
     top(0xFFF8),
     O::any,
     true,
     H::bindless,
     Ps::optional,
     sured_formatted_bindless_fields},
}};

// A form's name in messages, from its attributes: "ATOM.CAS", "ATOM .op with Ps", "SUATOM.P
// bindless .CAS", "SURED bound". The mnemonic, .P for a formatted surface form, the handle, then
// the op: a compare form's compare_op() (after the handle, where there is one), ".op" for the
// other ops where the name says more than the mnemonic (none for RED and SURED, whose op field is
// all there is), and "with Ps" for the form with Ps of a pair.
std::string form_name(const EncodingInfo& e) {
  std::string out(info(e.mnemonic).name);
  if (e.formatted) out += fmt::format(".{}", spelled(ModifierSlot::mode, mode_formatted));
  const bool handle = e.handle != FormHandle::none;
  if (handle) out += e.handle == FormHandle::bound ? " bound" : " bindless";
  if (const auto op = compare_op(e.ops))
    out += fmt::format("{}.{}", handle ? " " : "", info(*op).name);
  else if (e.ops == FormOps::op && (handle || e.ps == FormPs::with))
    out += " .op";
  if (e.ps == FormPs::with) out += " with Ps";
  return out;
}

// The forms with their names, made on first use (the op names live in opcodes.cpp).
const std::array<EncodingInfo, encoding_form_count>& encodings() {
  static const std::array<std::string, encoding_form_count> names = [] {
    std::array<std::string, encoding_form_count> out;
    for (size_t i = 0; i < out.size(); ++i) out[i] = form_name(unnamed_encodings[i]);
    return out;
  }();
  static const std::array<EncodingInfo, encoding_form_count> named = [] {
    std::array<EncodingInfo, encoding_form_count> out = unnamed_encodings;
    for (size_t i = 0; i < out.size(); ++i) out[i].name = names[i];
    return out;
  }();
  return named;
}

}  // namespace

std::span<const MnemonicInfo> mnemonic_table() { return mnemonics; }
const MnemonicInfo& info(Mnemonic m) { return mnemonics[static_cast<int>(m)]; }
// iequals(), the bytes compared as they are first: listings spell mnemonics and registers in
// upper case, as the tables do, and the text parser reads one of each per operand.
static bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i] && support::ascii_lower(a[i]) != support::ascii_lower(b[i])) return false;
  return true;
}

std::optional<Mnemonic> parse_mnemonic(std::string_view text) {
  for (const MnemonicInfo& m : mnemonics)
    if (same_ignoring_case(m.name, text)) return m.mnemonic;
  return std::nullopt;
}

std::span<const UnreadAtomic> unread_atomic_mnemonics() {
  return {};  // none now: REDAS was one
}

std::string mnemonic_names(bool modern_only) {
  std::string out;
  for (const MnemonicInfo& m : mnemonics) {
    if (m.modern_only != modern_only) continue;
    if (!out.empty()) out += ", ";
    out += m.name;
  }
  return out;
}

std::span<const DimInfo> dim_table() { return dims; }
const DimInfo& info(Dim dim) { return dims[static_cast<int>(dim)]; }
std::span<const ClampInfo> clamp_table() { return clamps; }
const ClampInfo& info(Clamp clamp) { return clamps[static_cast<int>(clamp)]; }

std::span<const RegisterFileInfo> register_file_table() { return register_files; }
const RegisterFileInfo& info(RegisterFile file) { return register_files[static_cast<int>(file)]; }

std::string register_name(RegisterFile file, uint8_t number) {
  const RegisterFileInfo& f = info(file);
  if (number == f.last_number) return std::string(f.last);
  std::string out(f.prefix);
  out += std::to_string(number);
  return out;
}

std::optional<uint8_t> parse_register(RegisterFile file, std::string_view text) {
  const RegisterFileInfo& f = info(file);
  if (same_ignoring_case(text, f.last)) return f.last_number;
  if (text.size() <= f.prefix.size() || !same_ignoring_case(text.substr(0, f.prefix.size()), f.prefix))
    return std::nullopt;
  const std::string_view digits = text.substr(f.prefix.size());
  // Decimal digits only, so read here rather than by parse_unsigned (a register is read per
  // operand of every line: the text parser's hot path).
  unsigned n = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<unsigned>(c - '0');
    if (n > f.last_number) return std::nullopt;
  }
  return static_cast<uint8_t>(n);
}

std::span<const SlotInfo> slot_table() { return slots; }
const SlotInfo& info(ModifierSlot slot) { return slots[static_cast<int>(slot)]; }

std::string_view name(ModifierSlot slot) {
  // A flag is named by its spelling (".BA"), the mode by its SPA 5.0 value ("mode (.D)").
  static const std::array<std::string, slot_count> names = [] {
    std::array<std::string, slot_count> out;
    for (const SlotInfo& s : slots) {
      std::string& n = out[static_cast<int>(s.slot)];
      n = s.name;
      if (s.slot == ModifierSlot::mode)
        n += fmt::format(" (.{})", spelled(ModifierSlot::mode, mode_raw));
      else if (n.empty())
        n = fmt::format(".{}", spelled(s.slot, 1));
    }
    return out;
  }();
  return names[static_cast<int>(slot)];
}

bool takes_placeholder(ModifierSlot slot) { return info(slot).placeholder; }

static constexpr uint8_t families(auto... f) { return static_cast<uint8_t>(((1u << static_cast<int>(f)) | ...)); }

// Each SPA 5.0 stem with where nvdisasm prints it; `INVALID` (no slot) is the sm_70+ spelling and
// comes last, since every other stem starts with it.
constexpr std::array<PlaceholderStem, 7> stems = {{
    {"INVALIDATOMICSIZE", ModifierSlot::size},
    {"???", ModifierSlot::op, 0xff, true},
    {"INVALIDATOMSOP", ModifierSlot::op, families(Family::ATOMS, Family::SUATOM)},
    {"INVALIDATOMOP", ModifierSlot::op, families(Family::ATOM, Family::RED, Family::SURED)},
    {"INVALIDSURFACEDIM", ModifierSlot::dim},
    {"INVALIDSURFACECLAMP", ModifierSlot::clamp},
    {"INVALID", std::nullopt},
}};

std::span<const PlaceholderStem> placeholder_stems() { return stems; }

std::string_view placeholder_stem(ModifierSlot slot, Family family, AtomOp op, Dialect dialect, bool formatted_cas) {
  const PlaceholderStem& generic = stems.back();
  // sm_70+: a 64-bit register address without .E prints `.???0` where .E would be, and
  // ATOMS.POPC.INC/ARRIVE print an unnamed size `.???n` (sm_80 on).
  if (slot == ModifierSlot::extended ||
      (slot == ModifierSlot::size && (op == AtomOp::POPC_INC || op == AtomOp::ARRIVE)))
    return unnamed_stem;
  if (dialect != Dialect::spa5) return generic.text;
  for (const PlaceholderStem& s : stems)
    if (s.slot == slot && (s.families & families(family)) && (!s.formatted_cas || formatted_cas)) return s.text;
  return generic.text;
}

std::span<const ModifierInfo> modifier_table() { return modifiers; }

const ModifierInfo* find_modifier(std::string_view text) {
  for (const ModifierInfo& m : modifier_table())
    if (iequals(m.name, text)) return &m;
  return nullptr;
}

std::string_view modifier_name(ModifierSlot slot, uint8_t value) { return spelled(slot, value); }

std::string modifier_names(ModifierSlot slot) {
  std::string out;
  for (const ModifierInfo& m : modifiers) {
    if (m.slot != slot) continue;
    if (!out.empty()) out += ' ';
    out += fmt::format(".{}", m.name);
  }
  return out;
}

bool slot_applies(ModifierSlot slot, Mnemonic mnemonic) {
  const MnemonicInfo& m = info(mnemonic);
  switch (info(slot).use) {
    case SlotUse::surface: return m.surface;
    case SlotUse::extended_address: return m.extended_address;
    case SlotUse::memory: return m.surface || m.extended_address;
    case SlotUse::any: return true;
  }
  return true;
}

std::string_view name(Strength s) { return spelled(ModifierSlot::strength, v(s)); }
std::string_view name(Scope s) { return spelled(ModifierSlot::scope, v(s)); }
std::string_view name(CacheOp c) { return spelled(ModifierSlot::cache, v(c)); }

std::string_view name(OperandRole role) {
  static constexpr std::array<std::string_view, operand_role_count> names = {
      "sparse predicate Ps", "predicate destination Pu", "destination Rd", "address",
      "data register Rb",    "swap register Rc",         "surface handle", "trailing RZ"};
  return names[static_cast<int>(role)];
}

const OperandShape& operand_shape(Mnemonic mnemonic, Dialect dialect, AtomOp op) {
  const bool compare = is_compare(op);
  if (dialect == Dialect::spa5) {
    switch (info(mnemonic).family) {
      case Family::ATOM: return compare ? shape_atom_cas : shape_atom_op;
      case Family::ATOMS: return compare ? shape_atoms_cas : shape_atoms_op;
      case Family::RED: return shape_red;
      case Family::SUATOM: return shape_suatom;
      case Family::SURED: return shape_sured;
    }
  }
  switch (info(mnemonic).family) {
    case Family::ATOM:
      if (op == AtomOp::ARRIVE) return shape_modern_atom_arrive;
      if (op == AtomOp::POPC_INC) return shape_modern_atom_popc;  // Pu, Rd, addr: no Rb
      return compare ? shape_modern_atom_cas : shape_modern_atom_op;
    case Family::ATOMS:
      if (op == AtomOp::POPC_INC || op == AtomOp::ARRIVE) return shape_modern_atoms_popc;  // Rd, addr
      return compare ? shape_modern_atoms_cas : shape_modern_atoms_op;
    case Family::RED: return shape_modern_red;
    case Family::SUATOM: return shape_modern_suatom;
    case Family::SURED: return shape_modern_sured;
  }
  return shape_atom_op;
}

std::string_view name(FieldKind kind) {
  // In FieldKind order; .E and .BA are named by their spellings.
  static constexpr std::array<std::string_view, field_kind_count> names = {"Rd",
                                                                           "Ra",
                                                                           "Rb",
                                                                           "Rc",
                                                                           "guard predicate",
                                                                           "guard negate",
                                                                           "ImmS20/ImmU20",
                                                                           "ImmS24/4",
                                                                           "",
                                                                           "",
                                                                           "size",
                                                                           "size",
                                                                           "size",
                                                                           "size",
                                                                           "op",
                                                                           "CAS operand layout",
                                                                           "CAS kind",
                                                                           "formatted CAS op",
                                                                           "Ps",
                                                                           "dim",
                                                                           "tsPtrIdxU13",
                                                                           "clamp",
                                                                           "unassigned"};
  if (kind == F::extended) return name(ModifierSlot::extended);
  if (kind == F::byte_address) return name(ModifierSlot::byte_address);
  return names[static_cast<int>(kind)];
}

std::span<const EncodingInfo> encoding_table() { return encodings(); }
const EncodingInfo& info(EncodingForm form) { return encodings()[static_cast<int>(form)]; }

const EncodingInfo* find_encoding(uint64_t word) {
  // Every form's opcode bits lie in bits 48–63, so the top 16 bits select the form: one index
  // into a table built once from the forms (first match wins, as a walk through them would).
  constexpr int shift = 48;
  static const std::array<uint8_t, 1u << 16> form_by_top = [] {
    std::array<uint8_t, 1u << 16> table;
    table.fill(0xff);
    for (const EncodingInfo& e : unnamed_encodings) {
      if ((e.mask & ((1ULL << shift) - 1)) != 0) throw std::logic_error("an opcode mask reaches below bit 48");
      // Every top-16 value with the form's opcode bits: its match plus each subset of the free bits.
      const auto match = static_cast<uint32_t>(e.match >> shift);
      const auto free = static_cast<uint32_t>(~(e.mask >> shift) & 0xffff);
      uint32_t subset = 0;
      do {
        if (table[match | subset] == 0xff) table[match | subset] = static_cast<uint8_t>(&e - unnamed_encodings.data());
        subset = (subset - free) & free;  // the next subset of `free` in increasing order
      } while (subset != 0);
    }
    return table;
  }();
  const uint8_t index = form_by_top[word >> shift];
  return index == 0xff ? nullptr : &encodings()[index];
}

bool form_takes(FormOps ops, AtomOp op) {
  switch (ops) {
    case FormOps::any: return true;
    case FormOps::op: return !is_compare(op);
    case FormOps::compare: return is_compare(op);
    case FormOps::cas: return op == AtomOp::CAS;
    case FormOps::cast: return op == AtomOp::CAST || op == AtomOp::CAST_SPIN;
  }
  return false;
}

std::optional<AtomOp> compare_op(FormOps ops) {
  // Found once per kind of form: decode asks for every word it reads.
  static const auto by_ops = [] {
    constexpr FormOps all[] = {FormOps::any, FormOps::op, FormOps::compare, FormOps::cas, FormOps::cast};
    std::array<std::optional<AtomOp>, std::size(all)> found{};
    for (const FormOps kind : all)
      for (const OpInfo& o : op_table())
        if (form_takes(kind, o.op)) {
          if (is_compare(o.op)) found[static_cast<size_t>(kind)] = o.op;
          break;
        }
    return found;
  }();
  return by_ops.at(static_cast<size_t>(ops));
}

const FieldLayout& layout(EncodingForm form) {
  static const std::array<FieldLayout, encoding_form_count> layouts = [] {
    std::array<FieldLayout, encoding_form_count> all{};
    for (const EncodingInfo& e : unnamed_encodings) {
      FieldLayout& l = all[static_cast<size_t>(e.form)];
      for (const BitField& f : e.fields) {
        if (f.kind == FieldKind::unassigned) {
          l.unassigned |= f.mask();
          continue;
        }
        const auto k = static_cast<size_t>(f.kind);
        if (l.mask[k]) throw std::logic_error("a field kind appears twice in one encoding");
        l.shift[k] = f.lo;
        l.mask[k] = f.mask() >> f.lo;
      }
    }
    return all;
  }();
  return layouts[static_cast<size_t>(form)];
}

}  // namespace gpuatom::nvidia
