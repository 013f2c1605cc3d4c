#include "sass128_forms.hpp"

#include <algorithm>

namespace gpuatom::nvidia::sass128 {

namespace {

constexpr GenerationSet gen(Generation g) { return static_cast<GenerationSet>(1u << static_cast<int>(g)); }
constexpr GenerationSet V = gen(Generation::volta), T = gen(Generation::turing), A = gen(Generation::ampere),
                        D = gen(Generation::ada), H = gen(Generation::hopper), B = gen(Generation::blackwell);

using K = FieldKind;
constexpr Field guard{K::guard, 12, 3}, negate{K::guard_negate, 15, 1}, rd{K::rd, 16, 8}, ra{K::ra, 24, 8},
    rb{K::rb, 32, 8}, offset{K::offset, 40, 24}, offset23{K::offset, 40, 23}, rc{K::rc, 64, 8},
    desc{K::descriptor, 64, 6}, desc_present{K::descriptor_present, 101, 1}, ubase{K::uniform_base, 64, 6},
    uindex{K::uniform_index, 64, 6}, size3{K::size, 73, 3}, size4{K::size, 73, 4}, order{K::order, 77, 4},
    pu{K::pu, 81, 3}, wide{K::extended, 72, 1}, op4{K::op, 87, 4}, op3{K::op, 87, 3}, fop{K::op, 88, 2},
    scale{K::scale, 78, 2},
    // nvdisasm 11.8 reads a compare's op from bits 87–88 only (0 and 2 CAS, 1 CAST, 3 CAST.SPIN),
    // Ampere's and Ada's ATOM/ATOMG/RED size from four bits (8 … 15 print .INVALIDn), and the
    // pre-Hopper ATOMS size from two.
    cop{K::op, 87, 2}, size2{K::size, 73, 2},
    // General addresses (AF::general): bits 70–71 of ATOM/ATOMG read 0 [Ra.U32+URb], 1 [Ra.64+URb],
    // 3 desc[URb][Ra.64] (2: invalid); RED/REDG's bit 71 alone picks desc[] (nvdisasm 11.8).
    addr64{K::address_wide, 70, 1},
    // Hopper's and Blackwell's float forms read a fifth size bit at 87, beside the two op bits (88–89).
    size_high{K::size_high, 87, 1},
    // Blackwell's general addresses: bit 63 picks .64 (set) or .U32, as bits 70–71 did before
    // (nvdisasm 13.0 on random words); the offset keeps 23 bits.
    addr64_blackwell{K::address_wide, 63, 1},
    // Blackwell's uniform registers take 8 bits (URZ = 255), where bits 70–71 were.
    desc8{K::descriptor, 64, 8}, uindex8{K::uniform_index, 64, 8},
    // REDAS's address register: bit 72 picks .64 (set) or .U32, where the others keep .E.
    addr64_redas{K::address_wide, 72, 1};
// Surfaces: found by flipping each bit of ptxas's SURED words under nvdisasm 11.8 (docs/sass128.md).
constexpr Field clamp{K::clamp, 59, 2}, dim{K::dim, 61, 3}, byte_address{K::byte_address, 72, 1},
    surface_size{K::size, 73, 3}, private_flag{K::private_flag, 76, 1}, cache_operation{K::cache, 84, 3},
    handle_register{K::handle_register, 64, 8}, handle_uniform{K::handle_uniform, 40, 6},
    handle_uniform_index{K::handle_index0, 46, 8}, handle_bank{K::handle_index0, 54, 5},
    handle_slot{K::handle_index1, 40, 14},
    // SUATOM 0x793/0x795's three immediates ("0x11, 0xd, 0x67"): the bank, then bits 40–45 and 46–53.
    handle_low{K::handle_index1, 40, 6}, handle_high{K::handle_index2, 46, 8},
    // Blackwell's SUATOM with a uniform-register handle: 8 bits, no immediate.
    handle_uniform8{K::handle_uniform, 40, 8},
    // sm_120's and sm_121's SUATOM: the second uniform register and .UAI (nvdisasm 13.0 on 2,405
    // random words, each printed operand matched over all of them).
    second_uniform{K::second_uniform, 48, 8}, uniform_array{K::uniform_array, 58, 1};

constexpr uint64_t ra_rz = 0xffULL << 24;  // the Ra field of a form whose address is a uniform register
// Blackwell's ATOM/ATOMG with desc[]: the offset is 23 bits (40–62), and bit 63 is set.
constexpr uint64_t bit63 = 1ULL << 63;

using AF = AddressForm;
using OC = OpCodes;
using SC = SizeCodes;
using RC = OrderCodes;
constexpr Mnemonic ATOM = Mnemonic::ATOM, ATOMG = Mnemonic::ATOMG, ATOMS = Mnemonic::ATOMS, RED = Mnemonic::RED,
                   REDG = Mnemonic::REDG, SUATOM = Mnemonic::SUATOM, SURED = Mnemonic::SURED, REDAS = Mnemonic::REDAS;

// One row per form and generation set, each member named; a member left out is the default
// Form gives it (a plain address, no order field, no fixed or selecting bits). fixed_high is bits
// 64–127 shifted down by 64; the bits
// that recur: 70–71 (set from Ampere to Hopper in
// the 64-bit-address forms), 76 (Blackwell's ATOM/ATOMG with desc[]), 90 (RED's op field is three
// bits; bit 90 is set in its uniform and 64-bit-address forms), 91 (the 64-bit-address forms).
// Bit 72 (.E) and 84–86 (the cache operation, 1 = none) are fields of every ATOM/ATOMG/RED form.
// One form a row or two, its members named (clang-format would put each member on its own line).
// clang-format off
constexpr std::array form_table = {
    // Generic-address ATOM (opcode 0x38a) and ATOMG (0x3a8): [Ra] with .E.
    Form{.name = "[Ra]", .mnemonic = ATOM, .opcode = 0x38a, .generations = V | T, .ops = OC::integer,
         .sizes = SC::atom_before_hopper, .orders = RC::turing, .fixed_high = 0xff,
         .fields = {guard, negate, pu, rd, ra, offset, rb, size3, order, op4, wide, cache_operation, private_flag}},
    Form{.name = "[Ra]", .mnemonic = ATOM, .opcode = 0x38a, .generations = A | D, .ops = OC::integer,
         .sizes = SC::atom_before_hopper, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, offset, rb, size4, order, op4, wide, cache_operation}},
    Form{.name = "[Ra]", .mnemonic = ATOM, .opcode = 0x38a, .generations = H | B, .ops = OC::integer,
         .sizes = SC::atom, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, offset, rb, size3, order, op4, wide, cache_operation}},
    Form{.name = "[Ra]", .mnemonic = ATOMG, .opcode = 0x3a8, .generations = V | T, .ops = OC::global,
         .sizes = SC::atom_before_hopper, .orders = RC::turing, .fixed_high = 0xff,
         .fields = {guard, negate, pu, rd, ra, offset, rb, size3, order, op4, wide, cache_operation, private_flag}},
    // From Ampere, 0x3a8 is ATOMG's generic [Ra] with a Pu, as 0x38a is ATOM's (nvdisasm 11.8 on
    // random words; ptxas writes 0x9a8 there instead).
    Form{.name = "[Ra]", .mnemonic = ATOMG, .opcode = 0x3a8, .generations = A | D, .ops = OC::global,
         .sizes = SC::atom_before_hopper, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, offset, rb, size4, order, op4, wide, cache_operation}},
    Form{.name = "[Ra]", .mnemonic = ATOMG, .opcode = 0x3a8, .generations = H | B, .ops = OC::global,
         .sizes = SC::atom, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, offset, rb, size3, order, op4, wide, cache_operation}},
    // Compare and swap / store (0x38b, 0x3a9): Rb the compare value, Rc the swap value. ATOMG's
    // is always CAS: nvdisasm 11.8 reads no op field in 0x3a9.
    Form{.name = "compare, [Ra]", .mnemonic = ATOM, .opcode = 0x38b, .generations = V | T, .ops = OC::compare,
         .sizes = SC::compare_before_hopper, .orders = RC::turing,
         .fields = {guard, negate, pu, rd, ra, offset, rb, rc, size3, order, cop, wide, cache_operation, private_flag}},
    Form{.name = "compare, [Ra]", .mnemonic = ATOM, .opcode = 0x38b, .generations = A | D, .ops = OC::compare,
         .sizes = SC::compare_before_hopper, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, offset, rb, rc, size4, order, cop, wide, cache_operation}},
    Form{.name = "compare, [Ra]", .mnemonic = ATOM, .opcode = 0x38b, .generations = H | B, .ops = OC::compare,
         .sizes = SC::compare, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, offset, rb, rc, size3, order, cop, wide, cache_operation}},
    Form{.name = "compare, [Ra]", .mnemonic = ATOMG, .opcode = 0x3a9, .generations = V | T, .ops = OC::compare,
         .sizes = SC::compare_before_hopper, .orders = RC::turing,
         .fields = {guard, negate, pu, rd, ra, offset, rb, rc, size3, order, wide, cache_operation, private_flag}},
    Form{.name = "compare, [Ra]", .mnemonic = ATOMG, .opcode = 0x3a9, .generations = A | D, .ops = OC::compare,
         .sizes = SC::compare_before_hopper, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, offset, rb, rc, size4, order, wide, cache_operation}},
    Form{.name = "compare, [Ra]", .mnemonic = ATOMG, .opcode = 0x3a9, .generations = H | B, .ops = OC::compare,
         .sizes = SC::compare, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, offset, rb, rc, size3, order, wide, cache_operation}},
    // Shared memory (0x38c, 0x38d): [Ra.Xn + offset], no .E, no memory order.
    // Volta's ATOMS has no index scale: nvdisasm 11.8 prints [Ra+offset] whatever bits 78–79 hold.
    Form{.name = "[Ra]", .mnemonic = ATOMS, .opcode = 0x38c, .generations = V, .ops = OC::integer,
         .sizes = SC::shared_before_hopper, .fixed_high = 0xff,
         .fields = {guard, negate, rd, ra, offset, rb, size2, op4}},
    Form{.name = "[Ra.Xn]", .mnemonic = ATOMS, .opcode = 0x38c, .generations = T, .address = AF::scaled,
         .ops = OC::integer, .sizes = SC::shared_before_hopper, .fixed_high = 0xff,
         .fields = {guard, negate, rd, ra, offset, rb, size2, op4, scale}},
    Form{.name = "[Ra.Xn]", .mnemonic = ATOMS, .opcode = 0x38c, .generations = A | D, .address = AF::scaled,
         .ops = OC::integer, .sizes = SC::shared_before_hopper,
         .fields = {guard, negate, rd, ra, offset, rb, size2, op4, scale}},
    Form{.name = "[Ra.Xn]", .mnemonic = ATOMS, .opcode = 0x38c, .generations = H | B, .address = AF::scaled,
         .ops = OC::integer, .sizes = SC::shared, .fields = {guard, negate, rd, ra, offset, rb, size3, op4, scale}},
    Form{.name = "compare, [Ra]", .mnemonic = ATOMS, .opcode = 0x38d, .generations = V, .ops = OC::compare,
         .sizes = SC::compare_before_hopper, .fields = {guard, negate, rd, ra, offset, rb, rc, size2, cop}},
    Form{.name = "compare, [Ra.Xn]", .mnemonic = ATOMS, .opcode = 0x38d, .generations = T | A | D,
         .address = AF::scaled, .ops = OC::compare, .sizes = SC::compare_before_hopper,
         .fields = {guard, negate, rd, ra, offset, rb, rc, size2, cop, scale}},
    Form{.name = "compare, [Ra.Xn]", .mnemonic = ATOMS, .opcode = 0x38d, .generations = H | B, .address = AF::scaled,
         .ops = OC::compare, .sizes = SC::compare,
         .fields = {guard, negate, rd, ra, offset, rb, rc, size3, cop, scale}},
    // Blackwell's ATOMS.CAST and CAST.SPIN write their flag to a predicate (0x58d), with the index
    // scale of 0x38d; bit 87 is CAST, bit 88 .SPIN (nvdisasm 13.0 prints ???0 without bit 87).
    Form{.name = "compare to Pu, [Ra.Xn]", .mnemonic = ATOMS, .opcode = 0x58d, .generations = B, .address = AF::scaled,
         .ops = OC::compare_to_predicate, .sizes = SC::compare,
         .fields = {guard, negate, pu, ra, offset, rb, rc, size3, cop, scale}},
    // 0x98c: [Ra.Xn + URb + offset]; with Ra = RZ and no scale nvdisasm prints [URb + offset].
    Form{.name = "[Ra.Xn+URb]", .mnemonic = ATOMS, .opcode = 0x98c, .generations = T | A | D,
         .address = AF::scaled_plus_uniform, .ops = OC::integer, .sizes = SC::shared_before_hopper,
         .fixed_high = 0x8000000, .fields = {guard, negate, rd, ra, uindex, offset, rb, size2, op4, scale}},
    Form{.name = "[Ra.Xn+URb]", .mnemonic = ATOMS, .opcode = 0x98c, .generations = H,
         .address = AF::scaled_plus_uniform, .ops = OC::integer, .sizes = SC::shared, .fixed_high = 0x8000000,
         .fields = {guard, negate, rd, ra, uindex, offset, rb, size3, op4, scale}},
    Form{.name = "[Ra.Xn+URb]", .mnemonic = ATOMS, .opcode = 0x98c, .generations = B,
         .address = AF::scaled_plus_uniform, .ops = OC::integer, .sizes = SC::shared, .fixed_high = 0x8000000,
         .fields = {guard, negate, rd, ra, uindex8, offset, rb, size3, op4, scale}},
    // 0xf8c: ATOMS.POPC.INC and ATOMS.ARRIVE, told apart by the op bits 87–90 (Ampere/Ada: ARRIVE 9,
    // POPC.INC 10; Hopper and Blackwell: 10, 11), each with the one size nvdisasm names for it.
    Form{.name = "population count, [Ra.Xn+URb]", .mnemonic = ATOMS, .opcode = 0xf8c, .generations = A | D,
         .address = AF::scaled_plus_uniform, .ops = OC::fixed_popc_inc, .sizes = SC::u32,
         .fixed_high = 0x8000000 | 10ULL << 23, .select_high = 0xfULL << 23,
         .fields = {guard, negate, rd, ra, uindex, offset, size2, scale}},
    Form{.name = "arrive, [Ra.Xn+URb]", .mnemonic = ATOMS, .opcode = 0xf8c, .generations = A | D,
         .address = AF::scaled_plus_uniform, .ops = OC::fixed_arrive, .sizes = SC::arrive,
         .fixed_high = 0x8000000 | 9ULL << 23, .select_high = 0xfULL << 23,
         .fields = {guard, negate, rd, ra, uindex, offset, size2, scale}},
    Form{.name = "population count, [Ra.Xn+URb]", .mnemonic = ATOMS, .opcode = 0xf8c, .generations = H,
         .address = AF::scaled_plus_uniform, .ops = OC::fixed_popc_inc, .sizes = SC::u32,
         .fixed_high = 0x8000000 | 11ULL << 23, .select_high = 0xfULL << 23,
         .fields = {guard, negate, rd, ra, uindex, offset, size3, scale}},
    Form{.name = "arrive, [Ra.Xn+URb]", .mnemonic = ATOMS, .opcode = 0xf8c, .generations = H,
         .address = AF::scaled_plus_uniform, .ops = OC::fixed_arrive, .sizes = SC::arrive,
         .fixed_high = 0x8000000 | 10ULL << 23, .select_high = 0xfULL << 23,
         .fields = {guard, negate, rd, ra, uindex, offset, size3, scale}},
    // Blackwell: Hopper's codes, sizes and index scale, with an 8-bit uniform register.
    Form{.name = "population count, [Ra.Xn+URb]", .mnemonic = ATOMS, .opcode = 0xf8c, .generations = B,
         .address = AF::scaled_plus_uniform, .ops = OC::fixed_popc_inc, .sizes = SC::u32,
         .fixed_high = 0x8000000 | 11ULL << 23, .select_high = 0xfULL << 23,
         .fields = {guard, negate, rd, ra, uindex8, offset, size3, scale}},
    Form{.name = "arrive, [Ra.Xn+URb]", .mnemonic = ATOMS, .opcode = 0xf8c, .generations = B,
         .address = AF::scaled_plus_uniform, .ops = OC::fixed_arrive, .sizes = SC::arrive,
         .fixed_high = 0x8000000 | 10ULL << 23, .select_high = 0xfULL << 23,
         .fields = {guard, negate, rd, ra, uindex8, offset, size3, scale}},
    // Float adds, mins and maxes from Hopper on (0x3a2 generic, 0x9a2/0x9a3/0x9a6 with desc[]).
    Form{.name = "float, [Ra]", .mnemonic = ATOM, .opcode = 0x3a2, .generations = H, .ops = OC::floating,
         .sizes = SC::floating, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, offset, rb, size4, size_high, order, fop, wide, cache_operation}},
    Form{.name = "float, [Ra]", .mnemonic = ATOM, .opcode = 0x3a2, .generations = B, .ops = OC::floating,
         .sizes = SC::floating, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, offset, rb, size4, size_high, order, fop, wide, cache_operation}},
    // ATOMG's generic float form (0x3a3), as ATOM's 0x3a2: no ptxas writes it (nvdisasm 13.0 on
    // random words, set `unwritten`).
    Form{.name = "float, [Ra]", .mnemonic = ATOMG, .opcode = 0x3a3, .generations = H | B, .ops = OC::floating,
         .sizes = SC::floating, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, offset, rb, size4, size_high, order, fop, wide, cache_operation}},
    Form{.name = "float, [Ra.U32/.64+URb]", .mnemonic = ATOM, .opcode = 0x9a2, .generations = H,
         .address = AF::general, .ops = OC::floating, .sizes = SC::floating, .orders = RC::ampere,
         .fixed_high = 0x8000040, .select_high = 0x80,
         .fields = {guard, negate, pu, rd, ra, uindex, addr64, offset, rb, size4, size_high, order, fop, wide,
           cache_operation}},
    Form{.name = "float, desc[URc][Ra.64]", .mnemonic = ATOM, .opcode = 0x9a2, .generations = H, .address = AF::wide,
         .descriptor_always = true, .ops = OC::floating, .sizes = SC::floating, .orders = RC::ampere,
         .fixed_high = 0x80000c0,
         .fields = {guard, negate, pu, rd, ra, offset, rb, desc, size4, size_high, order, fop, wide, cache_operation}},
    // Blackwell: bit 90 picks desc[URc][Ra.64] (set) or [Ra.U32/.64+URb] (nvdisasm 13.0).
    Form{.name = "float, [Ra.U32/.64+URb]", .mnemonic = ATOM, .opcode = 0x9a2, .generations = B,
         .address = AF::general, .ops = OC::floating, .sizes = SC::floating, .orders = RC::ampere,
         .fixed_high = 0x8000000, .select_high = 0x4000000,
         .fields = {guard, negate, pu, rd, ra, uindex8, addr64_blackwell, offset23, rb, size4, size_high, order, fop,
           wide, cache_operation}},
    Form{.name = "float, desc[URc][Ra.64]", .mnemonic = ATOM, .opcode = 0x9a2, .generations = B, .address = AF::wide,
         .descriptor_always = true, .ops = OC::floating, .sizes = SC::floating, .orders = RC::ampere,
         .fixed_low = bit63, .fixed_high = 0xc000000, .select_high = 0x4000000,
         .fields = {guard, negate, pu, rd, ra, offset23, rb, desc8, size4, size_high, order, fop, wide,
           cache_operation}},
    Form{.name = "float, [Ra.U32/.64+URb]", .mnemonic = ATOMG, .opcode = 0x9a3, .generations = H,
         .address = AF::general, .ops = OC::floating, .sizes = SC::floating, .orders = RC::ampere,
         .fixed_high = 0x8000040, .select_high = 0x80,
         .fields = {guard, negate, pu, rd, ra, uindex, addr64, offset, rb, size4, size_high, order, fop, wide,
           cache_operation}},
    Form{.name = "float, desc[URc][Ra.64]", .mnemonic = ATOMG, .opcode = 0x9a3, .generations = H, .address = AF::wide,
         .descriptor_always = true, .ops = OC::floating, .sizes = SC::floating, .orders = RC::ampere,
         .fixed_high = 0x80000c0,
         .fields = {guard, negate, pu, rd, ra, offset, rb, desc, size4, size_high, order, fop, wide, cache_operation}},
    // Blackwell: bit 90 picks desc[URc][Ra.64] (set) or [Ra.U32/.64+URb] (nvdisasm 13.0).
    Form{.name = "float, [Ra.U32/.64+URb]", .mnemonic = ATOMG, .opcode = 0x9a3, .generations = B,
         .address = AF::general, .ops = OC::floating, .sizes = SC::floating, .orders = RC::ampere,
         .fixed_high = 0x8000000, .select_high = 0x4000000,
         .fields = {guard, negate, pu, rd, ra, uindex8, addr64_blackwell, offset23, rb, size4, size_high, order, fop,
           wide, cache_operation}},
    Form{.name = "float, desc[URc][Ra.64]", .mnemonic = ATOMG, .opcode = 0x9a3, .generations = B, .address = AF::wide,
         .descriptor_always = true, .ops = OC::floating, .sizes = SC::floating, .orders = RC::ampere,
         .fixed_low = bit63, .fixed_high = 0xc000000, .select_high = 0x4000000,
         .fields = {guard, negate, pu, rd, ra, offset23, rb, desc8, size4, size_high, order, fop, wide,
           cache_operation}},
    Form{.name = "float, [Ra.64+URb]", .mnemonic = REDG, .opcode = 0x9a6, .generations = H, .address = AF::general,
         .ops = OC::floating, .sizes = SC::floating, .orders = RC::ampere, .fixed_high = 0xc000000,
         .select_high = 0x80,
         .fields = {guard, negate, ra, uindex, offset, rb, size4, size_high, order, fop, wide, cache_operation}},
    Form{.name = "float, desc[URc][Ra.64]", .mnemonic = REDG, .opcode = 0x9a6, .generations = H, .address = AF::wide,
         .descriptor_always = true, .ops = OC::floating, .sizes = SC::floating, .orders = RC::ampere,
         .fixed_high = 0xc000080,
         .fields = {guard, negate, ra, offset, rb, desc, size4, size_high, order, fop, wide, cache_operation}},
    Form{.name = "float, desc[URc][Ra.64]", .mnemonic = REDG, .opcode = 0x9a6, .generations = B, .address = AF::wide,
         .descriptor_always = true, .ops = OC::floating, .sizes = SC::floating, .orders = RC::ampere,
         .fixed_high = 0xc020000,
         .fields = {guard, negate, ra, offset, rb, desc8, size4, order, fop, wide, cache_operation}},
    // General addresses (0x98a ATOM, 0x9a8 ATOMG; bits 70–71, addr64 above): [Ra.U32+URb] or
    // [Ra.64+URb], printed [URb] for Ra = RZ before Hopper, as nvcc 13 writes an F16x2 add for
    // sm_75: "ATOM.E.ADD.F16x2.RN.STRONG.GPU P0, RZ, [UR10], R4". ATOM's and ATOMG's rows differ
    // only in mnemonic and ops: the table keeps a row per form, as the rest of it does.
    Form{.name = "[Ra.U32/.64+URb]", .mnemonic = ATOM, .opcode = 0x98a, .generations = T,
         .address = AF::general_rz_elided, .ops = OC::integer, .sizes = SC::atom_before_hopper, .orders = RC::turing,
         .fixed_high = 0x8000040,
         .fields = {guard, negate, pu, rd, ra, uindex, addr64, offset, rb, size3, order, op4, wide, cache_operation,
           private_flag}},
    Form{.name = "[Ra.U32/.64+URb]", .mnemonic = ATOM, .opcode = 0x98a, .generations = A | D,
         .address = AF::general_rz_elided, .ops = OC::integer, .sizes = SC::atom_before_hopper, .orders = RC::ampere,
         .fixed_high = 0x8000040, .select_high = 0x80,
         .fields = {guard, negate, pu, rd, ra, uindex, addr64, offset, rb, size4, order, op4, wide, cache_operation}},
    // 0xf8a: ATOM.POPC.INC and ATOM.ARRIVE through a general address, ptxas 11.8's mbarrier.arrive
    // on a generic address ("ATOM.E.ARRIVE.64.STRONG.SM PT, R4, [R6.64+URZ]", sm_80 … sm_89), told
    // apart as ATOMS's 0xf8c by the op bits 87–90, bit 91 set (nvdisasm 13.0 reads no other
    // code). No Rb: bits 32–39 are kept. nvdisasm prints a clear .E as .???0 whatever the width.
    Form{.name = "population count, [Ra.U32/.64+URb]", .mnemonic = ATOM, .opcode = 0xf8a, .generations = A | D,
         .address = AF::general_rz_elided, .e_placeholder_any_width = true, .ops = OC::fixed_popc_inc,
         .sizes = SC::u32, .orders = RC::ampere, .fixed_high = 0x8000000 | 10ULL << 23, .select_high = 0x1fULL << 23,
         .fields = {guard, negate, pu, rd, ra, uindex, addr64, offset, size4, order, wide, cache_operation}},
    Form{.name = "arrive, [Ra.U32/.64+URb]", .mnemonic = ATOM, .opcode = 0xf8a, .generations = A | D,
         .address = AF::general_rz_elided, .e_placeholder_any_width = true, .ops = OC::fixed_arrive,
         .sizes = SC::arrive, .orders = RC::ampere, .fixed_high = 0x8000000 | 9ULL << 23, .select_high = 0x1fULL << 23,
         .fields = {guard, negate, pu, rd, ra, uindex, addr64, offset, size4, order, wide, cache_operation}},
    Form{.name = "population count, [Ra.U32/.64+URb]", .mnemonic = ATOM, .opcode = 0xf8a, .generations = H,
         .address = AF::general, .e_placeholder_any_width = true, .ops = OC::fixed_popc_inc, .sizes = SC::u32,
         .orders = RC::ampere, .fixed_high = 0x8000000 | 11ULL << 23, .select_high = 0x1fULL << 23,
         .fields = {guard, negate, pu, rd, ra, uindex, addr64, offset, size3, order, wide, cache_operation}},
    Form{.name = "arrive, [Ra.U32/.64+URb]", .mnemonic = ATOM, .opcode = 0xf8a, .generations = H,
         .address = AF::general, .e_placeholder_any_width = true, .ops = OC::fixed_arrive, .sizes = SC::arrive,
         .orders = RC::ampere, .fixed_high = 0x8000000 | 10ULL << 23, .select_high = 0x1fULL << 23,
         .fields = {guard, negate, pu, rd, ra, uindex, addr64, offset, size3, order, wide, cache_operation}},
    // Blackwell: Hopper's codes with an 8-bit uniform register, and bit 63 the register's .64 (set)
    // or .U32, as in Blackwell's 0x98a; the offset is the 23 bits below it, signed (bit 62). Read as
    // a 24-bit offset, bit 63 would also be its sign: nvdisasm 13.0's text (154 random words) fits
    // the 23-bit reading in every word, and the tool wins.
    Form{.name = "population count, [Ra.U32/.64+URb]", .mnemonic = ATOM, .opcode = 0xf8a, .generations = B,
         .address = AF::general, .e_placeholder_any_width = true, .ops = OC::fixed_popc_inc, .sizes = SC::u32,
         .orders = RC::ampere, .fixed_high = 0x8000000 | 11ULL << 23, .select_high = 0x1fULL << 23,
         .fields = {guard, negate, pu, rd, ra, uindex8, addr64_blackwell, offset23, size3, order, wide, cache_operation}},
    Form{.name = "arrive, [Ra.U32/.64+URb]", .mnemonic = ATOM, .opcode = 0xf8a, .generations = B,
         .address = AF::general, .e_placeholder_any_width = true, .ops = OC::fixed_arrive, .sizes = SC::arrive,
         .orders = RC::ampere, .fixed_high = 0x8000000 | 10ULL << 23, .select_high = 0x1fULL << 23,
         .fields = {guard, negate, pu, rd, ra, uindex8, addr64_blackwell, offset23, size3, order, wide, cache_operation}},
    // 64-bit addresses (0x98a ATOM, 0x9a8 ATOMG): desc[] optional on Ampere and Ada, always from Hopper.
    Form{.name = "[Ra.64]", .mnemonic = ATOM, .opcode = 0x98a, .generations = A | D, .address = AF::wide,
         .ops = OC::integer, .sizes = SC::atom_before_hopper, .orders = RC::ampere, .fixed_high = 0x80000c0,
         .fields = {guard, negate, pu, rd, ra, offset, rb, desc, desc_present, size4, order, op4, wide,
           cache_operation}},
    Form{.name = "[Ra.U32/.64+URb]", .mnemonic = ATOM, .opcode = 0x98a, .generations = H, .address = AF::general,
         .ops = OC::integer, .sizes = SC::atom, .orders = RC::ampere, .fixed_high = 0x8000040, .select_high = 0x80,
         .fields = {guard, negate, pu, rd, ra, uindex, addr64, offset, rb, size3, order, op4, wide, cache_operation}},
    Form{.name = "desc[URc][Ra.64]", .mnemonic = ATOM, .opcode = 0x98a, .generations = H, .address = AF::wide,
         .descriptor_always = true, .ops = OC::integer, .sizes = SC::atom, .orders = RC::ampere,
         .fixed_high = 0x80000c0,
         .fields = {guard, negate, pu, rd, ra, offset, rb, desc, size3, order, op4, wide, cache_operation}},
    // Blackwell: bit 76 picks desc[URc][Ra.64] (set) or [Ra.U32/.64+URb] (nvdisasm 13.0).
    Form{.name = "[Ra.U32/.64+URb]", .mnemonic = ATOM, .opcode = 0x98a, .generations = B, .address = AF::general,
         .ops = OC::integer, .sizes = SC::atom, .orders = RC::ampere, .fixed_high = 0x8000000, .select_high = 0x1000,
         .fields = {guard, negate, pu, rd, ra, uindex8, addr64_blackwell, offset23, rb, size3, order, op4, wide,
           cache_operation}},
    Form{.name = "desc[URc][Ra.64]", .mnemonic = ATOM, .opcode = 0x98a, .generations = B, .address = AF::wide,
         .descriptor_always = true, .ops = OC::integer, .sizes = SC::atom, .orders = RC::ampere, .fixed_low = bit63,
         .fixed_high = 0x8001000, .select_high = 0x1000,
         .fields = {guard, negate, pu, rd, ra, offset23, rb, desc8, size3, order, op4, wide, cache_operation}},
    Form{.name = "[Ra.U32/.64+URb]", .mnemonic = ATOMG, .opcode = 0x9a8, .generations = T,
         .address = AF::general_rz_elided, .ops = OC::global, .sizes = SC::atom_before_hopper, .orders = RC::turing,
         .fixed_high = 0x8000040,
         .fields = {guard, negate, pu, rd, ra, uindex, addr64, offset, rb, size3, order, op4, wide, cache_operation,
           private_flag}},
    Form{.name = "[Ra.U32/.64+URb]", .mnemonic = ATOMG, .opcode = 0x9a8, .generations = A | D,
         .address = AF::general_rz_elided, .ops = OC::global, .sizes = SC::atom_before_hopper, .orders = RC::ampere,
         .fixed_high = 0x8000040, .select_high = 0x80,
         .fields = {guard, negate, pu, rd, ra, uindex, addr64, offset, rb, size4, order, op4, wide, cache_operation}},
    Form{.name = "[Ra.64]", .mnemonic = ATOMG, .opcode = 0x9a8, .generations = A | D, .address = AF::wide,
         .ops = OC::global, .sizes = SC::atom_before_hopper, .orders = RC::ampere, .fixed_high = 0x80000c0,
         .select_high = 0xc0,
         .fields = {guard, negate, pu, rd, ra, offset, rb, desc, desc_present, size4, order, op4, wide,
           cache_operation}},
    Form{.name = "[Ra.U32/.64+URb]", .mnemonic = ATOMG, .opcode = 0x9a8, .generations = H, .address = AF::general,
         .ops = OC::global, .sizes = SC::atom, .orders = RC::ampere, .fixed_high = 0x8000040, .select_high = 0x80,
         .fields = {guard, negate, pu, rd, ra, uindex, addr64, offset, rb, size3, order, op4, wide, cache_operation}},
    Form{.name = "desc[URc][Ra.64]", .mnemonic = ATOMG, .opcode = 0x9a8, .generations = H, .address = AF::wide,
         .descriptor_always = true, .ops = OC::global, .sizes = SC::atom, .orders = RC::ampere,
         .fixed_high = 0x80000c0,
         .fields = {guard, negate, pu, rd, ra, offset, rb, desc, size3, order, op4, wide, cache_operation}},
    // Blackwell: bit 76 picks desc[URc][Ra.64] (set) or [Ra.U32/.64+URb] (nvdisasm 13.0).
    Form{.name = "[Ra.U32/.64+URb]", .mnemonic = ATOMG, .opcode = 0x9a8, .generations = B, .address = AF::general,
         .ops = OC::global, .sizes = SC::atom, .orders = RC::ampere, .fixed_high = 0x8000000, .select_high = 0x1000,
         .fields = {guard, negate, pu, rd, ra, uindex8, addr64_blackwell, offset23, rb, size3, order, op4, wide,
           cache_operation}},
    Form{.name = "desc[URc][Ra.64]", .mnemonic = ATOMG, .opcode = 0x9a8, .generations = B, .address = AF::wide,
         .descriptor_always = true, .ops = OC::global, .sizes = SC::atom, .orders = RC::ampere, .fixed_low = bit63,
         .fixed_high = 0x8001000, .select_high = 0x1000,
         .fields = {guard, negate, pu, rd, ra, offset23, rb, desc8, size3, order, op4, wide, cache_operation}},
    // Reductions (0x98e): RED to Ada, REDG from Hopper; the op field is three bits.
    Form{.name = "[Ra]", .mnemonic = RED, .opcode = 0x98e, .generations = V | T, .ops = OC::integer,
         .sizes = SC::atom_before_hopper, .orders = RC::turing, .select_high = 1ULL << 27,
         .fields = {guard, negate, ra, offset, rb, size3, order, op3, wide, cache_operation, private_flag}},
    Form{.name = "[URa]", .mnemonic = RED, .opcode = 0x98e, .generations = T, .address = AF::uniform,
         .ops = OC::integer, .sizes = SC::atom_before_hopper, .orders = RC::turing, .fixed_low = ra_rz,
         .fixed_high = 0xc000000, .select_high = 1ULL << 27, .select_low = ra_rz,
         .fields = {guard, negate, ubase, offset, rb, size3, order, op3, wide, cache_operation, private_flag}},
    // Ampere's and Ada's [Ra] without .E (bits 90–91 clear), as ptxas 11.8 -m32 writes it:
    // "RED.XOR.STRONG.GPU [R0], R3" is 0x000000030000798e 0x004fe2000390e000. It comes before the
    // forms below, which read bit 91 set.
    Form{.name = "[Ra]", .mnemonic = RED, .opcode = 0x98e, .generations = A | D, .ops = OC::integer,
         .sizes = SC::atom_before_hopper, .orders = RC::ampere, .select_high = 1ULL << 27,
         .fields = {guard, negate, ra, offset, rb, size4, order, op3, wide, cache_operation}},
    Form{.name = "[Ra.64+URb]", .mnemonic = RED, .opcode = 0x98e, .generations = A | D,
         .address = AF::general_rz_elided, .ops = OC::integer, .sizes = SC::atom_before_hopper, .orders = RC::ampere,
         .fixed_high = 0x8000000, .select_high = 0x80,
         .fields = {guard, negate, ra, uindex, offset, rb, size4, order, op3, wide, cache_operation}},
    Form{.name = "[Ra.64]", .mnemonic = RED, .opcode = 0x98e, .generations = A | D, .address = AF::wide,
         .ops = OC::integer, .sizes = SC::atom_before_hopper, .orders = RC::ampere, .fixed_high = 0xc000080,
         .select_high = 0xc0,
         .fields = {guard, negate, ra, offset, rb, desc, desc_present, size4, order, op3, wide, cache_operation}},
    Form{.name = "[Ra.64+URb]", .mnemonic = REDG, .opcode = 0x98e, .generations = H, .address = AF::general,
         .ops = OC::integer, .sizes = SC::atom, .orders = RC::ampere, .fixed_high = 0xc000000, .select_high = 0x80,
         .fields = {guard, negate, ra, uindex, offset, rb, size3, order, op3, wide, cache_operation}},
    Form{.name = "desc[URc][Ra.64]", .mnemonic = REDG, .opcode = 0x98e, .generations = H, .address = AF::wide,
         .descriptor_always = true, .ops = OC::integer, .sizes = SC::atom, .orders = RC::ampere,
         .fixed_high = 0xc000080,
         .fields = {guard, negate, ra, offset, rb, desc, size3, order, op3, wide, cache_operation}},
    Form{.name = "desc[URc][Ra.64]", .mnemonic = REDG, .opcode = 0x98e, .generations = B, .address = AF::wide,
         .descriptor_always = true, .ops = OC::integer, .sizes = SC::atom, .orders = RC::ampere,
         .fixed_high = 0xc020000,
         .fields = {guard, negate, ra, offset, rb, desc8, size3, order, op3, wide, cache_operation}},
    // Surface reductions, .D only: the handle in a register (0x3a0), bound to a texture-header
    // slot (0x59f, "0x0, 0x5c"), or in a uniform register (0xf9f, which nvdisasm reads only with
    // bit 91 set; before Blackwell an 8-bit immediate follows it). Turing has a .PRIVATE bit of
    // its own; from Ampere .PRIVATE is one of the order codes.
    Form{.name = "[Ra], Rb, Rc", .mnemonic = SURED, .opcode = 0x3a0, .generations = V | T, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::turing,
         .fields = {guard, negate, ra, rb, handle_register, clamp, dim, byte_address, surface_size, private_flag,
           order, cache_operation, op3}},
    Form{.name = "[Ra], Rb, Rc", .mnemonic = SURED, .opcode = 0x3a0, .generations = A | D | H, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::ampere,
         .fields = {guard, negate, ra, rb, handle_register, clamp, dim, byte_address, surface_size, order,
           cache_operation, op3}},
    Form{.name = "[Ra], Rb, bound", .mnemonic = SURED, .opcode = 0x59f, .generations = V | T, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::turing,
         .fields = {guard, negate, ra, rb, handle_bank, handle_slot, clamp, dim, byte_address, surface_size,
           private_flag, order, cache_operation, op3}},
    Form{.name = "[Ra], Rb, bound", .mnemonic = SURED, .opcode = 0x59f, .generations = A | D | H, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::ampere,
         .fields = {guard, negate, ra, rb, handle_bank, handle_slot, clamp, dim, byte_address, surface_size, order,
           cache_operation, op3}},
    Form{.name = "[Ra], Rb, URc", .mnemonic = SURED, .opcode = 0xf9f, .generations = T, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::turing, .fixed_high = 1ULL << 27, .select_high = 1ULL << 27,
         .fields = {guard, negate, ra, rb, handle_uniform, handle_uniform_index, clamp, dim, byte_address,
           surface_size, private_flag, order, cache_operation, op3}},
    Form{.name = "[Ra], Rb, URc", .mnemonic = SURED, .opcode = 0xf9f, .generations = A | D | H, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::ampere, .fixed_high = 1ULL << 27, .select_high = 1ULL << 27,
         .fields = {guard, negate, ra, rb, handle_uniform, handle_uniform_index, clamp, dim, byte_address,
           surface_size, order, cache_operation, op3}},
    Form{.name = "[Ra], Rb, URc", .mnemonic = SURED, .opcode = 0xf9f, .generations = B, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::ampere, .fixed_low = 0xffULL << 48, .fixed_high = 1ULL << 27,
         .select_high = 1ULL << 27,
         .fields = {guard, negate, ra, rb, handle_uniform, clamp, dim, byte_address, surface_size, order,
           cache_operation, op3}},
    // Surface atomics: SURED's fields with Rd, Pu (nvdisasm leaves out a Pu of PT) and a 4-bit op
    // (EXCH is 8); the compares (0x396, 0x595, 0x795, 0xf95) are always CAS, Rb holding compare
    // and swap, with the compare size codes. The handle as SURED's: a register (0x394), a bound
    // slot (0x593: bank, slot), three immediates (0x793: bank, bits 40–45, 46–53) or a uniform
    // register with an immediate (0xf93; Blackwell: an 8-bit register alone). Read from nvdisasm
    // 13.0 on 400 random words an opcode (tests/conformance/nvidia/cuda13-random/, set
    // `unwritten`); no ptxas writes them. sm_120 and sm_121 print more (a second uniform register,
    // .UAI), which gpuatom does not read yet: sass128.cpp refuses SUATOM there.
    Form{.name = "[Ra], Rb, Rc", .mnemonic = SUATOM, .opcode = 0x394, .generations = V | T, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::turing,
         .fields = {guard, negate, pu, rd, ra, rb, handle_register, clamp, dim, byte_address, surface_size,
           private_flag, order, cache_operation, op4}},
    Form{.name = "[Ra], Rb, Rc", .mnemonic = SUATOM, .opcode = 0x394, .generations = A | D | H | B, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_register, clamp, dim, byte_address, surface_size, order,
           cache_operation, op4}},
    Form{.name = "compare, [Ra], Rb, Rc", .mnemonic = SUATOM, .opcode = 0x396, .generations = V | T,
         .ops = OC::compare, .sizes = SC::compare_before_hopper, .orders = RC::turing,
         .fields = {guard, negate, pu, rd, ra, rb, handle_register, clamp, dim, byte_address, surface_size,
           private_flag, order, cache_operation}},
    Form{.name = "compare, [Ra], Rb, Rc", .mnemonic = SUATOM, .opcode = 0x396, .generations = A | D | H | B,
         .ops = OC::compare, .sizes = SC::compare_before_hopper, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_register, clamp, dim, byte_address, surface_size, order,
           cache_operation}},
    Form{.name = "[Ra], Rb, bound", .mnemonic = SUATOM, .opcode = 0x593, .generations = V | T, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::turing,
         .fields = {guard, negate, pu, rd, ra, rb, handle_bank, handle_slot, clamp, dim, byte_address, surface_size,
           private_flag, order, cache_operation, op4}},
    Form{.name = "[Ra], Rb, bound", .mnemonic = SUATOM, .opcode = 0x593, .generations = A | D | H, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_bank, handle_slot, clamp, dim, byte_address, surface_size,
           order, cache_operation, op4}},
    Form{.name = "compare, [Ra], Rb, bound", .mnemonic = SUATOM, .opcode = 0x595, .generations = V | T,
         .ops = OC::compare, .sizes = SC::compare_before_hopper, .orders = RC::turing,
         .fields = {guard, negate, pu, rd, ra, rb, handle_bank, handle_slot, clamp, dim, byte_address, surface_size,
           private_flag, order, cache_operation}},
    Form{.name = "compare, [Ra], Rb, bound", .mnemonic = SUATOM, .opcode = 0x595, .generations = A | D | H,
         .ops = OC::compare, .sizes = SC::compare_before_hopper, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_bank, handle_slot, clamp, dim, byte_address, surface_size,
           order, cache_operation}},
    Form{.name = "[Ra], Rb, bound3", .mnemonic = SUATOM, .opcode = 0x793, .generations = V | T, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::turing,
         .fields = {guard, negate, pu, rd, ra, rb, handle_bank, handle_low, handle_high, clamp, dim, byte_address,
           surface_size, private_flag, order, cache_operation, op4}},
    Form{.name = "[Ra], Rb, bound3", .mnemonic = SUATOM, .opcode = 0x793, .generations = A | D | H, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_bank, handle_low, handle_high, clamp, dim, byte_address,
           surface_size, order, cache_operation, op4}},
    Form{.name = "compare, [Ra], Rb, bound3", .mnemonic = SUATOM, .opcode = 0x795, .generations = V | T,
         .ops = OC::compare, .sizes = SC::compare_before_hopper, .orders = RC::turing,
         .fields = {guard, negate, pu, rd, ra, rb, handle_bank, handle_low, handle_high, clamp, dim, byte_address,
           surface_size, private_flag, order, cache_operation}},
    Form{.name = "compare, [Ra], Rb, bound3", .mnemonic = SUATOM, .opcode = 0x795, .generations = A | D | H,
         .ops = OC::compare, .sizes = SC::compare_before_hopper, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_bank, handle_low, handle_high, clamp, dim, byte_address,
           surface_size, order, cache_operation}},
    Form{.name = "[Ra], Rb, URc", .mnemonic = SUATOM, .opcode = 0xf93, .generations = V | T, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::turing,
         .fields = {guard, negate, pu, rd, ra, rb, handle_uniform, handle_uniform_index, clamp, dim, byte_address,
           surface_size, private_flag, order, cache_operation, op4}},
    Form{.name = "[Ra], Rb, URc", .mnemonic = SUATOM, .opcode = 0xf93, .generations = A | D | H, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_uniform, handle_uniform_index, clamp, dim, byte_address,
           surface_size, order, cache_operation, op4}},
    Form{.name = "compare, [Ra], Rb, URc", .mnemonic = SUATOM, .opcode = 0xf95, .generations = V | T,
         .ops = OC::compare, .sizes = SC::compare_before_hopper, .orders = RC::turing,
         .fields = {guard, negate, pu, rd, ra, rb, handle_uniform, handle_uniform_index, clamp, dim, byte_address,
           surface_size, private_flag, order, cache_operation}},
    Form{.name = "compare, [Ra], Rb, URc", .mnemonic = SUATOM, .opcode = 0xf95, .generations = A | D | H,
         .ops = OC::compare, .sizes = SC::compare_before_hopper, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_uniform, handle_uniform_index, clamp, dim, byte_address,
           surface_size, order, cache_operation}},
    Form{.name = "[Ra], Rb, URc", .mnemonic = SUATOM, .opcode = 0xf93, .generations = B, .ops = OC::integer,
         .sizes = SC::surface, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_uniform8, clamp, dim, byte_address, surface_size, order,
           cache_operation, op4}},
    Form{.name = "compare, [Ra], Rb, URc", .mnemonic = SUATOM, .opcode = 0xf95, .generations = B, .ops = OC::compare,
         .sizes = SC::compare_before_hopper, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_uniform8, clamp, dim, byte_address, surface_size, order,
           cache_operation}},
    // sm_120 and sm_121 (uniform_array_only): Blackwell's SUATOM with a second uniform register
    // (48–55; URZ left out of the text) and .UAI (58), and two opcodes more, 0xf94 and 0xf96: 0xf93
    // and 0xf95 with a register Rc (64–71) printed before the uniform handle, and the second uniform
    // register printed when URZ too.
    Form{.name = "[Ra], Rb, Rc, URd", .mnemonic = SUATOM, .opcode = 0x394, .generations = B,
         .uniform_array_only = true, .ops = OC::integer, .sizes = SC::surface, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_register, second_uniform, uniform_array, clamp, dim,
           byte_address, surface_size, order, cache_operation, op4}},
    Form{.name = "compare, [Ra], Rb, Rc, URd", .mnemonic = SUATOM, .opcode = 0x396, .generations = B,
         .uniform_array_only = true, .ops = OC::compare, .sizes = SC::compare_before_hopper, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_register, second_uniform, uniform_array, clamp, dim,
           byte_address, surface_size, order, cache_operation}},
    Form{.name = "[Ra], Rb, URc, URd", .mnemonic = SUATOM, .opcode = 0xf93, .generations = B,
         .uniform_array_only = true, .ops = OC::integer, .sizes = SC::surface, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_uniform8, second_uniform, uniform_array, clamp, dim,
           byte_address, surface_size, order, cache_operation, op4}},
    Form{.name = "[Ra], Rb, Rc, URc, URd", .mnemonic = SUATOM, .opcode = 0xf94, .generations = B,
         .uniform_array_only = true, .second_uniform_urz_printed = true, .ops = OC::integer, .sizes = SC::surface, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_register, handle_uniform8, second_uniform, uniform_array,
           clamp, dim, byte_address, surface_size, order, cache_operation, op4}},
    Form{.name = "compare, [Ra], Rb, URc, URd", .mnemonic = SUATOM, .opcode = 0xf95, .generations = B,
         .uniform_array_only = true, .ops = OC::compare, .sizes = SC::compare_before_hopper, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_uniform8, second_uniform, uniform_array, clamp, dim,
           byte_address, surface_size, order, cache_operation}},
    Form{.name = "compare, [Ra], Rb, Rc, URc, URd", .mnemonic = SUATOM, .opcode = 0xf96, .generations = B,
         .uniform_array_only = true, .second_uniform_urz_printed = true, .ops = OC::compare, .sizes = SC::compare_before_hopper, .orders = RC::ampere,
         .fields = {guard, negate, pu, rd, ra, rb, handle_register, handle_uniform8, second_uniform, uniform_array,
           clamp, dim, byte_address, surface_size, order, cache_operation}},
    // REDAS (0xdbe, PTX red.async): [Ra.64 + URn + offset] or .U32, Rb; ATOM's op codes without
    // EXCH, its size codes to .64. Bit 91 is set in every word nvdisasm reads. Hopper's bits 77–80
    // print .???n placeholders of a strength and scope of REDAS's own (0 prints none, as ptxas
    // writes): gpuatom reads code 0 and refuses the others (RC::reduce_async). Blackwell prints nothing for them
    // (kept bits) and takes 8-bit uniform registers. nvdisasm 13.0 on 1,414 random words, ptxas
    // 13.0's red.async words under nvdisasm 11.8 (docs/sass128.md).
    Form{.name = "[Ra], Rb", .mnemonic = REDAS, .opcode = 0xdbe, .generations = H, .address = AF::general_urz_elided,
         .ops = OC::reduce_async, .sizes = SC::reduce_async, .orders = RC::reduce_async, .fixed_high = 1ULL << 27,
         .select_high = 1ULL << 27, .fields = {guard, negate, ra, offset, rb, uindex, addr64_redas, size3, order, op4}},
    Form{.name = "[Ra], Rb", .mnemonic = REDAS, .opcode = 0xdbe, .generations = B, .address = AF::general_urz_elided,
         .ops = OC::reduce_async, .sizes = SC::reduce_async, .fixed_high = 1ULL << 27, .select_high = 1ULL << 27,
         .fields = {guard, negate, ra, offset, rb, uindex8, addr64_redas, size3, op4}},
};
// clang-format on

