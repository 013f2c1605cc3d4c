// Binds `isa = "sass"` scenarios: warps of lanes running a straight-line SASS program of
// atomics (spec/nvidia.md §1–§9).
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
// Registers live in a compact file: only the registers the program and [lanes] name have storage.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <memory>

#include "gpuatom/memory/surface.hpp"
#include "gpuatom/nvidia/generic_windows.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/nvidia/surface_access.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/bound_machine.hpp"
#include "gpuatom/scenario/execute.hpp"
#include "gpuatom/scenario/memory_setup.hpp"
#include "gpuatom/scenario/symbols.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::scenario {

namespace {

using namespace nvidia;  // the SASS front-end: instructions, registers, surfaces, semantics

using support::Bits128;

constexpr uint32_t warp_size = 32;
using nvidia::generic_local_window;
using nvidia::generic_shared_window;

// Register kinds a scenario can name: every register of a file but its zero/true one (RZ, PT,
// URZ), which holds no value. The names and limits are nvidia::register_file_table()'s.
enum class Bank : uint8_t { r, p, ur };
struct RegisterName {
  Bank bank;
  uint8_t index;
};

std::optional<RegisterName> parse_register(std::string_view name) {
  constexpr std::pair<nvidia::RegisterFile, Bank> files[] = {
      {nvidia::RegisterFile::general, Bank::r}, {nvidia::RegisterFile::predicate, Bank::p},
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
  scenario::Expression::Affine address;  // of the whole address: lo() and hi() halves joined
  bool value_direct = false;
  uint64_t value = 0;
};

struct CompiledInstruction {
  Instruction instruction;
  alu::Operation operation;
  int width_bytes = 4;
  FastPath fast;
  int vector_words = 0;  // a vector size's 32-bit elements (semantics.hpp), 0 otherwise
};

// The program, its register layout and the launch settings, shared by every machine.
struct Program {
  const scenario::Scenario* scenario = nullptr;
  std::vector<CompiledInstruction> code;
  uint32_t group_size = warp_size;
  std::array<int16_t, 256> r_slot{};   // −1: no storage (reads 0 … but only RZ is never stored)
  std::array<int16_t, 8> p_slot{};
  std::array<int16_t, 64> ur_slot{};
  uint32_t r_count = 0, p_count = 0, ur_count = 0;
  struct Init {
    RegisterName reg;
    Expression value;
    support::SourceLocation where;
    std::optional<uint64_t> constant;  // the value, when it reads no variable and evaluates
    bool lazy = false;  // only fast paths read it, as a direct source: a streamed warp skips it
  };
  std::vector<Init> inits;
  std::optional<Expression> active, helper, killed;
  bool stop_after_fault = true;
  bool log_atomics = false;  // an `explainable` expectation needs every atomic's operands and result
  std::vector<RegisterName> kept;  // registers expectations read: kept per lane after a streamed run
  SurfaceBindings surfaces;  // the [[surface]] headers and the constant-bank words bound handles read
  std::vector<std::string> notes;  // worth telling the user, not worth refusing the run
};

// The registers of one warp's lanes: R and P per lane, UR per warp. Lanes are indexed within
// the warp (0 … group_size − 1).
class Registers {
 public:
  explicit Registers(const Program& p) : p_(&p) {}

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
    const uint32_t words[4] = {static_cast<uint32_t>(lo), static_cast<uint32_t>(lo >> 32),
                               static_cast<uint32_t>(hi), static_cast<uint32_t>(hi >> 32)};
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
  const Program* p_;
  std::vector<uint32_t> r_;
  std::vector<uint8_t> pred_;
  std::vector<uint32_t> ur_;
};

bool truthy(const std::optional<Expression>& e, uint64_t tid, uint32_t group_size) {
  if (!e) return false;
  const auto v = e->evaluate(scenario::lane_slots(tid, group_size));
  return std::holds_alternative<uint64_t>(v) && std::get<uint64_t>(v) != 0;
}

// Whether lane `tid` takes part in the launch (active, not a helper, not killed).
bool lane_takes_part(const Program& p, uint64_t tid) {
  return (!p.active || truthy(p.active, tid, p.group_size)) && !truthy(p.helper, tid, p.group_size) &&
         !truthy(p.killed, tid, p.group_size);
}

// Whether an initial value fits its register: 32 bits, or a sign-extended negative 32-bit value.
bool fits_register(Bank bank, uint64_t bits) {
  const uint64_t upper = bits >> 32;
  return bank == Bank::p || upper == 0 || (upper == 0xffffffff && (bits & 0x80000000));
}

// The first lane whose initial value cannot be set, in the order an eager setup finds it: the
// [lanes] entries in file order, lanes ascending. Empty when every lane can be set up.
support::Diagnostics first_setup_error(const Program& p) {
  support::Diagnostics d;
  const uint64_t lanes = p.scenario->launch.lanes;
  for (const Program::Init& init : p.inits) {
    for (uint64_t tid = 0; tid < lanes; ++tid) {
      if (init.reg.bank == Bank::ur && tid % p.group_size != 0) continue;
      const auto v = init.value.evaluate(scenario::lane_slots(tid, p.group_size));
      if (auto* e = std::get_if<scenario::ExpressionError>(&v)) {
        support::SourceLocation at = init.where;
        at.column += e->column - 1;
        d.error(at, fmt::format("{} (lane {})", e->message, tid));
        return d;
      }
      const uint64_t bits = std::get<uint64_t>(v);
      if (!fits_register(init.reg.bank, bits)) {
        d.error(init.where, fmt::format("value 0x{:x} of lane {} does not fit a 32-bit register; use lo() and hi() "
                                        "for 64-bit values",
                                        bits, tid));
        return d;
      }
    }
  }
  return d;
}

// One warp's lanes for the executor (exec::GroupLanes): the registers, the participation masks,
// how each instruction reads a lane (address, operands) and writes its destinations.
class WarpLanes {
 public:
  Registers regs;

  // `lazy`: a streamed warp, which leaves out the registers only direct sources read (every
  // instruction has a FastPath; nothing reads registers afterwards but `kept` ones, which `end`
  // saves into `kept`).
  WarpLanes(const Program& p, bool lazy, std::vector<uint32_t>* kept) : regs(p), p_(p), lazy_(lazy), kept_(kept) {}

  // Makes this the fresh warp of group `group`: participation masks and registers from the
  // scenario's expressions, evaluated for the warp's lanes at once. Returns false when a lane's
  // initial value cannot be set (first_setup_error() says which); storage is reused.
  bool begin(uint64_t group) {
    const exec::Launch launch{p_.scenario->launch.lanes, p_.group_size};
    const uint32_t count = launch.lanes_in_group(group);
    const uint64_t first = launch.first_lane(group);
    first_ = first;
    uint64_t values[warp_size];
    const auto mask_of = [&](const std::optional<Expression>& e, bool absent) {
      exec::LaneMask m;
      if (!e) return absent ? exec::LaneMask::first(count) : m;
      if (e->evaluate_lanes(first, count, p_.group_size, values)) {
        for (uint32_t lane = 0; lane < count; ++lane) m.set(lane, values[lane] != 0);
      } else {
        for (uint32_t lane = 0; lane < count; ++lane) m.set(lane, truthy(e, first + lane, p_.group_size));
      }
      return m;
    };
    masks_ = mask_of(p_.active, true) & ~mask_of(p_.helper, false) & ~mask_of(p_.killed, false);
    regs.reset(count);
    for (const Program::Init& init : p_.inits) {
      if (init.reg.bank == Bank::ur) {
        const auto v = init.value.evaluate(scenario::lane_slots(first, p_.group_size));
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
      if (!init.value.evaluate_lanes(first, count, p_.group_size, values)) {
        for (uint32_t lane = 0; lane < count; ++lane) {
          const auto v = init.value.evaluate(scenario::lane_slots(first + lane, p_.group_size));
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
          r[lane * stride] = static_cast<uint32_t>(v);
        }
        if (!fits) return false;
        continue;
      }
      for (uint32_t lane = 0; lane < count; ++lane)
        if (!fits_register(init.reg.bank, values[lane])) return false;
      for (uint32_t lane = 0; lane < count; ++lane) {
        if (init.reg.bank == Bank::r) regs.set_r(lane, init.reg.index, static_cast<uint32_t>(values[lane]));
        else regs.set_p(lane, init.reg.index, values[lane] != 0);
      }
    }
    return true;
  }

  // Streamed: the registers expectations read, saved for the whole launch.
  void end(uint64_t group) {
    if (p_.kept.empty()) return;
    const uint32_t count = exec::Launch{p_.scenario->launch.lanes, p_.group_size}.lanes_in_group(group);
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
      const uint64_t modulus = f.address.of == Expression::Affine::Of::lane ? p_.group_size : f.address.modulus;
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
    const int16_t rd_lo = c.fast.rd_lo, rd_hi = c.fast.rd_hi;
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
    w.returns = in.rd.has_value();
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
      w.value128 = in.rb ? Bits128{regs.r64(lane, *in.rb), words == 4 ? regs.r64(lane, static_cast<uint8_t>(*in.rb + 2)) : 0}
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
  Stored store_directly(const Program::Init& init, uint32_t slot, uint64_t first, uint32_t count) {
    uint32_t* r = regs.lane_r(0) + slot;
    const uint32_t stride = regs.stride();
    if (init.constant) {
      if (!fits_register(Bank::r, *init.constant)) return Stored::does_not_fit;
      const auto v = static_cast<uint32_t>(*init.constant);
      for (uint32_t lane = 0; lane < count; ++lane) r[lane * stride] = v;
      return Stored::done;
    }
    const auto& affine = init.value.affine();
    if (!affine || affine->half == Expression::Affine::Half::whole) return Stored::not_here;
    Expression::Affine::Walk walk(*affine, first, p_.group_size);
    for (uint32_t lane = 0; lane < count; ++lane, walk.next()) r[lane * stride] = static_cast<uint32_t>(walk.value());
    return Stored::done;
  }

  // How an instruction of the common shape reads a lane: its address and operands from the slots
  // (or computed, for direct sources) FastPath resolved once, with the warp's values in locals.
  struct FastReader {
    FastPath f;
    const uint32_t* file;
    uint32_t stride;
    uint64_t t0, wrap, mask;

    uint32_t* lane_registers(uint32_t lane) const { return const_cast<uint32_t*>(file) + lane * stride; }
    // `Direct`: the address and value computed, as plan_lazy_registers() chose; `Compare`: a
    // compare register to read. Templates so that the common loops test none of it per lane.
    template <bool DirectAddress, bool DirectValue, bool Compare>
    void read(uint32_t lane, uint64_t& address, alu::Operands& operands) const {
      const uint32_t* r = file + lane * stride;
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
          if (compare) body.template operator()<A, true, true>();
          else body.template operator()<A, true, false>();
        } else if (compare) {
          body.template operator()<A, false, true>();
        } else {
          body.template operator()<A, false, false>();
        }
      };
      if (f.address_direct) value.template operator()<true>();
      else value.template operator()<false>();
    }
  };
  FastReader fast_reader(const FastPath& f) const {
    return {f, regs.lane_r(0), regs.stride(), t0_, wrap_, f.wide_address ? ~0ULL : 0xffffffffULL};
  }

  void read_fast(const FastPath& f, std::span<exec::LaneWork> lanes) const {
    const FastReader reader = fast_reader(f);
    for (exec::LaneWork& w : lanes) reader(w.lane, w.address, w.operands);
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

  const Program& p_;
  bool lazy_ = false;
  std::vector<uint32_t>* kept_;
  uint64_t first_ = 0;
  exec::LaneMask masks_;
  std::array<bool, 32> bank_taken_{};
  uint64_t t0_ = 0, wrap_ = ~uint64_t{0};  // the current instruction's direct address: t of lane 0, wrap
};

// One copy of the scenario's device: the memory with its windows, and the warps, eager or
// streamed. Streamed warps keep only the registers `[[expect]]` entries read, per lane, after each
// warp finishes.
class SassMachine final : public BoundMachine<WarpLanes> {
 public:
  SassMachine(const Program& p, support::Diagnostics& d, bool streamed)
      : BoundMachine(*p.scenario, {p.group_size, p.stop_after_fault, p.log_atomics}, streamed,
                     [this, streamed](memory::DeviceMemory& memory, const exec::GroupSettings& settings) {
                       return std::make_unique<Launch::Group>(memory, settings, p_, streamed, &kept_values_);
                     },
                     set_windows, d),
        p_(p),
        setup_notes_(d) {
    if (streamed) kept_values_.assign(p.scenario->launch.lanes * p.kept.size(), 0);
    if (machine_.begin_groups()) d.append(first_setup_error(p));
  }

  support::Diagnostics setup_error() override {
    support::Diagnostics d = setup_notes_;
    d.append(first_setup_error(p_));
    return d;
  }

 private:
  static void set_windows(memory::DeviceMemory& memory) {
    memory.set_window(memory::Space::local, generic_local_window);
    memory.set_window(memory::Space::shared, generic_shared_window);
  }
  std::optional<uint64_t> lane_value(std::string_view name, uint64_t tid) override {
    const auto reg = parse_register(name);
    if (!reg) return std::nullopt;
    if (!machine_.streamed())
      return machine_.lanes(tid / p_.group_size).regs.value(*reg, static_cast<uint32_t>(tid % p_.group_size));
    for (size_t k = 0; k < p_.kept.size(); ++k)
      if (p_.kept[k].bank == reg->bank && p_.kept[k].index == reg->index) return kept_values_[tid * p_.kept.size() + k];
    return std::nullopt;
  }
  std::function<bool(uint64_t)> lane_active() override {
    return [this](uint64_t tid) { return lane_takes_part(p_, tid); };
  }

  const Program& p_;
  std::vector<uint32_t> kept_values_;  // streamed: lanes × p_.kept
  support::Diagnostics setup_notes_;   // what memory setup said
};

// Marks a register (and the pair/quad it starts) as needing storage.
void use(Program& p, Bank bank, uint8_t index, int count = 1) {
  for (int k = 0; k < count; ++k) {
    const int i = index + k;
    if (bank == Bank::r && i < RZ && p.r_slot[static_cast<size_t>(i)] < 0) p.r_slot[static_cast<size_t>(i)] = static_cast<int16_t>(p.r_count++);
    if (bank == Bank::p && i < PT && p.p_slot[static_cast<size_t>(i)] < 0) p.p_slot[static_cast<size_t>(i)] = static_cast<int16_t>(p.p_count++);
    if (bank == Bank::ur && i < URZ && p.ur_slot[static_cast<size_t>(i)] < 0) p.ur_slot[static_cast<size_t>(i)] = static_cast<int16_t>(p.ur_count++);
  }
}

void use_registers(Program& p, const Instruction& in) {
  const int data = in.data_registers();
  if (in.rd) use(p, Bank::r, *in.rd, data);
  if (in.rb) use(p, Bank::r, *in.rb, data);
  if (in.rc) use(p, Bank::r, *in.rc, data);
  if (const auto s = in.swap_register()) use(p, Bank::r, *s, data);
  if (const auto c = in.compare_register()) use(p, Bank::r, *c, data);
  const Address& a = in.address;
  if (a.uniform_base) use(p, Bank::ur, a.base, in.wide_address() ? 2 : 1);
  else if (a.base != RZ)
    use(p, Bank::r, a.base, in.wide_address() ? 2 : in.is_surface() ? info(in.surface.dim).coordinates : 1);
  if (a.uniform_index) use(p, Bank::ur, *a.uniform_index);
  if (a.descriptor) use(p, Bank::ur, *a.descriptor);
  if (in.surface.handle_register) use(p, Bank::r, *in.surface.handle_register);
  if (in.surface.handle_uniform) use(p, Bank::ur, *in.surface.handle_uniform);
  if (in.guard.predicate != PT) use(p, Bank::p, in.guard.predicate);
  if (in.ps) use(p, Bank::p, *in.ps);
  if (in.pu) use(p, Bank::p, *in.pu);
}

// The instruction decoded for the warps' loop, when it has the common shape (FastPath). Called
// once every register has its slot.
FastPath fast_path(const Program& p, const CompiledInstruction& c) {
  const Instruction& in = c.instruction;
  FastPath f;
  const Address& a = in.address;
  if (p.log_atomics || in.is_surface() || in.family() == Family::ATOMS || a.uniform_base || a.uniform_index ||
      a.descriptor || in.ps || in.pu || in.op == AtomOp::CAST || in.op == AtomOp::CAST_SPIN || c.vector_words ||
      !(c.width_bytes == 2 || c.width_bytes == 4 || c.width_bytes == 8))
    return f;
  const auto slot = [&](int index) -> int16_t { return index >= RZ ? -1 : p.r_slot[static_cast<size_t>(index)]; };
  if (in.guard.never()) return f;  // @!PT: never runs; rare
  f.wide_address = in.wide_address();
  f.offset = static_cast<uint64_t>(a.offset);
  if (a.base != RZ) {
    f.base_lo = slot(a.base);
    if (f.wide_address) f.base_hi = slot(a.base + 1);
  }
  const int registers = in.data_registers();
  const auto data = [&](std::optional<uint8_t> reg, int16_t& lo, int16_t& hi) {
    if (!reg || *reg == RZ) return;
    lo = slot(*reg);
    if (registers >= 2) hi = slot(*reg + 1);
  };
  if (in.is_compare()) {
    data(in.swap_register(), f.value_lo, f.value_hi);
    data(in.compare_register(), f.compare_lo, f.compare_hi);
  } else {
    data(in.rb, f.value_lo, f.value_hi);
  }
  if (in.rd && *in.rd != RZ) {
    f.rd_lo = slot(*in.rd);
    if (registers >= 2) f.rd_hi = slot(*in.rd + 1);
  }
  f.usable = true;
  return f;
}

// Chooses the [lanes] registers that a streamed warp need not store: every instruction takes the
// fast path, the register is never written, no expectation reads it, and each instruction that
// reads it can compute it per lane instead — an address whose lo()/hi() halves (just lo() for a
// 32-bit address) are one affine expression or constants, or a value whose registers hold
// constants. Storing
// and reloading those registers was most of a lane's setup. Their values are exactly the ones
// begin() would store: affine lo/hi always fit a register, and only fitting constants qualify.
void plan_lazy_registers(Program& p) {
  for (const CompiledInstruction& c : p.code)
    if (!c.fast.usable) return;
  using Affine = scenario::Expression::Affine;
  std::array<Program::Init*, 256> by_slot{};  // candidate inits, by R slot
  std::array<int, 256> inits_of{};
  for (Program::Init& init : p.inits)
    if (init.reg.bank == Bank::r && init.reg.index != RZ && p.r_slot[init.reg.index] >= 0)
      ++inits_of[static_cast<size_t>(p.r_slot[init.reg.index])];
  for (Program::Init& init : p.inits) {
    if (init.reg.bank != Bank::r || init.reg.index == RZ || p.r_slot[init.reg.index] < 0) continue;
    const auto slot = static_cast<size_t>(p.r_slot[init.reg.index]);
    const auto& affine = init.value.affine();
    const bool constant = init.constant && fits_register(Bank::r, *init.constant);
    // A direct address steps t once per lane (FastReader): no quotient.
    if (inits_of[slot] == 1 && (constant || (affine && affine->half != Affine::Half::whole && affine->divisor == 1)))
      by_slot[slot] = &init;
  }
  for (const RegisterName& k : p.kept)
    if (k.bank == Bank::r && k.index != RZ && p.r_slot[k.index] >= 0) by_slot[static_cast<size_t>(p.r_slot[k.index])] = nullptr;
  const auto drop = [&](int16_t slot) {
    if (slot >= 0) by_slot[static_cast<size_t>(slot)] = nullptr;
  };
  for (const CompiledInstruction& c : p.code) {
    drop(c.fast.rd_lo);
    drop(c.fast.rd_hi);
    drop(c.fast.compare_lo);
    drop(c.fast.compare_hi);
  }
  const auto candidate = [&](int16_t slot) { return slot >= 0 ? by_slot[static_cast<size_t>(slot)] : nullptr; };
  const auto affine_of = [&](int16_t slot, Affine::Half half) -> std::optional<Affine> {
    const Program::Init* init = candidate(slot);
    if (!init || init->constant || init->value.affine()->half != half) return std::nullopt;
    return init->value.affine();
  };
  // The direct forms of one instruction's address and value, given the candidates left.
  const auto direct_address = [&](const FastPath& f) -> std::optional<Affine> {
    // Constant registers: an affine address with stride 0 (one hot word, say).
    const Program::Init* lo_init = candidate(f.base_lo);
    const Program::Init* hi_init = candidate(f.base_hi);
    if (lo_init && lo_init->constant && (!f.wide_address || (hi_init && hi_init->constant))) {
      const uint64_t hi = f.wide_address ? (*hi_init->constant & 0xffffffffULL) << 32 : 0;
      return Affine{Affine::Of::tid, Affine::Half::whole, 0, 0, (*lo_init->constant & 0xffffffffULL) | hi};
    }
    const auto lo = affine_of(f.base_lo, Affine::Half::lo);
    if (!lo) return std::nullopt;
    const uint64_t modulus = lo->of == Affine::Of::lane ? p.group_size : lo->modulus;
    if (modulus != 0 && modulus < p.group_size) return std::nullopt;
    Affine whole = *lo;
    whole.half = Affine::Half::whole;
    if (!f.wide_address) return whole;  // the 32-bit address wraps the same with or without hi()
    const auto hi = affine_of(f.base_hi, Affine::Half::hi);
    if (!hi || hi->of != lo->of || hi->modulus != lo->modulus || hi->stride != lo->stride || hi->base != lo->base)
      return std::nullopt;
    return whole;
  };
  const auto direct_value = [&](const FastPath& f) -> std::optional<uint64_t> {
    const Program::Init* lo = candidate(f.value_lo);
    const Program::Init* hi = candidate(f.value_hi);
    if (!lo || !lo->constant || (f.value_hi >= 0 && (!hi || !hi->constant))) return std::nullopt;
    return (*lo->constant & 0xffffffffULL) | (hi ? (*hi->constant & 0xffffffffULL) << 32 : 0);
  };
  // A register some instruction cannot compute is stored after all, which may leave its other
  // half unpaired: repeat until nothing changes.
  for (bool changed = true; changed;) {
    changed = false;
    for (const CompiledInstruction& c : p.code) {
      const FastPath& f = c.fast;
      const auto demote = [&](int16_t slot) {
        if (candidate(slot)) {
          drop(slot);
          changed = true;
        }
      };
      if (!direct_address(f)) {
        demote(f.base_lo);
        demote(f.base_hi);
      }
      if (!direct_value(f)) {
        demote(f.value_lo);
        demote(f.value_hi);
      }
    }
  }
  for (CompiledInstruction& c : p.code) {
    FastPath& f = c.fast;
    if (const auto a = direct_address(f)) {
      f.address_direct = true;
      f.address = *a;
    }
    if (const auto v = direct_value(f)) {
      f.value_direct = true;
      f.value = *v;
    }
  }
  for (Program::Init* init : by_slot)
    if (init) init->lazy = true;
}

// Where an instruction starts in the scenario file (its first line shares the line of `program =`).
support::SourceLocation place_of(const scenario::Scenario& s, const Instruction& in) {
  support::SourceLocation at = in.where;
  if (at.line == s.program_where.line) at.column += s.program_where.column - 1;
  return at;
}

// Fills the header pool and the constant-bank words from [[surface]], and checks every bound
// handle of the program against them: a bound index that names no surface is a mistake in the
// scenario, not something to run with an arbitrary constant-bank word.
void bind_surfaces(const scenario::Scenario& s, std::optional<uint32_t> header_pool_max, Program& p,
                   support::Diagnostics& d) {
  // Default MaximumIndex: the highest declared header, so every [[surface]] is reachable and a
  // handle above them all is invalid (DECISION for scenarios; the option overrides it).
  uint32_t maximum = 0;
  for (const scenario::SurfaceText& surface : s.surfaces) maximum = std::max(maximum, surface.header);
  p.surfaces = SurfaceBindings(header_pool_max.value_or(maximum));
  for (const scenario::SurfaceText& surface : s.surfaces) {
    p.surfaces.pool().set(surface.header, surface.descriptor);
    if (surface.bound) p.surfaces.bind(*surface.bound, surface.header);
  }
  for (const CompiledInstruction& c : p.code) {
    const Instruction& in = c.instruction;
    if (!in.is_surface() || in.surface.bindless()) continue;
    const uint32_t index = in.surface.handle_indices.front();
    const auto entry = p.surfaces.constant_word(index);
    if (!entry) {
      d.error(place_of(s, in),
              fmt::format("{} reads the bound handle 0x{:x} (constant-bank word c[bank][0x{:x}]) but no [[surface]] "
                          "has bound = 0x{:x}",
                          info(in.mnemonic).name, index, 4 * index, index));
      continue;
    }
    // A header whose dim differs from the instruction's .dim is legal: the .dim governs (§8.3).
    for (const scenario::SurfaceText& surface : s.surfaces)
      if (surface.header == *entry && surface.descriptor.dim != surface_dim(in.surface.dim))
        p.notes.push_back(fmt::format(
            "line {}: .{} reads header {}, a {} surface; the instruction's .dim governs "
            "the coordinates (spec/nvidia.md §8.3)",
            in.where.line, info(in.surface.dim).name, surface.header, memory::name(surface.descriptor.dim)));
  }
}

std::variant<Program, support::Diagnostics> prepare(const scenario::Scenario& s) {
  support::Diagnostics d;
  Program p;
  p.scenario = &s;
  p.r_slot.fill(-1);
  p.p_slot.fill(-1);
  p.ur_slot.fill(-1);
  p.group_size = s.launch.group_size ? s.launch.group_size : warp_size;
  if (p.group_size > warp_size) d.error(s.launch.where, "a warp has at most 32 lanes");

  SemanticsOptions semantics;
  std::optional<uint32_t> header_pool_max;
  for (size_t i = 0; i < s.options.size(); ++i) {
    const auto& [key, value] = s.options[i];
    const auto where = s.option_where[i].second;
    if (key == "nan" && (value == "canonical" || value == "propagate")) semantics.nan_propagate = value == "propagate";
    else if (key == "f16x2_flush" && (value == "true" || value == "false")) semantics.f16x2_flush = value == "true";
    else if (key == "safeadd_model" && (value == "true" || value == "false")) semantics.safeadd_model = value == "true";
    else if (key == "continue_after_fault" && (value == "true" || value == "false")) p.stop_after_fault = value != "true";
    else if (const auto maximum = support::parse_unsigned(value, 0xfffff); key == "header_pool_max" && maximum)
      header_pool_max = static_cast<uint32_t>(*maximum);  // headerPtr has 20 bits (§8.2)
    else
      d.error(where, fmt::format("option {} = '{}': SASS options are nan = canonical|propagate, f16x2_flush, "
                                 "safeadd_model, continue_after_fault (true|false), header_pool_max (0 … 0xfffff)",
                                 key, value));
  }

  // The program, line by line, with diagnostics at their place in the scenario file.
  size_t offset = 0;
  uint32_t line = 0;
  while (offset <= s.program.size()) {
    const size_t end = std::min(s.program.find('\n', offset), s.program.size());
    const std::string_view text = std::string_view(s.program).substr(offset, end - offset);
    support::SourceLocation where = s.program_where;
    where.line += line;
    support::Diagnostics line_diagnostics;
    auto parsed = parse_sass_line(text, where, line_diagnostics);
    if (parsed) validate(*parsed, line_diagnostics);
    for (support::Diagnostic diag : line_diagnostics.all()) {
      if (line == 0 && diag.where.column) diag.where.column += s.program_where.column - 1;
      if (diag.severity == support::Severity::error) d.add(diag);
    }
    if (parsed && !line_diagnostics.has_errors()) {
      const Instruction& in = *parsed;
      support::SourceLocation at = where;
      at.column = line == 0 ? s.program_where.column : 1;
      if (in.has_placeholder()) {
        d.error(at, "an instruction with an .INVALIDn placeholder does not execute (spec/nvidia.md §10.3)");
      } else if (!info(in.op).executable) {
        d.error(at, fmt::format(".{} has no defined semantics here and does not execute (spec/nvidia.md §10.3)",
                                info(in.op).name));
      } else if (in.is_surface() && !in.surface.bindless() && in.surface.handle_indices.size() != 1) {
        d.error(at,
                "a bound handle written with several immediates (an sm_70+ spelling) has no defined meaning "
                "here; SPA 5.0 binds one #tsPtrIdxU13 (spec/nvidia.md §8.2)");
      } else if (in.is_surface() && in.surface.bindless() && !in.surface.handle_indices.empty()) {
        d.error(at,
                "immediates after a bindless handle (an sm_70+ spelling) have no defined meaning here; SPA 5.0 "
                "reads the handle from Rc alone (spec/nvidia.md §8.2)");
      } else {
        auto resolved = to_alu(in.op, in.size, semantics);
        if (auto* why = std::get_if<std::string>(&resolved)) {
          d.error(at, *why);
        } else {
          CompiledInstruction c{in, std::get<alu::Operation>(resolved), in.data_bits() / 8, {}, vector_words(in.size)};
          use_registers(p, in);
          p.code.push_back(std::move(c));
        }
      }
    }
    ++line;
    offset = end + 1;
  }
  if (p.code.empty() && !d.has_errors()) d.error(s.program_where, "the program has no instruction");
  bind_surfaces(s, header_pool_max, p, d);

  const auto where = scenario::placements(s);
  const scenario::Symbols symbols = scenario::make_symbols(s, where, p.group_size, true, false);
  const auto compile = [&](const scenario::ExpressionText& t) { return scenario::compile_into(t, symbols, d); };
  for (const auto& [name, text] : s.lanes) {
    const auto reg = parse_register(name);
    if (!reg) {
      support::SourceLocation at = text.where;
      at.column = 1;
      d.error(at, fmt::format("'{}' is not a register a scenario can set: R0–R254, P0–P6 or UR0–UR62", name));
      continue;
    }
    use(p, reg->bank, reg->index);
    if (auto e = compile(text)) {
      std::optional<uint64_t> constant;
      if (e->is_constant())
        if (const auto v = e->evaluate(scenario::lane_slots(0, p.group_size)); std::holds_alternative<uint64_t>(v))
          constant = std::get<uint64_t>(v);
      p.inits.push_back({*reg, std::move(*e), text.where, constant});
    }
  }
  if (s.launch.active) p.active = compile(*s.launch.active);
  if (s.launch.helper) p.helper = compile(*s.launch.helper);
  if (s.launch.killed) p.killed = compile(*s.launch.killed);
  // Expectations may read any register name: give them storage too.
  for (const scenario::Expectation& e : s.expectations) {
    if (e.name.empty()) continue;
    if (const auto reg = parse_register(e.name)) use(p, reg->bank, reg->index);
    else d.error(e.where, fmt::format("'{}' is not a register (R0–R254, P0–P6, UR0–UR62)", e.name));
  }
  for (const scenario::Expectation& e : s.expectations) {
    p.log_atomics = p.log_atomics || e.kind == scenario::Expectation::Kind::explainable;
    const auto reg = e.name.empty() ? std::nullopt : parse_register(e.name);
    if (reg && std::none_of(p.kept.begin(), p.kept.end(), [&](RegisterName k) { return k.bank == reg->bank && k.index == reg->index; }))
      p.kept.push_back(*reg);
  }
  for (CompiledInstruction& c : p.code) c.fast = fast_path(p, c);
  plan_lazy_registers(p);
  d.append(scenario::precheck_expectations(s, p.group_size));
  scenario::check_lane_storage(s, uint64_t{p.r_count} * 4 + p.p_count + 32, d);
  if (d.has_errors()) return d;
  return p;
}

}  // namespace

RunResult run_sass(const Scenario& s, const RunOptions& options) {
  auto prepared = prepare(s);
  if (auto* d = std::get_if<support::Diagnostics>(&prepared)) return *d;
  const Program& p = std::get<Program>(prepared);
  // The parallel mode streams its warps unless someone needs every lane's registers afterwards.
  const bool streamed = options.mode == scenario::Mode::parallel && !options.inspect && !p.log_atomics;
  auto result = scenario::execute_machines<SassMachine>(s, options, p, streamed);
  if (auto* report = std::get_if<scenario::RunReport>(&result))
    report->notes.insert(report->notes.end(), p.notes.begin(), p.notes.end());
  return result;
}

RunResult run_sass_and_inspect(const Scenario& s, const RunOptions& options,
                               const std::function<void(const Observation&)>& inspect) {
  RunOptions with = options;
  with.inspect = inspect;
  return run_sass(s, with);
}

}  // namespace gpuatom::scenario
