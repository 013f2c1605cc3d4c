// NVIDIA's warp for the lane executor (exec::GroupLanes): a straight-line SASS program of atomics
// run by warps of lanes (docs/spec/nvidia.md §1–§9). A launch's program is compiled once into a
// WarpProgram (register layout, fast paths, initial values through exec::LaneValues); each warp
// is a WarpLanes. The scenario layer (scenario/bind_sass.cpp) and the C++ API build WarpPrograms;
// nothing here knows of scenario files.
//
// Per instruction, per warp: the participating lanes (active, guard true, not helper or killed)
// read all their source registers first (PROPOSED operand read order, §1), then perform their
// accesses one lane at a time (ascending in the parallel and deterministic modes; every order in
// exhaustive mode), each writing its own destination. A faulting lane accesses nothing and
// writes nothing; the others complete; the warp stops after that instruction (PROPOSED §1).
// Surface atomics (§8) find their element when the instruction starts, from the registers read
// then: a lane whose write is dropped (invalid or disabled header, .IGN out of bounds) finishes
// at once with Rd = 0; a lane whose coordinates fault (.BA misaligned, .TRAP) still gets an event,
// touching no bytes, because faults are recorded when an event is performed.
// Registers live in a compact file: only the registers the program and the initial values name
// have storage.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/exec/lane_group.hpp"
#include "gpuatom/exec/lane_values.hpp"
#include "gpuatom/memory/surface.hpp"
#include "gpuatom/nvidia/generic_windows.hpp"
#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/nvidia/surface_access.hpp"
#include "gpuatom/support/diagnostic.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia {

inline constexpr uint32_t warp_size = 32;
using support::Bits128;

// Register kinds a scenario can name: every register of a file but its zero/true one (RZ, PT,
// URZ), which holds no value. The names and limits are nvidia::register_file_table()'s.
enum class Bank : uint8_t { r, p, ur };
struct RegisterName {
  Bank bank;
  uint8_t index;
};

// The registers a lane value can name, as messages list them: "R0–R254, P0–P6, UR0–UR254".
inline std::string lane_register_ranges() {
  std::string out;
  for (const RegisterFileInfo& f : register_file_table())
    out += (out.empty() ? "" : ", ") + register_name(f.file, 0) + "–" +
           register_name(f.file, static_cast<uint8_t>(f.last_number - 1));
  return out;
}

inline std::optional<RegisterName> parse_register(std::string_view name) {
  constexpr std::pair<nvidia::RegisterFile, Bank> files[] = {{nvidia::RegisterFile::general, Bank::r},
                                                             {nvidia::RegisterFile::predicate, Bank::p},
                                                             {nvidia::RegisterFile::uniform, Bank::ur}};
  for (const auto& [file, bank] : files)
    if (const auto n = nvidia::parse_register(file, name))
      return *n == nvidia::info(file).last_number ? std::nullopt : std::optional(RegisterName{bank, *n});
  return std::nullopt;
}

// An instruction decoded once for the warps' loop: register slots and address form resolved, so
// that reading a lane costs a few loads. Only the common shape has one (global ATOM/ATOMG/RED
// through registers, no Ps/Pu, no CAST, not 128-bit); the others take the general read.
struct FastPath {
  bool usable = false;
  bool wide_address = false;
  int16_t base_lo = -1, base_hi = -1;  // R slots of the address (−1: reads 0)
  uint64_t offset = 0;
  int16_t value_lo = -1, value_hi = -1;      // Rb, or the swap register of CAS
  int16_t compare_lo = -1, compare_hi = -1;  // the compare register of CAS
  int16_t rd_lo = -1, rd_hi = -1;            // destination slots (−1: not written)
  // Sources computed per lane instead of read from registers that a streamed warp never
  // stores (plan_lazy_registers): the address from its affine [lanes] expression, the value
  // from its constant.
  bool address_direct = false;
  exec::AffineLanes address;  // of the whole address: lo() and hi() halves joined
  bool value_direct = false;
  uint64_t value = 0;
  // No instruction reads Rd and no expectation keeps it (plan_lazy_registers): a streamed warp,
  // whose registers nothing reads afterwards but the kept ones, does not write it.
  bool rd_unread = false;
};