// Op codes: the integer ops in the order of the Maxwell ATOM field (ADD … EXCH), the compares,
// the float ops (two bits: ADD, MIN, MAX).
struct OpCode {
  OpCodes codes;
  AtomOp op;
  uint8_t code;
};
constexpr std::array op_codes = {
    OpCode{OC::integer, AtomOp::ADD, 0},
    OpCode{OC::integer, AtomOp::MIN, 1},
    OpCode{OC::integer, AtomOp::MAX, 2},
    OpCode{OC::integer, AtomOp::INC, 3},
    OpCode{OC::integer, AtomOp::DEC, 4},
    OpCode{OC::integer, AtomOp::AND, 5},
    OpCode{OC::integer, AtomOp::OR, 6},
    OpCode{OC::integer, AtomOp::XOR, 7},
    OpCode{OC::integer, AtomOp::EXCH, 8},
    OpCode{OC::compare, AtomOp::CAS, 0},
    OpCode{OC::compare, AtomOp::CAST, 1},
    OpCode{OC::compare, AtomOp::CAS, 2},
    OpCode{OC::compare, AtomOp::CAST_SPIN, 3},
    OpCode{OC::compare_to_predicate, AtomOp::CAST, 1},
    OpCode{OC::compare_to_predicate, AtomOp::CAST_SPIN, 3},
    OpCode{OC::floating, AtomOp::ADD, 0},
    OpCode{OC::floating, AtomOp::MIN, 1},
    OpCode{OC::floating, AtomOp::MAX, 2},
    OpCode{OC::fixed_popc_inc, AtomOp::POPC_INC, 0},
    OpCode{OC::fixed_arrive, AtomOp::ARRIVE, 0},
    OpCode{OC::global, AtomOp::SAFEADD, 9},  // with the integer ops (op_from_code)
    OpCode{OC::reduce_async, AtomOp::ADD, 0},
    OpCode{OC::reduce_async, AtomOp::MIN, 1},
    OpCode{OC::reduce_async, AtomOp::MAX, 2},
    OpCode{OC::reduce_async, AtomOp::INC, 3},
    OpCode{OC::reduce_async, AtomOp::DEC, 4},
    OpCode{OC::reduce_async, AtomOp::AND, 5},
    OpCode{OC::reduce_async, AtomOp::OR, 6},
    OpCode{OC::reduce_async, AtomOp::XOR, 7},
};

