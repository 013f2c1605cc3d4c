// Executes `isa = "sass"` scenarios: warps of lanes running a straight-line SASS program of
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
#include "gpuatom/nvidia/scenario_runner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <map>
#include <stdexcept>
#include <memory>
#include <unordered_map>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/exec/atomic.hpp"
#include "gpuatom/exec/checkers.hpp"
#include "gpuatom/exec/launch.hpp"
#include "gpuatom/memory/atomic_access.hpp"
#include "gpuatom/memory/surface.hpp"
#include "gpuatom/nvidia/parser.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/nvidia/surface_access.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "gpuatom/scenario/execute.hpp"
#include "gpuatom/scenario/memory_setup.hpp"
#include "gpuatom/scenario/serial_log.hpp"
#include "gpuatom/scenario/symbols.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia {

namespace {

using scenario::Expression;
using support::Bits128;

constexpr uint32_t warp_size = 32;
// Generic-address windows (spec/nvidia.md §7.2, PROPOSED defaults).
constexpr memory::Window local_window{0x00fe00000000ULL, 16ULL << 20};
constexpr memory::Window shared_window{0x00ff00000000ULL, 16ULL << 20};

// Register kinds a scenario can name: R0–R254, P0–P6, UR0–UR62.
enum class Bank : uint8_t { r, p, ur };
struct RegisterName {
  Bank bank;
  uint8_t index;
};

std::optional<RegisterName> parse_register(std::string_view name) {
  const auto number = [](std::string_view digits, uint64_t max) { return support::parse_unsigned(digits, max); };
  if (support::istarts_with(name, "UR") && name.size() > 2) {
    if (const auto n = number(name.substr(2), 62)) return RegisterName{Bank::ur, static_cast<uint8_t>(*n)};
    return std::nullopt;
  }
  if ((name[0] == 'R' || name[0] == 'r') && name.size() > 1) {
    if (const auto n = number(name.substr(1), 254)) return RegisterName{Bank::r, static_cast<uint8_t>(*n)};
    return std::nullopt;
  }
  if ((name[0] == 'P' || name[0] == 'p') && name.size() > 1) {
    if (const auto n = number(name.substr(1), 6)) return RegisterName{Bank::p, static_cast<uint8_t>(*n)};
  }
  return std::nullopt;
}

// An instruction decoded once for the warps' loop: register slots, address form and host
// operation resolved, so that a lane costs a few loads, one atomic and a store. Only the common
// shape has one (global ATOM/ATOMG/RED through registers, no Ps/Pu, no CAST, not 128-bit); the
// others take the general path.
struct FastPath {
  // add32: a host fetch_add; fadd32: the F32 add in a CAS loop, inlined; any: apply_atomic.
  enum class Kind : uint8_t { none, add32, fadd32, any };
  Kind kind = Kind::none;
  bool guard_always = true;    // the guard is PT
  bool guard_negated = false;  // @!P
  int16_t guard = -1;          // predicate slot (−1: never stored, reads false)
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

using scenario::LoggedAtomic;  // one logged atomic, for the serial-order check

// A lane's access for the current instruction, with every source already read.
struct LaneWork {
  uint32_t lane = 0;
  uint64_t address = 0;
  memory::Space space = memory::Space::global;
  alu::Operands operands;
  Bits128 value128, compare128;
  bool skip_access = false;  // CAST.SPIN lanes that lost their bank: return 0 without access
  bool dropped = false;      // surface write dropped (§8.3): Rd = 0, Ps = false, no access
  std::optional<memory::Fault> fault;  // surface coordinate fault, recorded when the event runs
  bool done = false;
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
  // A lane's R slots, then one slot that is never written and reads 0: the fast path reads a
  // missing source (RZ, no storage) from it instead of testing for it per lane.
  uint32_t stride() const { return p_->r_count + 1; }
  uint32_t zero_slot() const { return p_->r_count; }
  const uint8_t* lane_p(uint32_t lane) const { return pred_.data() + static_cast<size_t>(lane) * p_->p_count; }

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

class Warp final : public exec::Agent {
 public:
  Registers regs;
  std::vector<LoggedAtomic> log;  // filled when the program logs atomics