struct CompiledInstruction {
  Instruction instruction;
  alu::Operation operation;
  int width_bytes = 4;
  FastPath fast;
  int vector_words = 0;  // a vector size's 32-bit elements (semantics.hpp), 0 otherwise
};

// The program, its register layout and the launch settings, shared by every machine.
struct WarpProgram {
  uint64_t lanes = 0;  // the launch's lanes
  std::vector<CompiledInstruction> code;
  uint32_t group_size = warp_size;
  std::array<int16_t, 256> r_slot{};  // −1: no storage (reads 0 … but only RZ is never stored)
  std::array<int16_t, 8> p_slot{};
  std::array<int16_t, 256> ur_slot{};
  uint32_t r_count = 0, p_count = 0, ur_count = 0;
  struct Init {
    RegisterName reg;
    std::shared_ptr<const exec::LaneValues> value;
    support::SourceLocation where;
    std::optional<uint64_t> constant;  // the value, when it reads no variable and evaluates
    bool lazy = false;                 // only fast paths read it, as a direct source: a streamed warp skips it
  };
  std::vector<Init> inits;
  std::shared_ptr<const exec::LaneValues> active, helper, killed;
  bool stop_after_fault = true;
  bool log_atomics = false;        // an `explainable` expectation needs every atomic's operands and result
  std::vector<RegisterName> kept;  // registers expectations read: kept per lane after a streamed run
  SurfaceBindings surfaces;        // the [[surface]] headers and the constant-bank words bound handles read
  std::vector<std::string> notes;  // worth telling the user, not worth refusing the run
};

// The registers of one warp's lanes: R and P per lane, UR per warp. Lanes are indexed within
// the warp (0 … group_size − 1).
class Registers {
 public:
  explicit Registers(const WarpProgram& p) : p_(&p) {}

  // Zeroes the file for `lanes` lanes, reusing its storage.
  void reset(uint32_t lanes) {
    r_.assign(static_cast<size_t>(lanes) * stride(), 0);
    pred_.assign(static_cast<size_t>(lanes) * p_->p_count, 0);
    ur_.assign(p_->ur_count, 0);
  }

  uint32_t r(uint32_t lane, uint8_t index) const {
    const int16_t s = p_->r_slot[index];
    return index == RZ || s < 0 ? 0 : r_[lane * stride() + static_cast<uint32_t>(s)];
  }
  void set_r(uint32_t lane, uint8_t index, uint32_t value) {
    const int16_t s = p_->r_slot[index];
    if (index != RZ && s >= 0) r_[lane * stride() + static_cast<uint32_t>(s)] = value;
  }
  uint64_t r64(uint32_t lane, uint8_t index) const {
    return index == RZ ? 0 : (uint64_t{r(lane, static_cast<uint8_t>(index + 1))} << 32) | r(lane, index);
  }
  void set_r_wide(uint32_t lane, uint8_t index, uint64_t lo, uint64_t hi, int registers) {
    if (index == RZ) return;
    const uint32_t words[4] = {static_cast<uint32_t>(lo), static_cast<uint32_t>(lo >> 32), static_cast<uint32_t>(hi),
                               static_cast<uint32_t>(hi >> 32)};
    for (int k = 0; k < registers && index + k < RZ; ++k) set_r(lane, static_cast<uint8_t>(index + k), words[k]);
  }
  bool p(uint32_t lane, uint8_t index) const {
    if (index == PT) return true;
    const int16_t s = p_->p_slot[index];
    return s >= 0 && pred_[lane * p_->p_count + static_cast<uint32_t>(s)] != 0;
  }
  void set_p(uint32_t lane, uint8_t index, bool value) {
    const int16_t s = p_->p_slot[index];
    if (index != PT && s >= 0) pred_[lane * p_->p_count + static_cast<uint32_t>(s)] = value;
  }
  uint32_t ur(uint8_t index) const {
    const int16_t s = p_->ur_slot[index];
    return index == URZ || s < 0 ? 0 : ur_[static_cast<uint32_t>(s)];
  }
  void set_ur(uint8_t index, uint32_t value) {
    const int16_t s = p_->ur_slot[index];
    if (index != URZ && s >= 0) ur_[static_cast<uint32_t>(s)] = value;
  }
  uint32_t* lane_r(uint32_t lane) { return r_.data() + static_cast<size_t>(lane) * stride(); }
  const uint32_t* lane_r(uint32_t lane) const { return r_.data() + static_cast<size_t>(lane) * stride(); }
  // Registers a lane has storage for (its R slots, one after the other).
  uint32_t stride() const { return p_->r_count; }