struct SizeCode {
  SizeCodes codes;
  Size size;
  uint8_t code;
};
constexpr std::array size_codes = {
    // ATOM/ATOMG/RED before Hopper: the Maxwell codes (F16x2 at 4, F64 at 6).
    SizeCode{SC::atom_before_hopper, Size::U32, 0},
    SizeCode{SC::atom_before_hopper, Size::S32, 1},
    SizeCode{SC::atom_before_hopper, Size::U64, 2},
    SizeCode{SC::atom_before_hopper, Size::F32_FTZ_RN, 3},
    SizeCode{SC::atom_before_hopper, Size::F16x2, 4},
    SizeCode{SC::atom_before_hopper, Size::S64, 5},
    SizeCode{SC::atom_before_hopper, Size::F64_RN, 6},
    // From Hopper the floats have forms of their own; S64 moves to 3, .128 takes 4.
    SizeCode{SC::atom, Size::U32, 0},
    SizeCode{SC::atom, Size::S32, 1},
    SizeCode{SC::atom, Size::U64, 2},
    SizeCode{SC::atom, Size::S64, 3},
    SizeCode{SC::atom, Size::U128, 4},
    SizeCode{SC::reduce_async, Size::U32, 0},
    SizeCode{SC::reduce_async, Size::S32, 1},
    SizeCode{SC::reduce_async, Size::U64, 2},
    SizeCode{SC::shared_before_hopper, Size::U32, 0},
    SizeCode{SC::shared_before_hopper, Size::S32, 1},
    SizeCode{SC::shared_before_hopper, Size::U64, 2},
    SizeCode{SC::shared, Size::U32, 0},
    SizeCode{SC::shared, Size::S32, 1},
    SizeCode{SC::shared, Size::U64, 2},
    SizeCode{SC::shared, Size::U128, 4},
    SizeCode{SC::compare_before_hopper, Size::U32, 0},
    SizeCode{SC::compare_before_hopper, Size::S32, 1},
    SizeCode{SC::compare_before_hopper, Size::U64, 2},
    SizeCode{SC::compare, Size::U32, 0},
    SizeCode{SC::compare, Size::S32, 1},
    SizeCode{SC::compare, Size::U64, 2},
    SizeCode{SC::compare, Size::U128, 4},
    // The float forms' four bits: bit 3 set for the F32/F64 family.
    SizeCode{SC::floating, Size::F16x2, 0},
    SizeCode{SC::floating, Size::F16x4, 1},
    SizeCode{SC::floating, Size::F16x8, 2},
    SizeCode{SC::floating, Size::BF16x2, 3},
    SizeCode{SC::floating, Size::BF16x4, 4},
    SizeCode{SC::floating, Size::BF16x8, 5},
    SizeCode{SC::floating, Size::F32_FTZ_RN, 9},
    SizeCode{SC::floating, Size::F32x2, 10},
    SizeCode{SC::floating, Size::F32x4, 11},
    SizeCode{SC::floating, Size::F32_RN, 12},
    SizeCode{SC::floating, Size::F32x2_RN, 13},
    SizeCode{SC::floating, Size::F32x4_RN, 14},
    SizeCode{SC::floating, Size::F64_RN, 15},
    SizeCode{SC::u32, Size::U32, 0},
    SizeCode{SC::arrive, Size::U64, 2},
};