  // `lazy`: a streamed warp, which leaves out the registers only direct sources read (every
  // instruction runs on the fast path; nothing reads registers afterwards but `kept` ones).
  Warp(const Program& p, memory::DeviceMemory& memory, bool lazy = false)
      : regs(p), p_(p), memory_(memory), lazy_(lazy) {}

  // Makes this the fresh warp of group `group`: participation masks and registers from the
  // scenario's expressions, evaluated for the warp's lanes at once. Returns false when a lane's
  // initial value cannot be set (first_setup_error() says which); storage is reused.
  bool begin(uint64_t group) {
    group_ = group;
    next_ = current_ = 0;
    stopped_ = false;
    work_.clear();
    events_.clear();
    event_work_.clear();
    log.clear();
    const exec::Launch launch{p_.scenario->launch.lanes, p_.group_size};
    const uint32_t count = launch.lanes_in_group(group);
    const uint64_t first = launch.first_lane(group);
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

  uint64_t group() const { return group_; }

 private:
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
    const uint64_t modulus = affine->of == Expression::Affine::Of::lane ? p_.group_size : affine->modulus;
    uint64_t t = modulus ? first % modulus : first;
    const int shift = affine->half == Expression::Affine::Half::hi ? 32 : 0;
    // Stepped rather than multiplied: the same wrapped sums, one add per lane.
    uint64_t v = affine->base + affine->stride * t;
    for (uint32_t lane = 0; lane < count; ++lane) {
      r[lane * stride] = static_cast<uint32_t>(v >> shift);
      v += affine->stride;
      if (++t == modulus) {
        t = 0;
        v = affine->base;
      }
    }
    return Stored::done;
  }

 public:

  std::span<const exec::Event> pending() override {
    while (events_.empty() && !stopped_ && next_ < p_.code.size()) {
      prepare(next_++);
      rebuild();
    }
    return events_;
  }

  void perform(std::size_t index, exec::Recorder& recorder) override {
    perform_lane(work_[event_work_[index]], recorder);
    rebuild();
  }

  // The parallel mode's loop without events: each instruction's lanes in ascending order, the
  // same as performing pending()[0] until nothing is pending.
  void run(exec::Recorder& recorder) override {
    while (!stopped_ && next_ < p_.code.size()) {
      const size_t index = next_++;
      if (p_.code[index].fast.kind != FastPath::Kind::none) {
        current_ = index;
        run_fast(p_.code[index], recorder);
        continue;
      }
      prepare(index);
      for (LaneWork& w : work_)
        if (!w.done) perform_lane(w, recorder);
    }
    events_.clear();
    event_work_.clear();
  }

 private:
  uint64_t tid_of(uint32_t lane) const { return group_ * p_.group_size + lane; }

  // One instruction of the common shape, lanes ascending. A lane reads its sources and performs
  // its atomic before the next lane starts: lanes share no register that an instruction of this
  // shape writes, so this is the same as reading every lane's sources first. A lane whose access
  // faults goes through perform_lane(), which finds the same fault (a faulting access changes
  // nothing) and records it.
  void run_fast(const CompiledInstruction& c, exec::Recorder& recorder) {
    const bool direct = c.fast.address_direct && c.fast.value_direct;
    switch (c.fast.kind) {
      case FastPath::Kind::add32:
        direct ? run_fast_as<FastPath::Kind::add32, true>(c, recorder) : run_fast_as<FastPath::Kind::add32, false>(c, recorder);
        break;
      case FastPath::Kind::fadd32:
        direct ? run_fast_as<FastPath::Kind::fadd32, true>(c, recorder)
               : run_fast_as<FastPath::Kind::fadd32, false>(c, recorder);
        break;
      default: run_fast_as<FastPath::Kind::any, false>(c, recorder); break;
    }
  }