  // A register by name, as expectations read it.
  uint64_t value(RegisterName reg, uint32_t lane) const {
    switch (reg.bank) {
      case Bank::r: return r(lane, reg.index);
      case Bank::p: return p(lane, reg.index) ? 1 : 0;
      case Bank::ur: return ur(reg.index);
    }
    return 0;
  }

 private:
  const WarpProgram* p_;
  std::vector<uint32_t> r_;
  std::vector<uint8_t> pred_;
  std::vector<uint32_t> ur_;
};

inline bool truthy(const std::shared_ptr<const exec::LaneValues>& e, uint64_t tid, uint32_t group_size) {
  if (!e) return false;
  const auto v = e->value(tid, group_size);
  return std::holds_alternative<uint64_t>(v) && std::get<uint64_t>(v) != 0;
}

// Whether lane `tid` takes part in the launch (active, not a helper, not killed).
inline bool lane_takes_part(const WarpProgram& p, uint64_t tid) {
  return (!p.active || truthy(p.active, tid, p.group_size)) && !truthy(p.helper, tid, p.group_size) &&
         !truthy(p.killed, tid, p.group_size);
}

// Whether an initial value fits its register: 32 bits, or a sign-extended negative 32-bit value.
inline bool fits_register(Bank bank, uint64_t bits) {
  const uint64_t upper = bits >> 32;
  return bank == Bank::p || upper == 0 || (upper == 0xffffffff && (bits & 0x80000000));
}

// One warp's lanes for the executor (exec::GroupLanes): the registers, the participation masks,
// how each instruction reads a lane (address, operands) and writes its destinations.
class WarpLanes {
 public:
  Registers regs;

  // `lazy`: a streamed warp, which leaves out the registers only direct sources read (every
  // instruction has a FastPath; nothing reads registers afterwards but `kept` ones, which `end`
  // saves into `kept`).
  WarpLanes(const WarpProgram& p, bool lazy, std::vector<uint32_t>* kept) : regs(p), p_(p), lazy_(lazy), kept_(kept) {}