// Turing: bits 77–78 the scope, 79–80 the strength (1 none, 2 .STRONG; nvdisasm prints 0 and 3
// as the placeholders .INVALID0/.INVALID3 before the scope); .PRIVATE has bit 76. From Ampere one
// 4-bit code names the strength, the scope and .PRIVATE together, all 16 of them.
struct OrderCode {
  OrderCodes codes;
  Strength strength;
  Scope scope;
  bool private_;
  uint8_t code;
  std::optional<uint8_t> strength_placeholder = std::nullopt;  // .INVALIDn in the strength's place
  std::optional<uint8_t> scope_placeholder = std::nullopt;     // REDAS's .???n in the scope's place
};
constexpr Strength weak = Strength::none, STRONG = Strength::strong, CONSTANT = Strength::constant,
                   MMIO = Strength::mmio;
constexpr std::array order_codes = {
    OrderCode{RC::turing, weak, Scope::cta, false, 0, 0},
    OrderCode{RC::turing, weak, Scope::sm, false, 1, 0},
    OrderCode{RC::turing, weak, Scope::gpu, false, 2, 0},
    OrderCode{RC::turing, weak, Scope::sys, false, 3, 0},
    OrderCode{RC::turing, weak, Scope::cta, false, 4},
    OrderCode{RC::turing, weak, Scope::sm, false, 5},
    OrderCode{RC::turing, weak, Scope::gpu, false, 6},
    OrderCode{RC::turing, weak, Scope::sys, false, 7},
    OrderCode{RC::turing, STRONG, Scope::cta, false, 8},
    OrderCode{RC::turing, STRONG, Scope::sm, false, 9},
    OrderCode{RC::turing, STRONG, Scope::gpu, false, 10},
    OrderCode{RC::turing, STRONG, Scope::sys, false, 11},
    OrderCode{RC::turing, weak, Scope::cta, false, 12, 3},
    OrderCode{RC::turing, weak, Scope::sm, false, 13, 3},
    OrderCode{RC::turing, weak, Scope::gpu, false, 14, 3},
    OrderCode{RC::turing, weak, Scope::sys, false, 15, 3},
    OrderCode{RC::ampere, weak, Scope::none, false, 0},
    OrderCode{RC::ampere, CONSTANT, Scope::none, true, 1},
    OrderCode{RC::ampere, CONSTANT, Scope::cta, false, 2},
    OrderCode{RC::ampere, CONSTANT, Scope::cta, true, 3},
    OrderCode{RC::ampere, STRONG, Scope::sm, true, 4},
    OrderCode{RC::ampere, STRONG, Scope::sm, false, 5},
    OrderCode{RC::ampere, STRONG, Scope::gpu, true, 6},
    OrderCode{RC::ampere, STRONG, Scope::gpu, false, 7},
    OrderCode{RC::ampere, MMIO, Scope::gpu, false, 8},
    OrderCode{RC::ampere, CONSTANT, Scope::sm, false, 9},
    OrderCode{RC::ampere, STRONG, Scope::sys, false, 10},
    OrderCode{RC::ampere, CONSTANT, Scope::sm, true, 11},
    OrderCode{RC::ampere, MMIO, Scope::sys, false, 12},
    OrderCode{RC::ampere, CONSTANT, Scope::vc, false, 13},
    OrderCode{RC::ampere, CONSTANT, Scope::vc, true, 14},
    OrderCode{RC::ampere, CONSTANT, Scope::gpu, false, 15},
    // Hopper's REDAS: code 0 prints nothing; the others print .???n in the strength's place, then a
    // scope, .???n in the scope's place or nothing, and .PRIVATE (nvdisasm 13.0 on 179 random words).
    OrderCode{RC::reduce_async, weak, Scope::none, false, 0},
    OrderCode{RC::reduce_async, weak, Scope::none, true, 1, 0},
    OrderCode{RC::reduce_async, weak, Scope::none, false, 2, 0, 1},
    OrderCode{RC::reduce_async, weak, Scope::none, true, 3, 0, 1},
    OrderCode{RC::reduce_async, weak, Scope::none, true, 4, 2},
    OrderCode{RC::reduce_async, weak, Scope::none, false, 5, 2, 1},
    OrderCode{RC::reduce_async, weak, Scope::none, true, 6, 3},
    OrderCode{RC::reduce_async, weak, Scope::none, false, 7, 2, 3},
    OrderCode{RC::reduce_async, weak, Scope::none, false, 8, 3, 4},
    OrderCode{RC::reduce_async, weak, Scope::none, false, 9, 0, 2},
    OrderCode{RC::reduce_async, weak, Scope::sys, false, 10, 2},
    OrderCode{RC::reduce_async, weak, Scope::none, true, 11, 0, 2},
    OrderCode{RC::reduce_async, weak, Scope::sys, false, 12, 3},
    OrderCode{RC::reduce_async, weak, Scope::none, false, 13, 0, 3},
    OrderCode{RC::reduce_async, weak, Scope::none, true, 14, 0, 3},
    OrderCode{RC::reduce_async, weak, Scope::none, false, 15, 0, 4},
};