  // The loop for one kind, and for sources that are all direct (`Direct`: the address from its
  // affine expression, the value a constant) or not. What it reads per lane is copied into
  // locals first (the instruction's slots, the register file's base, the cached page, the
  // counts): the seq_cst atomic is a compiler barrier too, and would otherwise reload every
  // member after each lane.
  template <FastPath::Kind K, bool Direct>
  void run_fast_as(const CompiledInstruction& c, exec::Recorder& recorder) {
    const FastPath f = c.fast;
    const uint64_t address_mask = f.wide_address ? ~0ULL : 0xffffffffULL;
    const numeric::AddRules add_rules = c.operation.floats.add;
    uint32_t* const file = regs.lane_r(0);
    const uint8_t* const predicates = regs.lane_p(0);
    const uint32_t r_stride = regs.stride(), p_stride = p_.p_count;
    const auto source = [zero = regs.zero_slot()](int16_t slot) { return slot < 0 ? zero : static_cast<uint32_t>(slot); };
    const uint32_t base_lo = source(f.base_lo), base_hi = source(f.base_hi), value_lo = source(f.value_lo),
                   value_hi = source(f.value_hi), compare_lo = source(f.compare_lo), compare_hi = source(f.compare_hi);
    uint64_t operations = 0, retries = 0;
    // A direct address: t = tid % modulus steps with the lane and wraps at most once, since
    // plan_lazy_registers() asks for modulus ≥ group size (no modulus: a bound never reached).
    const uint64_t modulus = f.address.of == scenario::Expression::Affine::Of::lane ? p_.group_size : f.address.modulus;
    const uint64_t first = group_ * p_.group_size;
    const uint64_t t0 = modulus ? first % modulus : first;
    const uint64_t wrap = modulus ? modulus : ~uint64_t{0};
    // The cached page as plain values: the same hit test as DeviceMemory::translate() for an
    // aligned 4-byte global write, which a miss then calls (and refreshes these from).
    memory::DeviceMemory::TranslationCache cache = cache_;
    uint64_t page_low = 0, page_span = 0;
    std::byte* page_host = nullptr;
    const auto remember = [&] {
      const bool usable = cache.space == memory::Space::global && cache.writable && cache.high > cache.low;
      page_low = cache.low;
      page_span = usable ? cache.high - cache.low : 0;
      page_host = cache.host;
    };
    remember();
    const auto word_at = [&](uint64_t address) -> memory::Expected<std::byte*> {
      if (address >= page_low && address - page_low + 4 <= page_span && (address & 3) == 0)
        return page_host + (address - page_low);
      auto host = memory_.translate(address, 4, memory::Intent::write, memory::Space::global, cache);
      remember();
      return host;
    };
    // A lane whose access faults takes the general path, which reports it; the cache travels
    // with it.
    const auto slow = [&](uint32_t lane, uint64_t address, const alu::Operands& operands) {
      cache_ = cache;
      slow_lane(lane, address, operands, recorder);
      cache = cache_;
      remember();
    };
    for (uint64_t bits = masks_.bits; bits != 0; bits &= bits - 1) {
      const auto lane = static_cast<uint32_t>(std::countr_zero(bits));
      if (!f.guard_always) {
        const bool predicate = f.guard >= 0 && predicates[lane * p_stride + static_cast<uint32_t>(f.guard)] != 0;
        if (predicate == f.guard_negated) continue;
      }
      uint32_t* r = file + lane * r_stride;
      const auto pair = [r](uint32_t lo, uint32_t hi) { return r[lo] | (uint64_t{r[hi]} << 32); };
      uint64_t base;
      if (Direct || f.address_direct) {
        uint64_t t = t0 + lane;
        if (t >= wrap) t -= wrap;
        base = f.address.base + f.address.stride * t;
      } else {
        base = pair(base_lo, base_hi);
      }
      const uint64_t address = (base + f.offset) & address_mask;
      // Only the compare-and-swap family (kind `any`) has a compare operand.
      const alu::Operands operands{Direct || f.value_direct ? f.value : pair(value_lo, value_hi),
                                   K == FastPath::Kind::any ? pair(compare_lo, compare_hi) : 0};
      uint64_t returned;
      if constexpr (K == FastPath::Kind::add32) {
        const auto host = word_at(address);
        if (!host) {
          slow(lane, address, operands);
          continue;
        }
        returned = std::atomic_ref<uint32_t>(*reinterpret_cast<uint32_t*>(*host))
                       .fetch_add(static_cast<uint32_t>(operands.value), std::memory_order_seq_cst);
        ++operations;
      } else if constexpr (K == FastPath::Kind::fadd32) {
        // What apply_atomic does for an F32 add, without its dispatch on op and type: the same
        // CAS loop around the same soft-float add (alu::new_value), returning the old bits.
        const auto host = word_at(address);
        if (!host) {
          slow(lane, address, operands);
          continue;
        }
        const auto value = static_cast<uint32_t>(operands.value);
        std::atomic_ref<uint32_t> word(*reinterpret_cast<uint32_t*>(*host));
        uint32_t observed = word.load(std::memory_order_relaxed);
        while (!word.compare_exchange_weak(observed,
                                           static_cast<uint32_t>(numeric::add<numeric::Single>(observed, value, add_rules)),
                                           std::memory_order_seq_cst, std::memory_order_relaxed))
          ++retries;
        ++operations;
        returned = observed;
      } else {
        uint32_t lane_retries = 0;
        const auto result =
            exec::apply_atomic(memory_, address, c.operation, operands, memory::Space::global, &lane_retries, &cache);
        if (!result) {
          slow(lane, address, operands);
          continue;
        }
        ++operations;
        retries += lane_retries;
        returned = result->returned;
      }
      if (f.rd_lo >= 0) r[f.rd_lo] = static_cast<uint32_t>(returned);
      if (f.rd_hi >= 0) r[f.rd_hi] = static_cast<uint32_t>(returned >> 32);
    }
    cache_ = cache;
    recorder.counters.operations += operations;
    recorder.counters.cas_retries += retries;
  }