  // Makes this the fresh warp of group `group`: participation masks and registers from the
  // scenario's expressions, evaluated for the warp's lanes at once. Returns false when a lane's
  // initial value cannot be set (first_setup_error() says which); storage is reused.
  bool begin(uint64_t group) {
    const exec::Launch launch{p_.lanes, p_.group_size};
    const uint32_t count = launch.lanes_in_group(group);
    const uint64_t first = launch.first_lane(group);
    first_ = first;
    uint64_t values[warp_size];
    const auto mask_of = [&](const std::shared_ptr<const exec::LaneValues>& e, bool absent) {
      exec::LaneMask m;
      if (!e) return absent ? exec::LaneMask::first(count) : m;
      if (e->values(first, count, p_.group_size, values)) {
        for (uint32_t lane = 0; lane < count; ++lane) m.set(lane, values[lane] != 0);
      } else {
        for (uint32_t lane = 0; lane < count; ++lane) m.set(lane, truthy(e, first + lane, p_.group_size));
      }
      return m;
    };
    masks_ = mask_of(p_.active, true) & ~mask_of(p_.helper, false) & ~mask_of(p_.killed, false);
    regs.reset(count);
    for (const WarpProgram::Init& init : p_.inits) {
      if (init.reg.bank == Bank::ur) {
        const auto v = init.value->value(first, p_.group_size);
        if (!std::holds_alternative<uint64_t>(v) || !fits_register(init.reg.bank, std::get<uint64_t>(v))) return false;
        regs.set_ur(init.reg.index, static_cast<uint32_t>(std::get<uint64_t>(v)));
        continue;
      }
      if (lazy_ && init.lazy) continue;
      const int16_t slot = init.reg.bank == Bank::r ? p_.r_slot[init.reg.index] : -1;
      if (slot >= 0 && init.reg.index != RZ) {
        const Stored stored = store_directly(init, static_cast<uint32_t>(slot), first, count);
        if (stored == Stored::done) continue;
        if (stored == Stored::does_not_fit) return false;
      }
      if (!init.value->values(first, count, p_.group_size, values)) {
        for (uint32_t lane = 0; lane < count; ++lane) {
          const auto v = init.value->value(first + lane, p_.group_size);
          if (!std::holds_alternative<uint64_t>(v)) return false;
          values[lane] = std::get<uint64_t>(v);
        }
      }
      if (slot >= 0 && init.reg.index != RZ) {
        // The common case in one pass: store, and check that every value fits.
        uint32_t* r = regs.lane_r(0) + slot;
        const uint32_t stride = regs.stride();
        bool fits = true;
        for (uint32_t lane = 0; lane < count; ++lane) {
          const uint64_t v = values[lane];
          const uint64_t upper = v >> 32;
          fits &= upper == 0 || (upper == 0xffffffff && (v & 0x80000000) != 0);
          r[size_t{lane} * stride] = static_cast<uint32_t>(v);
        }
        if (!fits) return false;
        continue;
      }
      for (uint32_t lane = 0; lane < count; ++lane)
        if (!fits_register(init.reg.bank, values[lane])) return false;
      for (uint32_t lane = 0; lane < count; ++lane) {
        if (init.reg.bank == Bank::r)
          regs.set_r(lane, init.reg.index, static_cast<uint32_t>(values[lane]));
        else
          regs.set_p(lane, init.reg.index, values[lane] != 0);
      }
    }
    return true;
  }

  // Streamed: the registers expectations read, saved for the whole launch.
  void end(uint64_t group) {
    if (p_.kept.empty()) return;
    const uint32_t count = exec::Launch{p_.lanes, p_.group_size}.lanes_in_group(group);
    for (uint32_t lane = 0; lane < count; ++lane)
      for (size_t k = 0; k < p_.kept.size(); ++k)
        (*kept_)[(first_ + lane) * p_.kept.size() + k] = static_cast<uint32_t>(regs.value(p_.kept[k], lane));
  }

  uint32_t instructions() const { return static_cast<uint32_t>(p_.code.size()); }
  const alu::Operation& operation(uint32_t i) const { return p_.code[i].operation; }

  // The lanes that perform instruction i: in the launch's masks, guard true.
  exec::LaneMask start(uint32_t i) {
    bank_taken_ = {};
    const FastPath& f = p_.code[i].fast;
    if (f.address_direct) {
      // A direct address: t = tid % modulus steps with the lane and wraps at most once, since
      // plan_lazy_registers() asks for modulus ≥ group size (no modulus: a bound never reached).
      const uint64_t modulus = f.address.of == exec::AffineLanes::Of::lane ? p_.group_size : f.address.modulus;
      t0_ = modulus ? first_ % modulus : first_;
      wrap_ = modulus ? modulus : ~uint64_t{0};
    }
    const Guard& g = p_.code[i].instruction.guard;
    if (g.predicate == PT) return g.negated ? exec::LaneMask{} : masks_;
    exec::LaneMask m;
    for (uint64_t bits = masks_.bits; bits != 0; bits &= bits - 1) {
      const auto lane = static_cast<uint32_t>(std::countr_zero(bits));
      m.set(lane, regs.p(lane, g.predicate) != g.negated);
    }
    return m;
  }

  void read(uint32_t i, std::span<exec::LaneWork> lanes) {
    const CompiledInstruction& c = p_.code[i];
    if (c.fast.usable) return read_fast(c.fast, lanes);
    for (exec::LaneWork& w : lanes) w.access = read_general(c, w.lane, w);
  }

