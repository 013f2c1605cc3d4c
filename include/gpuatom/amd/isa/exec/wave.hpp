// AMD's wave at instruction level for the lane executor (exec::GroupLanes): a straight-line
// program of atomic instructions (isa::Instruction) run by waves of 64 or 32 lanes, with an EXEC
// mask, per-lane VGPRs and AGPRs and per-wave SGPRs (M0 among them), over the device memory
// (docs/spec/amd-isa.md §11). A program is compiled once into a WaveIsaProgram (wave_program.cpp):
// each instruction's semantics (semantics.hpp), its ALU operation and its operand registers
// resolved; each wave is a WaveIsaLanes. The scenario layer (scenario/bind_amd_isa.cpp) and
// tests build programs; nothing here knows of scenario files.
//
// Per instruction, per wave: the lanes of EXEC (or, for a scalar atomic, the wave once, as lane 0)
// read their registers and compute their addresses before any lane writes (as on the other
// vendors, docs/spec/amd.md §7), then perform their accesses; a returning encoding writes the
// pre-op value to vdst (FLAT, DS), to the first registers of vdata (MUBUF) or to sdata (SMEM).
//   FLAT/GLOBAL  vaddr pair (64-bit), or saddr pair + zero-extended 32-bit vaddr; + signed offset
//   DS           the LDS region's base + (addr + offset) mod 2^32; outside the region: a fault
//   MUBUF        V# in four SGPRs: base + soffset + offset + voffset + stride · vindex, and the
//                range check of the target's family: out of range, no access and 0 returned
//   SMEM         sbase pair (s_atomic) or V# (s_buffer_atomic) + offset + soffset, once per wave
// A lane whose access faults (misaligned, unmapped) changes nothing and writes nothing; the wave
// stops after that instruction.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/amd/isa/instruction.hpp"
#include "gpuatom/amd/isa/semantics.hpp"
#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/exec/lane_group.hpp"
#include "gpuatom/exec/lane_values.hpp"
#include "gpuatom/exec/launch.hpp"
#include "gpuatom/memory/fault.hpp"

namespace gpuatom::amd::isa {

// Register codes a wave has storage for: VGPRs 256–511 and AGPRs 768–1023 per lane, SGPRs 0–105,
// VCC (106, 107) and M0 (124 on gfx9, 125 on gfx10+) per wave.
inline constexpr uint32_t vector_registers = 512;  // v0–v255, then a0–a255
inline constexpr uint32_t scalar_codes = 128;

// A vector register's index in the per-lane file (v n → n, a n → 256 + n), or nothing.
constexpr std::optional<uint32_t> vector_index(int64_t code) {
  if (is_vgpr_code(code)) return static_cast<uint32_t>(code - vgpr_code_base);
  if (is_agpr_code(code)) return static_cast<uint32_t>(code - agpr_code_base + 256);
  return std::nullopt;
}

// One register's initial value (a 64-bit value over a pair: `dwords` = 2, low word first).
struct RegisterInit {
  int64_t code = 0;  // hardware code of the first register
  uint8_t dwords = 1;
  std::shared_ptr<const exec::LaneValues> value;  // SGPRs: evaluated for each wave's first lane
};

// The buffer range check (docs/spec/amd-isa.md §11.3): whether a MUBUF access of `bytes` at
// record `index`, byte `offset` (voffset + instruction offset, soffset not included) is inside
// the V#'s records.
struct BufferResource {
  uint64_t base = 0;    // 48 bits
  uint32_t stride = 0;  // 14 bits
  uint32_t num_records = 0;
  uint32_t word3 = 0;
  static BufferResource from(const std::array<uint32_t, 4>& words);
};
bool buffer_in_range(const Target& target, const BufferResource& v, uint64_t index, uint64_t offset, unsigned bytes);

// An instruction compiled for the waves: its semantics and operation, operand codes resolved.
struct WaveIsaInstruction {
  Instruction instruction;
  Semantics semantics;
  alu::Operation operation;
  InstClass cls = InstClass::flat;
  int64_t vaddr = -1;  // FLAT vaddr (pair or 32-bit), DS addr, MUBUF vaddr (−1: none)
  uint8_t vaddr_dwords = 0;
  int64_t saddr = -1;  // FLAT saddr pair; SMEM sbase (pair or V#)
  uint8_t saddr_dwords = 0;
  int64_t data = -1;                  // vdata / data0 / sdata
  int64_t data1 = -1;                 // DS data1
  int64_t dst = -1;                   // where the pre-op value goes when the encoding returns (−1: nowhere)
  int64_t srsrc = -1;                 // MUBUF V#
  int64_t soffset = -1;               // MUBUF / SMEM soffset code (an SGPR, M0, null or an inline constant)
  int64_t offset = 0;                 // the instruction's immediate offset (signed where the class says so)
  bool idxen = false, offen = false;  // MUBUF: vaddr holds an index, an offset, or both (index first)
  // The common shape read from register slots in the parallel mode's loop: a FLAT/GLOBAL atomic
  // with a 64-bit vaddr pair and one data operand (WaveIsaProgram::use_all sets it).
  bool fast = false;
  std::array<int16_t, 2> vaddr_slots{-1, -1}, data_slots{-1, -1};
  // A fast instruction whose address pair and data no instruction writes, set from one affine
  // 64-bit [lanes] value and one constant: its lanes' addresses and value are computed, not read
  // (plan_direct), and a streamed wave need not store those registers at all.
  bool direct = false;
  std::shared_ptr<const exec::LaneValues> direct_address;
  uint64_t direct_value = 0;
  bool scalar() const { return semantics.unit == Unit::scalar; }
};

// Compiles `instruction` for `target` under the float-rule switches `floats` (docs/spec/amd-isa.md
// §7), or says why it does not execute.
std::variant<WaveIsaInstruction, std::string> compile(const Instruction& instruction, const Target& target,
                                                      const FloatRulesOptions& floats = {});

struct WaveIsaProgram {
  const Target* target = nullptr;
  uint64_t lanes = 0;       // the launch's lanes
  uint32_t wave_size = 64;  // 64 or 32
  std::vector<WaveIsaInstruction> code;
  std::vector<RegisterInit> inits;
  std::shared_ptr<const exec::LaneValues> active;  // EXEC: non-zero lanes execute (empty: all)
  // The LDS the DS instructions address: the bytes of one region (the launch is one workgroup).
  bool has_lds = false;
  uint64_t lds_base = 0, lds_size = 0;
  bool log_atomics = false;
  // Which vector registers have storage (index into the per-lane file, −1: none), and how many.
  std::array<int16_t, vector_registers> v_slot{};
  uint32_t v_count = 0;
  std::vector<int64_t> kept;  // register codes kept per lane after a streamed wave (expectations read them)
  std::vector<std::array<int16_t, 2>> init_slots;  // per init: the slots of its vector registers (−1: none)
  std::vector<uint8_t> init_lazy;  // per init: only direct instructions read it (a streamed wave skips it)