  void slow_lane(uint32_t lane, uint64_t address, const alu::Operands& operands, exec::Recorder& recorder) {
    LaneWork w;
    w.lane = lane;
    w.address = address;
    w.operands = operands;
    perform_lane(w, recorder);
  }

  void perform_lane(LaneWork& w, exec::Recorder& recorder) {
    const CompiledInstruction& c = p_.code[current_];
    const Instruction& in = c.instruction;
    const uint64_t tid = tid_of(w.lane);
    w.done = true;
    if (w.fault) {
      recorder.fault(tid, static_cast<uint32_t>(current_), *w.fault);
      if (p_.stop_after_fault) stopped_ = true;
      return;
    }
    uint64_t lo = 0, hi = 0;
    bool sparse_hit = false;
    if (c.width_bytes == 16) {
      const auto r = in.op == AtomOp::EXCH ? memory::exchange128(memory_, w.address, w.value128, w.space)
                                           : memory::compare_exchange128(memory_, w.address, w.compare128, w.value128, w.space);
      if (!r) {
        if (!sparse(r.error(), in, recorder, tid)) return;
        sparse_hit = true;
      } else {
        lo = r->lo;
        hi = r->hi;
      }
    } else {
      uint32_t retries = 0;
      const auto r = exec::apply_atomic(memory_, w.address, c.operation, w.operands, w.space, &retries, &cache_);
      if (!r) {
        if (!sparse(r.error(), in, recorder, tid)) return;
        sparse_hit = true;
      } else {
        recorder.operation(retries);
        lo = r->returned;
        if (p_.log_atomics) {
          exec::ObservedAtomic atomic{c.operation, w.operands, std::nullopt, tid};
          if (in.rd) atomic.returned = r->returned;
          log.push_back({w.address, atomic});
        }
      }
    }
    if (c.width_bytes == 16 && !sparse_hit) recorder.operation();
    // Destinations: Rd (old value, or the CAST flag), Ps (sparse status), Pu (performed, or the
    // CAST flag when a modern CAST.SPIN names Pu in place of Rd).
    const bool cast = in.op == AtomOp::CAST || in.op == AtomOp::CAST_SPIN;
    if (in.rd) {
      const int registers = cast ? 1 : in.data_registers();
      if (sparse_hit) regs.set_r_wide(w.lane, *in.rd, 0, 0, registers);
      else regs.set_r_wide(w.lane, *in.rd, lo, hi, registers);
    }
    if (in.ps) regs.set_p(w.lane, *in.ps, sparse_hit);
    if (in.pu) regs.set_p(w.lane, *in.pu, cast && !in.rd ? !sparse_hit && lo != 0 : !sparse_hit);
  }