  // The common shape in one loop (exec::EachLane): every register is the lane's own, so a lane may
  // write Rd before the next lane reads.
  template <class Access>
  bool each(uint32_t i, exec::LaneMask mask, Access&& access) {
    const CompiledInstruction& c = p_.code[i];
    if (!c.fast.usable) return false;
    const FastReader reader = fast_reader(c.fast);
    const bool write_rd = !(lazy_ && c.fast.rd_unread);
    const int16_t rd_lo = write_rd ? c.fast.rd_lo : int16_t{-1}, rd_hi = write_rd ? c.fast.rd_hi : int16_t{-1};
    if (each_as_block(reader, mask, write_rd, access)) return true;
    reader.with_forms([&]<bool A, bool V, bool C>() {
      for (uint64_t bits = mask.bits; bits != 0; bits &= bits - 1) {
        const auto lane = static_cast<uint32_t>(std::countr_zero(bits));
        uint64_t address;
        alu::Operands operands;
        reader.template read<A, V, C>(lane, address, operands);
        uint64_t returned;
        if (!access(lane, address, operands, exec::Path::atomic, memory::Space::global, true, returned)) continue;
        uint32_t* r = reader.lane_registers(lane);
        if (rd_lo >= 0) r[rd_lo] = static_cast<uint32_t>(returned);
        if (rd_hi >= 0) r[rd_hi] = static_cast<uint32_t>(returned >> 32);
      }
    });
    return true;
  }

  // A lane that lost its CAST.SPIN bank returns 0 without an access; so does a lane whose surface
  // write is dropped, with Ps = false (PROPOSED §8.3) and Pu = true: nothing is left for a
  // software fallback to do.
  void finish(uint32_t i, const exec::LaneWork& w) {
    const Instruction& in = p_.code[i].instruction;
    if (in.op == AtomOp::CAST_SPIN) {
      if (in.rd) regs.set_r(w.lane, *in.rd, 0);
      if (in.pu && !in.rd) regs.set_p(w.lane, *in.pu, false);  // modern CAST.SPIN: Pu is the flag
      return;
    }
    if (in.rd) regs.set_r_wide(w.lane, *in.rd, 0, 0, in.data_registers());
    if (in.ps) regs.set_p(w.lane, *in.ps, false);
    if (in.pu) regs.set_p(w.lane, *in.pu, true);
  }

  void write(uint32_t i, std::span<const exec::LaneWork> lanes) {
    const CompiledInstruction& c = p_.code[i];
    if (!c.fast.usable) {
      for (const exec::LaneWork& w : lanes)
        if (w.completed) write_general(c.instruction, w.lane, w.result);
      return;
    }
    const int16_t lo = c.fast.rd_lo, hi = c.fast.rd_hi;
    for (const exec::LaneWork& w : lanes) {
      if (!w.completed) continue;
      uint32_t* file = regs.lane_r(w.lane);
      if (lo >= 0) file[lo] = static_cast<uint32_t>(w.result.lo);
      if (hi >= 0) file[hi] = static_cast<uint32_t>(w.result.lo >> 32);
    }
  }

  // A sparse-page fault on an instruction with Ps is a status, not a fault (ASSUMPTION §6.6):
  // Rd = 0, Ps = true, Pu = false. Without Ps it is an out-of-range fault (§7.4).
  std::optional<memory::Fault> fault(uint32_t i, const exec::LaneWork& w, const memory::Fault& f) {
    const Instruction& in = p_.code[i].instruction;
    if (f.kind == memory::FaultKind::sparse && in.ps) {
      const bool cast = in.op == AtomOp::CAST || in.op == AtomOp::CAST_SPIN;
      if (in.rd) regs.set_r_wide(w.lane, *in.rd, 0, 0, cast ? 1 : in.data_registers());
      regs.set_p(w.lane, *in.ps, true);
      if (in.pu) regs.set_p(w.lane, *in.pu, false);
      return std::nullopt;
    }
    memory::Fault reported = f;
    if (f.kind == memory::FaultKind::sparse) reported.kind = memory::FaultKind::out_of_range;
    return reported;
  }