  WaveIsaProgram() { v_slot.fill(-1); }
  // Gives register `code` (and the `dwords` after it) storage.
  void use(int64_t first, uint32_t dwords = 1);
  // Every register the code, the inits and `kept` name; then the slots the waves' loops read and
  // the direct instructions.
  void use_all();
  int16_t slot(int64_t reg) const {
    const auto index = vector_index(reg);
    return index ? v_slot[*index] : int16_t{-1};
  }
};

// Marks the direct instructions and lazy inits (use_all calls it).
void plan_direct(WaveIsaProgram& p);

// The inline constant or register value a scalar source code reads (soffset): SGPRs, VCC and M0
// from `sgprs`, null 0, integer constants 128–208, float constants 240–248 as f32 bits.
uint32_t scalar_source(const Target& target, int64_t code, const std::array<uint32_t, scalar_codes>& sgprs);

// One wave's lanes for the executor.
class WaveIsaLanes {
 public:
  // `kept`: a streamed wave, which saves the kept registers there at end() and skips lazy inits.
  WaveIsaLanes(const WaveIsaProgram& p, std::vector<uint32_t>* kept = nullptr) : p_(p), kept_(kept) {}

  bool begin(uint64_t group);
  // Streamed: the registers expectations read, saved for the whole launch.
  void end(uint64_t group);
  uint32_t instructions() const { return static_cast<uint32_t>(p_.code.size()); }
  const alu::Operation& operation(uint32_t i) const { return p_.code[i].operation; }
  exec::LaneMask start(uint32_t i);
  void read(uint32_t i, std::span<exec::LaneWork> lanes);
  void finish(uint32_t i, const exec::LaneWork& w);
  void write(uint32_t i, std::span<const exec::LaneWork> lanes);
  std::optional<memory::Fault> fault(uint32_t, const exec::LaneWork&, const memory::Fault& f) { return f; }