// A surface's cache operation (3 bits; nvdisasm prints 6 and 7 as .INVALID6/.INVALID7).
struct CacheCode {
  CacheOp cache;
  uint8_t code;
};
constexpr std::array cache_codes = {CacheCode{CacheOp::ef, 0}, CacheCode{CacheOp::none, 1}, CacheCode{CacheOp::el, 2},
                                    CacheCode{CacheOp::lu, 3}, CacheCode{CacheOp::eu, 4},   CacheCode{CacheOp::na, 5}};

}  // namespace

std::span<const Form> forms() { return form_table; }

namespace {

// The code tables above read row by row; the functions after them answer from dense arrays
// built once from these (every word asks them).
std::optional<AtomOp> scan_op_from_code(OpCodes codes, uint64_t code) {
  if (const auto* o = find_row(op_codes, [&](const OpCode& r) { return r.codes == codes && r.code == code; }))
    return o->op;
  if (codes == OC::global) return scan_op_from_code(OC::integer, code);
  return std::nullopt;
}

std::optional<uint64_t> scan_op_code(OpCodes codes, AtomOp op) {
  if (const auto* o = find_row(op_codes, [&](const OpCode& r) { return r.codes == codes && r.op == op; }))
    return o->code;
  if (codes == OC::global) return scan_op_code(OC::integer, op);
  return std::nullopt;
}

std::optional<Size> scan_size_from_code(SizeCodes codes, uint64_t code) {
  if (codes == SC::surface) {  // the one surface size table, opcodes.hpp's
    const auto* s = find_row(size_table(), [&](const SizeInfo& r) {
      return r.surface_code >= 0 && static_cast<uint64_t>(r.surface_code) == code;
    });
    return s ? std::optional<Size>(s->size) : std::nullopt;
  }
  if (const auto* s = find_row(size_codes, [&](const SizeCode& r) { return r.codes == codes && r.code == code; }))
    return s->size;
  return std::nullopt;
}

std::optional<uint64_t> scan_size_code(SizeCodes codes, Size size) {
  if (codes == SC::surface) {
    const int code = info(size).surface_code;
    return code < 0 ? std::nullopt : std::optional<uint64_t>(code);
  }
  if (const auto* s = find_row(size_codes, [&](const SizeCode& r) { return r.codes == codes && r.size == size; }))
    return s->code;
  return std::nullopt;
}

std::optional<Order> scan_order_from_code(OrderCodes codes, uint64_t code) {
  if (const auto* o = find_row(order_codes, [&](const OrderCode& r) { return r.codes == codes && r.code == code; }))
    return Order{{o->strength, o->scope, CacheOp::none, o->private_}, o->strength_placeholder, o->scope_placeholder};
  return std::nullopt;
}

std::optional<uint64_t> scan_order_code(OrderCodes codes, const MemoryModifiers& memory,
                                        std::optional<uint16_t> strength_placeholder,
                                        std::optional<uint16_t> scope_placeholder) {
  // Turing's .PRIVATE is a field of its own, which the caller writes.
  const bool private_ = codes == RC::turing ? false : memory.private_;
  if (const auto* o = find_row(order_codes, [&](const OrderCode& r) {
        return r.codes == codes && r.strength == memory.strength && r.scope == memory.scope && r.private_ == private_ &&
               r.strength_placeholder == strength_placeholder && r.scope_placeholder == scope_placeholder;
      }))
    return o->code;
  return std::nullopt;
}

constexpr size_t op_code_kinds = static_cast<size_t>(OC::reduce_async) + 1;
constexpr size_t size_code_kinds = static_cast<size_t>(SC::reduce_async) + 1;
constexpr size_t order_code_kinds = static_cast<size_t>(RC::reduce_async) + 1;
constexpr size_t strengths = static_cast<size_t>(Strength::mmio) + 1;
constexpr size_t scopes = static_cast<size_t>(Scope::vc) + 1;
constexpr uint64_t op_codes_read = 16;    // the widest op field has 4 bits
constexpr uint64_t size_codes_read = 32;  // 4 size bits and a high bit
constexpr uint64_t order_codes_read = 16;

template <typename T, size_t Rows, size_t Columns>
using Grid = std::array<std::array<T, Columns>, Rows>;

// Every answer of the scans above for the codes a field can hold and the values an instruction
// can have; an order code for a strength, a scope and .PRIVATE without placeholders.
struct DenseCodes {
  Grid<std::optional<AtomOp>, op_code_kinds, op_codes_read> op_from;
  Grid<std::optional<uint64_t>, op_code_kinds, atom_op_count> op;
  Grid<std::optional<Size>, size_code_kinds, size_codes_read> size_from;
  Grid<std::optional<uint64_t>, size_code_kinds, size_count> size;
  Grid<std::optional<Order>, order_code_kinds, order_codes_read> order_from;
  Grid<std::optional<uint64_t>, order_code_kinds, strengths * scopes * 2> order;