 private:
  // Any instruction: its address (or surface element), operands and CAST.SPIN's bank; false: no
  // access.
  bool read_general(const CompiledInstruction& c, uint32_t lane, exec::LaneWork& w) {
    const Instruction& in = c.instruction;
    // The old value reaches a register (Rd other than RZ) or decides a flag (CAST's Pu).
    w.returns = (in.rd && *in.rd != RZ) || (in.pu && (in.op == AtomOp::CAST || in.op == AtomOp::CAST_SPIN));
    if (in.is_surface()) {
      if (!locate_on_surface(in, lane, w)) return false;
    } else {
      w.address = address_of(in, lane, w.space);
    }
    const int registers = in.data_registers();
    if (const int words = c.vector_words) {
      // Rb … Rb+1 or Rb+3: the elements, low register first.
      w.path = exec::Path::vector;
      w.vector_words = static_cast<uint8_t>(words);
      w.value128 =
          in.rb ? Bits128{regs.r64(lane, *in.rb), words == 4 ? regs.r64(lane, static_cast<uint8_t>(*in.rb + 2)) : 0}
                : Bits128{};
    } else if (c.width_bytes == 16) {
      const auto quad = [&](std::optional<uint8_t> reg) {
        if (!reg) return Bits128{};
        return Bits128{regs.r64(lane, *reg), regs.r64(lane, static_cast<uint8_t>(*reg + 2))};
      };
      w.path = exec::Path::atomic128;
      w.value128 = in.is_compare() ? quad(in.swap_register()) : quad(in.rb);
      w.compare128 = in.is_compare() ? quad(in.compare_register()) : Bits128{};
    } else if (in.is_compare()) {
      w.operands = {read_data(lane, in.swap_register(), registers), read_data(lane, in.compare_register(), registers)};
    } else {
      w.operands = {read_data(lane, in.rb, registers), 0};
    }
    // CAST.SPIN: one lane per shared-memory bank attempts; the others get 0 at once (§3.4).
    if (in.op == AtomOp::CAST_SPIN) {
      const auto bank = static_cast<size_t>((w.address / 4) % 32);
      if (bank_taken_[bank]) return false;
      bank_taken_[bank] = true;
    }
    return true;
  }

  // Destinations: Rd (old value, or the CAST flag), Ps (sparse status: false), Pu (performed, or
  // the CAST flag when a modern CAST.SPIN names Pu in place of Rd).
  void write_general(const Instruction& in, uint32_t lane, exec::LaneResult r) {
    const bool cast = in.op == AtomOp::CAST || in.op == AtomOp::CAST_SPIN;
    if (in.rd) regs.set_r_wide(lane, *in.rd, r.lo, r.hi, cast ? 1 : in.data_registers());
    if (in.ps) regs.set_p(lane, *in.ps, false);
    if (in.pu) regs.set_p(lane, *in.pu, cast && !in.rd ? r.lo != 0 : true);
  }

  enum class Stored { done, does_not_fit, not_here };

  // The two common shapes of an R initial value, written straight into the lanes' slots: a
  // constant (evaluated once, in prepare()) and lo()/hi() of an affine expression (which always
  // fits). Anything else is `not_here`: begin() evaluates it lane by lane.
  Stored store_directly(const WarpProgram::Init& init, uint32_t slot, uint64_t first, uint32_t count) {
    uint32_t* r = regs.lane_r(0) + slot;
    const uint32_t stride = regs.stride();
    if (init.constant) {
      if (!fits_register(Bank::r, *init.constant)) return Stored::does_not_fit;
      const auto v = static_cast<uint32_t>(*init.constant);
      for (uint32_t lane = 0; lane < count; ++lane) r[size_t{lane} * stride] = v;
      return Stored::done;
    }
    const auto& affine = init.value->affine();
    if (!affine || affine->half == exec::AffineLanes::Half::whole) return Stored::not_here;
    exec::AffineLanes::Walk walk(*affine, first, p_.group_size);
    for (uint32_t lane = 0; lane < count; ++lane, walk.next())
      r[size_t{lane} * stride] = static_cast<uint32_t>(walk.value());
    return Stored::done;
  }

  // How an instruction of the common shape reads a lane: its address and operands from the slots
  // (or computed, for direct sources) FastPath resolved once, with the warp's values in locals.
  struct FastReader {
    FastPath f;
    const uint32_t* file;
    uint32_t stride;
    uint64_t t0, wrap, mask;