  // A sparse-page fault on an instruction with Ps is a status, not a fault (ASSUMPTION §6.6);
  // without Ps it is an out-of-range fault (§7.4). Returns whether it was a Ps status.
  bool sparse(const memory::Fault& f, const Instruction& in, exec::Recorder& recorder, uint64_t tid) {
    if (f.kind == memory::FaultKind::sparse && in.ps) return true;
    memory::Fault reported = f;
    if (f.kind == memory::FaultKind::sparse) reported.kind = memory::FaultKind::out_of_range;
    recorder.fault(tid, static_cast<uint32_t>(current_), reported);
    if (p_.stop_after_fault) stopped_ = true;
    return false;
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
      return shared_window.base + (offset & 0xffffffffULL);  // a 32-bit offset into the CTA's shared memory
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

  // Starts instruction `index`: every participating lane reads its sources into work_.
  void prepare(size_t index) {
    current_ = index;
    work_.clear();
    const CompiledInstruction& c = p_.code[index];
    const Instruction& in = c.instruction;
    const int registers = in.data_registers();
    std::array<bool, 32> bank_taken{};
    for (uint32_t lane = 0; lane < p_.group_size; ++lane) {
      if (!masks_.has(lane)) continue;
      const bool guard = regs.p(lane, in.guard.predicate) != in.guard.negated;
      if (!guard) continue;
      LaneWork& w = work_.emplace_back();
      w.lane = lane;
      if (in.is_surface())
        locate_on_surface(in, lane, w);
      else
        w.address = address_of(in, lane, w.space);
      if (c.width_bytes == 16) {
        const auto quad = [&](std::optional<uint8_t> reg) {
          if (!reg) return Bits128{};
          return Bits128{regs.r64(lane, *reg), regs.r64(lane, static_cast<uint8_t>(*reg + 2))};
        };
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
        w.skip_access = bank_taken[bank];
        bank_taken[bank] = true;
      }
    }
    // Lanes that lost their bank return 0 without an access (no event to schedule); so do lanes
    // whose surface write is dropped, with Ps = false (PROPOSED §8.3) and Pu = true: nothing is
    // left for a software fallback to do. Every lane's sources were read above.
    if (in.op != AtomOp::CAST_SPIN && !in.is_surface()) return;
    for (LaneWork& w : work_) {
      if (!w.skip_access && !w.dropped) continue;
      w.done = true;
      if (w.skip_access) {
        if (in.rd) regs.set_r(w.lane, *in.rd, 0);
        if (in.pu && !in.rd) regs.set_p(w.lane, *in.pu, false);  // modern CAST.SPIN: Pu is the flag
        continue;
      }
      if (in.rd) regs.set_r_wide(w.lane, *in.rd, 0, 0, in.data_registers());
      if (in.ps) regs.set_p(w.lane, *in.ps, false);
      if (in.pu) regs.set_p(w.lane, *in.pu, true);
    }
  }

  // §8.3 for one lane: the handle entry (bound: the constant-bank word; bindless: Rc), the
  // coordinates from Ra, Ra+1, Ra+2, then the element, a dropped write, or a fault.
  void locate_on_surface(const Instruction& in, uint32_t lane, LaneWork& w) const {
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
    } else if (!target->accesses_memory()) {
      w.dropped = true;
    } else {
      w.address = target->address;
    }
  }

  void rebuild() {
    events_.clear();
    event_work_.clear();
    if (current_ >= p_.code.size()) return;
    const uint64_t width = static_cast<uint64_t>(p_.code[current_].width_bytes);
    for (size_t i = 0; i < work_.size(); ++i) {
      if (work_[i].done) continue;
      const uint64_t bytes = work_[i].fault ? 0 : width;  // a faulting lane touches nothing
      events_.push_back({static_cast<uint32_t>(current_), work_[i].lane, {work_[i].address, bytes, true}});
      event_work_.push_back(i);
    }
  }