  // The parallel mode's loop (exec::EachLane): every lane's address and operands into arrays, the
  // accesses as one block in the executor's loop, then the returned values to their registers.
  // Lanes only read and write their own registers, so they are independent. Not for scalar atomics.
  template <class Access>
  bool each(uint32_t i, exec::LaneMask mask, Access&& access) {
    const WaveIsaInstruction& c = p_.code[i];
    if (c.scalar()) return false;
    uint64_t accessing = 0, skipped = 0;
    if (c.direct && each_direct(c, mask, access)) return true;
    if (c.fast) {
      // Register slots in locals: the loop is loads and adds.
      const uint32_t* file = vgprs_.data();
      const uint32_t stride = p_.v_count;
      const int16_t a0 = c.vaddr_slots[0], a1 = c.vaddr_slots[1], d0 = c.data_slots[0], d1 = c.data_slots[1];
      const uint64_t offset = static_cast<uint64_t>(c.offset);
      for (uint64_t bits = mask.bits; bits != 0; bits &= bits - 1) {
        const auto lane = static_cast<uint32_t>(std::countr_zero(bits));
        const uint32_t* r = file + static_cast<size_t>(lane) * stride;
        addresses_[lane] = (r[a0] | (uint64_t{r[a1]} << 32)) + offset;
        values_[lane] = r[d0] | (d1 >= 0 ? uint64_t{r[d1]} << 32 : 0);
      }
      accessing = mask.bits;
    }
    for (uint64_t bits = c.fast ? 0 : mask.bits; bits != 0; bits &= bits - 1) {
      const auto lane = static_cast<uint32_t>(std::countr_zero(bits));
      memory::Fault f;
      switch (locate(c, lane, addresses_[lane], f)) {
        case Located::access: accessing |= uint64_t{1} << lane; break;
        case Located::out_of_range: skipped |= uint64_t{1} << lane; break;
        case Located::fault: access.fault(lane, addresses_[lane], f); break;
      }
      operands(c, lane, values_[lane], compares_[lane]);
    }
    const bool returns = c.semantics.returns && c.dst >= 0;
    uint64_t done = 0;
    if (accessing != 0)
      done = access.block({{accessing},
                           addresses_.data(),
                           values_.data(),
                           c.semantics.order == DataOrder::value ? nullptr : compares_.data(),
                           exec::Path::atomic,
                           memory::Space::global,
                           c.semantics.returns,
                           returns ? returned_.data() : nullptr,
                           false,
                           0,
                           0});
    if (!returns) return true;
    for (uint64_t bits = done; bits != 0; bits &= bits - 1) {
      const auto lane = static_cast<uint32_t>(std::countr_zero(bits));
      set_vector(lane, c.dst, returned_[lane], c.semantics.data_registers());
    }
    for (uint64_t bits = skipped; bits != 0; bits &= bits - 1)  // out of a buffer's range: 0 returned
      set_vector(static_cast<uint32_t>(std::countr_zero(bits)), c.dst, 0, c.semantics.data_registers());
    return true;
  }

  // A register's value after the run (a VGPR/AGPR of `lane`, or an SGPR of the wave).
  uint64_t value(int64_t code, uint32_t lane, uint32_t dwords = 1) const;

 private:
  // A direct instruction's lanes as one block: a straight line of addresses and one value, or the
  // addresses filled from their affine form; the returned values to the destination registers.
  template <class Access>
  bool each_direct(const WaveIsaInstruction& c, exec::LaneMask mask, Access& access) {
    if (mask.bits == 0) return true;
    const auto& affine = c.direct_address->affine();
    uint64_t first = 0, step = 0;
    const bool line = affine->line(first_, count_, first, step);
    if (!line) {
      affine->fill(first_, p_.wave_size, count_, addresses_.data());
      for (uint32_t lane = 0; lane < count_; ++lane) addresses_[lane] += static_cast<uint64_t>(c.offset);
    }
    values_[0] = c.direct_value;
    const bool returns = c.semantics.returns && c.dst >= 0;
    const uint64_t done =
        access.block({mask, line ? nullptr : addresses_.data(), values_.data(), nullptr, exec::Path::atomic,
                      memory::Space::global, c.semantics.returns, returns ? returned_.data() : nullptr, true,
                      first + static_cast<uint64_t>(c.offset), step});
    if (returns)
      for (uint64_t bits = done; bits != 0; bits &= bits - 1) {
        const auto lane = static_cast<uint32_t>(std::countr_zero(bits));
        set_vector(lane, c.dst, returned_[lane], c.semantics.data_registers());
      }
    return true;
  }

  // Lane `lane`'s address, or: out of a buffer's range (no access, 0 returned), or a fault found
  // while reading (an LDS address past the LDS).
  enum class Located { access, out_of_range, fault };
  Located locate(const WaveIsaInstruction& c, uint32_t lane, uint64_t& address, memory::Fault& fault) const;
  void operands(const WaveIsaInstruction& c, uint32_t lane, uint64_t& value, uint64_t& compare) const;
  uint32_t v(uint32_t lane, int64_t code) const;
  uint64_t v64(uint32_t lane, int64_t code) const { return v(lane, code) | (uint64_t{v(lane, code + 1)} << 32); }
  uint32_t s(int64_t code) const { return code >= 0 && code < scalar_codes ? sgprs_[static_cast<size_t>(code)] : 0; }
  uint64_t s64(int64_t code) const { return s(code) | (uint64_t{s(code + 1)} << 32); }
  uint64_t read_registers(uint32_t lane, int64_t code, unsigned dwords, bool scalar) const;
  void set_vector(uint32_t lane, int64_t code, uint64_t value, unsigned dwords);
  void set_scalar(int64_t code, uint64_t value, unsigned dwords);

  const WaveIsaProgram& p_;
  std::vector<uint32_t>* kept_;
  uint64_t first_ = 0;
  uint32_t count_ = 0;
  exec::LaneMask exec_;
  std::vector<uint32_t> vgprs_;  // lane-major: lane × p_.v_count
  std::array<uint32_t, scalar_codes> sgprs_{};
  std::array<uint64_t, 64> addresses_{}, values_{}, compares_{}, returned_{};
};

}  // namespace gpuatom::amd::isa