    uint32_t* lane_registers(uint32_t lane) const { return const_cast<uint32_t*>(file) + size_t{lane} * stride; }
    // `Direct`: the address and value computed, as plan_lazy_registers() chose; `Compare`: a
    // compare register to read. Templates so that the common loops test none of it per lane.
    template <bool DirectAddress, bool DirectValue, bool Compare>
    void read(uint32_t lane, uint64_t& address, alu::Operands& operands) const {
      const uint32_t* r = file + size_t{lane} * stride;
      const auto pair = [r](int16_t lo, int16_t hi) {
        return (lo < 0 ? 0 : r[lo]) | (uint64_t{hi < 0 ? 0 : r[hi]} << 32);
      };
      uint64_t base;
      if constexpr (DirectAddress) {
        uint64_t t = t0 + lane;
        if (t >= wrap) t -= wrap;
        base = f.address.base + f.address.stride * t;
      } else {
        base = pair(f.base_lo, f.base_hi);
      }
      address = (base + f.offset) & mask;
      operands = {DirectValue ? f.value : pair(f.value_lo, f.value_hi), Compare ? pair(f.compare_lo, f.compare_hi) : 0};
    }
    void operator()(uint32_t lane, uint64_t& address, alu::Operands& operands) const {
      with_forms([&]<bool A, bool V, bool C>() { read<A, V, C>(lane, address, operands); });
    }
    // Calls body.template operator()<DirectAddress, DirectValue, Compare>() for this instruction.
    template <class Body>
    void with_forms(Body&& body) const {
      const bool compare = f.compare_lo >= 0 || f.compare_hi >= 0;
      const auto value = [&]<bool A>() {
        if (f.value_direct) {
          if (compare)
            body.template operator()<A, true, true>();
          else
            body.template operator()<A, true, false>();
        } else if (compare) {
          body.template operator()<A, false, true>();
        } else {
          body.template operator()<A, false, false>();
        }
      };
      if (f.address_direct)
        value.template operator()<true>();
      else
        value.template operator()<false>();
    }
  };
  FastReader fast_reader(const FastPath& f) const {
    return {f, regs.lane_r(0), regs.stride(), t0_, wrap_, f.wide_address ? ~0ULL : 0xffffffffULL};
  }

  // The warp's lanes as one block (exec::LaneBlock) when the address is a straight line and the
  // value one constant, both computed (plan_lazy_registers): the executor's own loop does them,
  // then the old values go to Rd. Not when the address wraps (a modulus within the warp) or a
  // 32-bit address would leave 32 bits, which the line cannot say.
  template <class Access>
  bool each_as_block(const FastReader& reader, exec::LaneMask mask, bool write_rd, Access& access) {
    const FastPath& f = reader.f;
    if (!f.address_direct || !f.value_direct || f.compare_lo >= 0 || f.compare_hi >= 0 || mask.bits == 0) return false;
    const auto last = static_cast<uint64_t>(63 - std::countl_zero(mask.bits));
    if (reader.t0 + last >= reader.wrap || reader.t0 + last < reader.t0) return false;
    const uint64_t first = f.address.base + f.address.stride * reader.t0 + f.offset;
    const uint64_t step = f.address.stride;
    if (!f.wide_address && (first > 0xffffffffULL || step > 0xffffffffULL || first + step * last > 0xffffffffULL))
      return false;
    std::array<uint64_t, 64> returned;
    const uint64_t value = f.value;
    const bool writes = write_rd && (f.rd_lo >= 0 || f.rd_hi >= 0);
    const uint64_t done = access.block({mask, nullptr, &value, nullptr, exec::Path::atomic, memory::Space::global, true,
                                        writes ? returned.data() : nullptr, true, first, step});
    if (!writes) return true;
    for (uint64_t bits = done; bits != 0; bits &= bits - 1) {
      const auto lane = static_cast<uint32_t>(std::countr_zero(bits));
      uint32_t* r = reader.lane_registers(lane);
      if (f.rd_lo >= 0) r[f.rd_lo] = static_cast<uint32_t>(returned[lane]);
      if (f.rd_hi >= 0) r[f.rd_hi] = static_cast<uint32_t>(returned[lane] >> 32);
    }
    return true;
  }