  const Program& p_;
  memory::DeviceMemory& memory_;
  uint64_t group_ = 0;
  exec::LaneMask masks_;
  size_t next_ = 0;
  size_t current_ = 0;
  bool stopped_ = false;
  std::vector<LaneWork> work_;
  std::vector<exec::Event> events_;
  std::vector<size_t> event_work_;
  memory::DeviceMemory::TranslationCache cache_;  // the page of the last access (kept across groups)
  bool lazy_ = false;
};

// One copy of the scenario's device. Two ways to hold its warps:
//   eager     every warp exists from the start with its registers (deterministic and exhaustive
//             modes, inspection, `explainable`): the schedules may interleave any of them;
//   streamed  the parallel mode's: one warp per host worker, reset for each group it takes;
//             only the registers expectations read are kept, per lane, after a warp finishes.
class SassMachine final : public scenario::Machine, private exec::AgentStream {
 public:
  SassMachine(const Program& p, support::Diagnostics& d, bool streamed) : p_(p), streamed_(streamed) {
    memory_.set_window(memory::Space::local, local_window);
    memory_.set_window(memory::Space::shared, shared_window);
    d = scenario::setup_memory(*p.scenario, memory_, p.group_size);
    const exec::Launch launch{p.scenario->launch.lanes, p.group_size};
    if (streamed_) {
      setup_notes_ = d;
      kept_values_.assign(launch.lanes * p.kept.size(), 0);
      return;
    }
    for (uint64_t g = 0; g < launch.groups(); ++g) {
      warps_.push_back(std::make_unique<Warp>(p, memory_));
      if (!warps_.back()->begin(g)) {
        d.append(first_setup_error(p));
        return;
      }
      agents_.push_back(warps_.back().get());
    }
  }

  std::span<exec::Agent* const> agents() override {
    if (streamed_) throw std::logic_error("a streamed SASS machine runs only in parallel mode");
    return agents_;
  }
  memory::DeviceMemory& memory() override { return memory_; }
  exec::AgentStream* stream() override { return streamed_ ? this : nullptr; }

  // Is every returned value explained by some serial order of the atomics, per address?
  std::pair<bool, std::string> explain() {
    memory::DeviceMemory initial;  // the memory as it was before the run
    initial.set_window(memory::Space::local, local_window);
    initial.set_window(memory::Space::shared, shared_window);
    (void)scenario::setup_memory(*p_.scenario, initial, p_.group_size);
    std::vector<const std::vector<LoggedAtomic>*> logs;
    for (const auto& warp : warps_) logs.push_back(&warp->log);
    return scenario::explain_logged(initial, memory_, logs);
  }

  scenario::Observation observe(const exec::RunResult& run) override {
    scenario::Observation o;
    o.memory = &memory_;
    o.group_size = p_.group_size;
    o.faults = run.faults;
    o.lane_value = [this](std::string_view name, uint64_t tid) -> std::optional<uint64_t> {
      const auto reg = parse_register(name);
      if (!reg) return std::nullopt;
      if (!streamed_) return warps_[tid / p_.group_size]->regs.value(*reg, static_cast<uint32_t>(tid % p_.group_size));
      for (size_t k = 0; k < p_.kept.size(); ++k)
        if (p_.kept[k].bank == reg->bank && p_.kept[k].index == reg->index) return kept_values_[tid * p_.kept.size() + k];
      return std::nullopt;
    };
    if (p_.log_atomics) o.explainable = explain();
    o.lane_active = [this](uint64_t tid) { return lane_takes_part(p_, tid); };
    return o;
  }

 private:
  // exec::AgentStream: one reusable warp per worker.
  std::size_t size() const override { return exec::Launch{p_.scenario->launch.lanes, p_.group_size}.groups(); }
  void start(unsigned workers) override {
    stream_warps_.clear();
    for (unsigned k = 0; k < workers; ++k) stream_warps_.push_back(std::make_unique<Warp>(p_, memory_, true));
  }
  void run(std::size_t index, unsigned worker, exec::Recorder& recorder) override {
    Warp& warp = *stream_warps_[worker];
    if (!warp.begin(index)) {
      support::Diagnostics d = setup_notes_;
      d.append(first_setup_error(p_));
      throw scenario::LaneSetupError(std::move(d));
    }
    warp.run(recorder);
    if (p_.kept.empty()) return;
    const uint32_t count = exec::Launch{p_.scenario->launch.lanes, p_.group_size}.lanes_in_group(index);
    const uint64_t first = index * p_.group_size;
    for (uint32_t lane = 0; lane < count; ++lane)
      for (size_t k = 0; k < p_.kept.size(); ++k)
        kept_values_[(first + lane) * p_.kept.size() + k] = static_cast<uint32_t>(warp.regs.value(p_.kept[k], lane));
  }