  static size_t order_key(const MemoryModifiers& m) {
    return (static_cast<size_t>(m.strength) * scopes + static_cast<size_t>(m.scope)) * 2 + (m.private_ ? 1 : 0);
  }

  DenseCodes() { fill(); }
  // Out of line, so that dense() inlines into each accessor below.
  [[gnu::noinline]] void fill() {
    for (size_t k = 0; k < op_code_kinds; ++k) {
      for (uint64_t c = 0; c < op_codes_read; ++c) op_from[k][c] = scan_op_from_code(static_cast<OC>(k), c);
      for (size_t o = 0; o < atom_op_count; ++o) op[k][o] = scan_op_code(static_cast<OC>(k), static_cast<AtomOp>(o));
    }
    for (size_t k = 0; k < size_code_kinds; ++k) {
      for (uint64_t c = 0; c < size_codes_read; ++c) size_from[k][c] = scan_size_from_code(static_cast<SC>(k), c);
      for (size_t z = 0; z < size_count; ++z) size[k][z] = scan_size_code(static_cast<SC>(k), static_cast<Size>(z));
    }
    for (size_t k = 0; k < order_code_kinds; ++k) {
      for (uint64_t c = 0; c < order_codes_read; ++c) order_from[k][c] = scan_order_from_code(static_cast<RC>(k), c);
      for (size_t key = 0; key < strengths * scopes * 2; ++key) {
        const MemoryModifiers m{static_cast<Strength>(key / 2 / scopes), static_cast<Scope>(key / 2 % scopes),
                                CacheOp::none, key % 2 == 1};
        order[k][key] = scan_order_code(static_cast<RC>(k), m, std::nullopt, std::nullopt);
      }
    }
  }
};

// Inlined into each accessor: a call for every code read or written cost more than the lookup.
[[gnu::always_inline]] inline const DenseCodes& dense() {
  static const DenseCodes built;
  return built;
}

}  // namespace