  void read_fast(const FastPath& f, std::span<exec::LaneWork> lanes) const {
    const FastReader reader = fast_reader(f);
    const bool returns = f.rd_lo >= 0 || f.rd_hi >= 0;  // a fast path has no Pu: Rd is the only reader
    for (exec::LaneWork& w : lanes) {
      reader(w.lane, w.address, w.operands);
      w.returns = returns;
    }
  }

  uint64_t address_of(const Instruction& in, uint32_t lane, memory::Space& space) const {
    const Address& a = in.address;
    if (in.family() == Family::ATOMS) {
      space = memory::Space::shared;
      uint64_t offset = static_cast<uint64_t>(a.offset);
      if (!a.absolute()) {
        const uint64_t base = a.uniform_base ? regs.ur(a.base) : regs.r(lane, a.base);
        offset += base * static_cast<uint64_t>(scale(a.suffix));
      }
      if (a.uniform_index) offset += regs.ur(*a.uniform_index);
      return generic_shared_window.base + (offset & 0xffffffffULL);  // a 32-bit offset into the CTA's shared memory
    }
    space = memory::Space::global;
    if (a.absolute()) return static_cast<uint64_t>(a.offset) & (in.wide_address() ? ~0ULL : 0xffffffffULL);
    uint64_t base;
    if (a.uniform_base)
      base = in.wide_address() ? (uint64_t{regs.ur(static_cast<uint8_t>(a.base + 1))} << 32) | regs.ur(a.base)
                               : regs.ur(a.base);
    else
      base = in.wide_address() ? regs.r64(lane, a.base) : regs.r(lane, a.base);
    uint64_t address = base + static_cast<uint64_t>(a.offset);
    if (a.uniform_index) address += regs.ur(*a.uniform_index);
    return in.wide_address() ? address : (address & 0xffffffffULL);  // 32-bit add, zero-extended (§7.1)
  }

  uint64_t read_data(uint32_t lane, std::optional<uint8_t> reg, int registers) const {
    if (!reg) return 0;
    return registers >= 2 ? regs.r64(lane, *reg) : regs.r(lane, *reg);
  }

  // §8.3 for one lane: the handle entry (bound: the constant-bank word; bindless: Rc), the
  // coordinates from Ra, Ra+1, Ra+2, then the element or a fault; false: the write is dropped.
  bool locate_on_surface(const Instruction& in, uint32_t lane, exec::LaneWork& w) const {
    const uint32_t entry = in.surface.handle_register ? regs.r(lane, *in.surface.handle_register)
                           : in.surface.handle_uniform
                               ? regs.ur(*in.surface.handle_uniform)
                               : p_.surfaces.constant_word(in.surface.handle_indices.front()).value_or(0);
    std::array<uint32_t, 3> coordinates{};
    for (int k = 0; k < 3; ++k) {
      const int reg = in.address.base + k;
      coordinates[static_cast<size_t>(k)] = reg < RZ ? regs.r(lane, static_cast<uint8_t>(reg)) : 0;
    }
    const auto target = locate_element(in, p_.surfaces, entry, coordinates);
    if (!target) {
      w.fault = target.error();
      w.address = target.error().address;
      return true;
    }
    if (!target->accesses_memory()) return false;
    w.address = target->address;
    return true;
  }

  const WarpProgram& p_;
  bool lazy_ = false;
  std::vector<uint32_t>* kept_;
  uint64_t first_ = 0;
  exec::LaneMask masks_;
  std::array<bool, 32> bank_taken_{};
  uint64_t t0_ = 0, wrap_ = ~uint64_t{0};  // the current instruction's direct address: t of lane 0, wrap
};

// --- Compiling a program (warp_program.cpp) ------------------------------------------------------

// Marks a register (and the pair/quad it starts) as needing storage.
void use(WarpProgram& p, Bank bank, uint8_t index, int count = 1);
// Every register an instruction reads or writes.
void use_registers(WarpProgram& p, const Instruction& in);
// The instruction's fast path, if it has the common shape.
FastPath fast_path(const WarpProgram& p, const CompiledInstruction& c);
// Registers only fast paths read, computed per lane instead of stored (see warp_program.cpp).
void plan_lazy_registers(WarpProgram& p);

}  // namespace gpuatom::nvidia