  const Program& p_;
  bool streamed_;
  memory::DeviceMemory memory_;
  std::vector<std::unique_ptr<Warp>> warps_;  // eager
  std::vector<exec::Agent*> agents_;
  std::vector<std::unique_ptr<Warp>> stream_warps_;  // streamed: one per worker
  std::vector<uint32_t> kept_values_;                // streamed: lanes × p_.kept
  support::Diagnostics setup_notes_;                 // streamed: what memory setup said
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
      a.descriptor || in.ps || in.pu || in.op == AtomOp::CAST || in.op == AtomOp::CAST_SPIN ||
      !(c.width_bytes == 2 || c.width_bytes == 4 || c.width_bytes == 8))
    return f;
  const auto slot = [&](int index) -> int16_t { return index >= RZ ? -1 : p.r_slot[static_cast<size_t>(index)]; };
  f.guard_always = in.guard.predicate == PT && !in.guard.negated;
  f.guard_negated = in.guard.negated;
  f.guard = in.guard.predicate == PT ? -1 : p.p_slot[in.guard.predicate];
  if (in.guard.predicate == PT && in.guard.negated) return f;  // @!PT: never runs; rare
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
  const bool add32 = c.operation.op == alu::Op::add && !alu::is_float(c.operation.type) && c.width_bytes == 4;
  const bool fadd32 = c.operation.op == alu::Op::add && c.operation.type == alu::Type::f32 && c.width_bytes == 4;
  f.kind = add32 ? FastPath::Kind::add32 : fadd32 ? FastPath::Kind::fadd32 : FastPath::Kind::any;
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
    if (c.fast.kind == FastPath::Kind::none) return;
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
    if (inits_of[slot] == 1 && (constant || (affine && affine->half != Affine::Half::whole))) by_slot[slot] = &init;
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
          CompiledInstruction c{in, std::get<alu::Operation>(resolved), in.data_bits() / 8, {}};
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

scenario::RunResult run_scenario(const scenario::Scenario& s, const scenario::RunOptions& options) {
  return run_scenario_and_inspect(s, options, nullptr);
}

scenario::RunResult run_scenario_and_inspect(const scenario::Scenario& s, const scenario::RunOptions& options,
                                             const std::function<void(const scenario::Observation&)>& inspect) {
  auto prepared = prepare(s);
  if (auto* d = std::get_if<support::Diagnostics>(&prepared)) return *d;
  const Program& p = std::get<Program>(prepared);
  // execute() owns the machines it makes and releases them before returning; to show `inspect`
  // the last one observed, each is handed over behind a forwarding Machine that shares it.
  struct Seen {
    std::shared_ptr<SassMachine> machine;  // keeps the observation's memory and registers alive
    scenario::Observation observation;
  };
  struct Shared final : scenario::Machine {
    std::shared_ptr<SassMachine> machine;
    std::optional<Seen>* last;  // null: nobody inspects
    Shared(std::shared_ptr<SassMachine> m, std::optional<Seen>* l) : machine(std::move(m)), last(l) {}
    std::span<exec::Agent* const> agents() override { return machine->agents(); }
    memory::DeviceMemory& memory() override { return machine->memory(); }
    exec::AgentStream* stream() override { return machine->stream(); }
    scenario::Observation observe(const exec::RunResult& run) override {
      scenario::Observation o = machine->observe(run);
      if (last) *last = Seen{machine, o};
      return o;
    }
  };
  std::optional<Seen> last;
  // The parallel mode streams its warps unless someone needs every lane's registers afterwards.
  const bool streamed = options.mode == scenario::Mode::parallel && !inspect && !p.log_atomics;
  auto result = scenario::execute(s, options, [&]() -> scenario::MachineOrError {
    support::Diagnostics d;
    auto machine = std::make_shared<SassMachine>(p, d, streamed);
    if (d.has_errors()) return d;
    return std::make_unique<Shared>(std::move(machine), inspect ? &last : nullptr);
  });
  if (inspect && last) inspect(last->observation);
  if (auto* report = std::get_if<scenario::RunReport>(&result))
    report->notes.insert(report->notes.end(), p.notes.begin(), p.notes.end());
  return result;
}

}  // namespace gpuatom::nvidia