std::optional<AtomOp> op_from_code(OpCodes codes, uint64_t code) {
  return code < op_codes_read ? dense().op_from[static_cast<size_t>(codes)][code] : scan_op_from_code(codes, code);
}

std::optional<uint64_t> op_code(OpCodes codes, AtomOp op) {
  return dense().op[static_cast<size_t>(codes)][static_cast<size_t>(op)];
}

std::optional<Size> size_from_code(SizeCodes codes, uint64_t code) {
  return code < size_codes_read ? dense().size_from[static_cast<size_t>(codes)][code]
                                : scan_size_from_code(codes, code);
}

std::optional<uint64_t> size_code(SizeCodes codes, Size size) {
  return dense().size[static_cast<size_t>(codes)][static_cast<size_t>(size)];
}

std::optional<Order> order_from_code(OrderCodes codes, uint64_t code) {
  return code < order_codes_read ? dense().order_from[static_cast<size_t>(codes)][code]
                                 : scan_order_from_code(codes, code);
}

std::optional<uint64_t> order_code(OrderCodes codes, const MemoryModifiers& memory,
                                   std::optional<uint16_t> strength_placeholder,
                                   std::optional<uint16_t> scope_placeholder) {
  if (strength_placeholder || scope_placeholder)
    return scan_order_code(codes, memory, strength_placeholder, scope_placeholder);
  return dense().order[static_cast<size_t>(codes)][DenseCodes::order_key(memory)];
}

std::optional<CacheOp> cache_from_code(uint64_t code) {
  if (const auto* c = find_row(cache_codes, [&](const CacheCode& r) { return r.code == code; })) return c->cache;
  return std::nullopt;
}

uint64_t cache_code(CacheOp cache) {
  return find_row(cache_codes, [&](const CacheCode& r) { return r.cache == cache; })->code;  // every CacheOp has one
}

}  // namespace gpuatom::nvidia::sass128
