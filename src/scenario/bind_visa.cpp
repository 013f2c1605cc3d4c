// Binds `isa = "visa"` scenarios (spec/intel.md §1, §5, §6.1, §7, §8): each group is one hardware
// thread running the vISA program, with its own copy of every declared general variable and
// predicate. Per instruction the enabled channels (ChEn, §6.1) read their address and sources
// first, then perform one atomic each (ascending channel in the parallel and deterministic
// modes, every order in exhaustive mode); channel n's returned value goes to Dst element n
// (16-bit: zero-extended into dword n, ASSUMPTION §5.1). Dst null still updates memory. A
// faulting channel (unmapped, misaligned) changes nothing; the others complete (§7).
//
// TYPED_ATOMIC (§8): a [[surface]] whose `header` equals the instruction's surface index supplies
// the descriptor (type, extents, mip levels, texel size, placement). Each enabled channel reads
// U, V, R and LOD (UD; null reads 0) when the instruction starts and maps them per surface type:
// 1d: x = U; 1d_array: x = U, array index = V; 2d: x = U, y = V; 2d_array: x = U, y = V, array
// index = R; 3d: x = U, y = V, z = R; mip level = LOD. Coordinates are unsigned; a coordinate at
// or past its extent at that level, or LOD ≥ mip_levels, is out of bounds: the channel's Dst
// element becomes 0 (when Dst is not null), memory is not touched, and no event is scheduled.
//
// [lanes] keys name variables: element e of a variable in group g gets the expression at
// tid = g × group + e, lane = e (predicates: bit e = value ≠ 0). The launch's `active` is the
// execution mask EM (bit k: lane k of the group is launched and active).
//
// An `explainable` expectation logs every performed atomic (address, operation, operands,
// returned value unless Dst is null, channel tid) for the serial-order check.
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <array>
#include <cstring>
#include <map>
#include <memory>

#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/intel/validator.hpp"
#include "gpuatom/intel/surface_access.hpp"
#include "gpuatom/memory/surface.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/bound_machine.hpp"
#include "gpuatom/scenario/execute.hpp"
#include "gpuatom/scenario/memory_setup.hpp"
#include "gpuatom/scenario/symbols.hpp"

namespace gpuatom::scenario {

namespace {

using namespace intel;  // the vISA front-end: instructions, declarations, validator
using intel::OperandSlot;

constexpr uint32_t default_group = 8;  // SIMD8
constexpr uint32_t max_group = 32;     // the execution mask has 32 bits
// Channels of one executor group in a batched streamed run (Program::batch): the lane mask's bits.
constexpr uint32_t max_batch_lanes = exec::max_group_size;

// The operands a channel reads, in one order: SVM's address and sources, TYPED's coordinates.
enum Read : uint8_t { read_address, read_src0, read_src1, read_u, read_v, read_r, read_lod, read_count };
constexpr std::array<OperandSlot, read_count> read_slots = {OperandSlot::addresses, OperandSlot::src0, OperandSlot::src1, OperandSlot::u,
                                                     OperandSlot::v,         OperandSlot::r,    OperandSlot::lod};

struct CompiledInstruction {
  Instruction instruction;
  alu::Operation operation;
  OperandPlacement placement;  // where Src0 and Src1 go in the ALU's operands
  unsigned access_bytes = 4;  // memory bytes per channel: 2, 4 or 8
  unsigned data_bytes = 4;    // bytes per channel in Src0/Src1/Dst (16-bit ops keep dwords)
  unsigned address_bytes = 8;
  // LSC's effective address (docs/intel-igc.md §4.2): scale × address + offset, in the address
  // size's bits (a32: the low 32, zero-extended). Identity for SVM.
  uint64_t address_scale = 1;
  uint64_t address_offset = 0;  // two's complement of a negative offset
  uint64_t address_mask = ~uint64_t{0};
  uint64_t address_base = 0;  // shared local memory: the start of the region options.slm names
  bool address_transform = false;
  // TYPED_ATOMIC: the bound surface's descriptor and type (§8); nullptr for SVM. The shortcut
  // answers the in-bounds channels of a pitch-linear surface at level 0.
  const memory::SurfaceDescriptor* surface = nullptr;
  memory::SurfaceDim dim = memory::SurfaceDim::d2;
  memory::PitchLinearShortcut shortcut;
  // Dst shares no byte with what the channels read (sources, addresses, coordinates), so a channel
  // may write before the next one reads (exec::EachLane).
  bool independent = false;
  // Streamed runs (plan_direct_operands): an operand computed per channel from the [lanes]
  // expression of the variable it reads (init < 0: read from the variable), element first + n for
  // channel n, cut to the element's bytes; and whether anything reads Dst's bytes afterwards.
  struct Direct {
    int init = -1;
    uint32_t first = 0;
    Expression::Affine form;  // a constant is the form of stride 0
    uint64_t size_mask = 0;
    // The channels' values when they are the same in every group (a constant, or a form of
    // `lane`), computed once; empty when they depend on tid.
    std::vector<uint64_t> invariant;
  };
  std::array<Direct, read_count> direct;
  bool all_direct = false;  // every operand the form reads is direct or null
  // No predicate and no NoMask: the enabled channels are EM's window (channel_enable's common case).
  bool em_window = false;
  unsigned em_offset = 0;
  uint32_t em_channels = 0;  // the window's mask
  bool dst_observed = true;
  // Src0 alone, and TYPED on a 1D or 2D surface without LOD: the shape ThreadLanes::as_line takes.
  bool line_shape = false;
};

struct Init {
  bool predicate = false;
  uint32_t id = 0;  // variable id or predicate id
  Expression value;
  support::SourceLocation where;
  // Where its elements go, resolved once (prepare): `elements` of `size` bytes from byte `offset`
  // of root variable `root`; `fits`: all of them lie inside it (else element by element).
  uint32_t elements = 0;
  unsigned size = 0;
  uint32_t root = 0;
  uint64_t offset = 0;
  bool fits = false;
  std::optional<uint64_t> constant;  // the value, when it reads no variable
  bool lazy = false;  // streamed: only direct operands read it, so it is never stored
};

// Where each general variable's bytes live (its root variable and the offset in it), resolved
// once from the declaration table instead of walking alias chains on every operand access.
struct Layout {
  std::vector<uint32_t> root;    // by id − first_user_variable_id: index into GroupState::variables
  std::vector<uint32_t> offset;  // byte offset within the root

  Layout() = default;
  explicit Layout(const DeclarationTable& t) {
    for (uint32_t k = 0; k < t.generals().size(); ++k) {
      const auto s = t.storage(first_user_variable_id + k);
      // A chain ending in IGC's predefined %r0 (or the like) has no storage here: the validator
      // and the scenario's checks keep every such variable out of reach.
      root.push_back(s.root_id < first_user_variable_id ? no_root : s.root_id - first_user_variable_id);
      offset.push_back(s.offset);
    }
  }
  static constexpr uint32_t no_root = ~uint32_t{0};
  // False for the null variable, for ids that name no general variable, and for variables that
  // alias IGC's predefined ones.
  bool has(uint32_t id) const {
    return id >= first_user_variable_id && id - first_user_variable_id < root.size() &&
           root[id - first_user_variable_id] != no_root;
  }
};

struct Program {
  const scenario::Scenario* scenario = nullptr;
  Module module;
  Layout layout;  // of module.declarations, once they are final
  std::vector<CompiledInstruction> code;
  std::vector<std::string> notes;  // worth telling the user, not worth refusing the run
  uint32_t group_size = default_group;
  std::vector<Init> inits;
  std::optional<Expression> active;
  bool log_atomics = false;  // an `explainable` expectation needs every atomic's operands and result
  // No Dst of an instruction overlaps an address or coordinate operand of a later one, so every
  // future access is known from the variables as they are (exhaustive mode's reduction).
  bool static_addresses = false;
  // The parallel mode may stream the threads (one reused per host worker): no expectation reads a
  // variable afterwards and nothing is logged. A [lanes] value that fails to evaluate mid-run is
  // reported as the eager setup reports it (first_setup_error).
  bool streamable = false;
  // Streamed threads need no variable storage at all: every operand is direct or null, no Dst is
  // read back, nothing is predicated (plan_direct_operands).
  bool stateless = false;
  // Hardware threads per executor group in a streamed run (plan_batch): 1, or as many as fill the
  // lane mask when nothing a channel does depends on which thread it is in.
  uint32_t batch = 1;
};

uint64_t evaluate(const Expression& e, uint64_t tid, uint32_t group_size) {
  const auto v = e.evaluate(scenario::lane_slots(tid, group_size));
  return std::holds_alternative<uint64_t>(v) ? std::get<uint64_t>(v) : 0;
}

// One group's registers: the bytes of every root general variable and the predicate bits.
struct GroupState {
  std::vector<std::vector<uint8_t>> variables;  // by id − 32 (aliases have none of their own)
  std::vector<uint32_t> predicates;             // by id − 1

  GroupState(const DeclarationTable& t) {
    for (const GeneralVariable& v : t.generals()) variables.emplace_back(v.alias ? 0 : v.bytes(), uint8_t{0});
    predicates.assign(t.predicates().size(), 0);
  }

  // Back to all zeros, keeping the storage (a streamed thread's next group).
  void clear() {
    for (std::vector<uint8_t>& v : variables) std::fill(v.begin(), v.end(), uint8_t{0});
    std::fill(predicates.begin(), predicates.end(), 0u);
  }
};

// Reads or writes `bytes` (≤ 8) little-endian bytes of variable `id` at byte `offset`; out of
// range reads give 0 and writes are dropped (the validator keeps operands in bounds).
// Little-endian loads and stores of 1, 2, 4 or 8 bytes, each a fixed-size copy (no call).
uint64_t load_le(const uint8_t* p, unsigned bytes) {
  uint64_t v = 0;
  switch (bytes) {
    case 1: std::memcpy(&v, p, 1); break;
    case 2: std::memcpy(&v, p, 2); break;
    case 4: std::memcpy(&v, p, 4); break;
    case 8: std::memcpy(&v, p, 8); break;
    default: std::memcpy(&v, p, bytes < 8 ? bytes : 8); break;
  }
  return v;
}
void store_le(uint8_t* p, unsigned bytes, uint64_t v) {
  switch (bytes) {
    case 1: std::memcpy(p, &v, 1); break;
    case 2: std::memcpy(p, &v, 2); break;
    case 4: std::memcpy(p, &v, 4); break;
    case 8: std::memcpy(p, &v, 8); break;
    default: std::memcpy(p, &v, bytes < 8 ? bytes : 8); break;
  }
}

uint64_t read_bytes(const GroupState& g, const Layout& l, uint32_t id, uint64_t offset, unsigned bytes) {
  if (id == null_variable_id || !l.has(id)) return 0;
  const uint32_t k = id - first_user_variable_id;
  const auto& data = g.variables[l.root[k]];
  const uint64_t at = l.offset[k] + offset;
  if (at + bytes > data.size()) return 0;
  return load_le(data.data() + at, bytes);
}

void write_bytes(GroupState& g, const Layout& l, uint32_t id, uint64_t offset, unsigned bytes, uint64_t v) {
  if (id == null_variable_id || !l.has(id)) return;
  const uint32_t k = id - first_user_variable_id;
  auto& data = g.variables[l.root[k]];
  const uint64_t at = l.offset[k] + offset;
  if (at + bytes > data.size()) return;
  store_le(data.data() + at, bytes, v);
}

uint64_t low_bits(uint64_t v, unsigned bytes) { return bytes >= 8 ? v : v & ((uint64_t{1} << (8 * bytes)) - 1); }

// Where one channel's atomic goes: an address, nowhere (typed out of bounds, §7), or a fault.
struct ChannelTarget {
  bool accesses = true;
  uint64_t address = 0;
  std::optional<memory::Fault> fault;
};

// A channel's target on its surface through surface_element (what the shortcut does not answer).
ChannelTarget typed_target(const CompiledInstruction& c, const memory::RawCoordinates& raw) {
  ChannelTarget target;
  const auto element = memory::surface_element(c.surface, c.dim, raw, typed_coordinate_rules(), c.access_bytes);
  if (!element) {
    target.fault = element.error();
    target.address = element.error().address;
  } else if (!element->accesses_memory()) {
    target.accesses = false;
  } else {
    target.address = element->address;
  }
  return target;
}

// The execution-mask / predicate rule of spec/intel.md §6.1.
uint32_t channel_enable(const Instruction& in, uint32_t em, const GroupState& g) {
  const unsigned offset = in.exec.channel_offset();
  const unsigned n_channels = in.exec.channels;
  if (!in.predicate.present() && !in.exec.no_mask()) {  // the common case: EM's window
    const uint32_t all_channels = n_channels >= 32 ? 0xffffffffu : (1u << n_channels) - 1u;
    return offset < 32 ? (em >> offset) & all_channels : 0;
  }
  uint32_t enabled = 0;
  uint32_t pm = 0xffffffffu;
  if (in.predicate.present()) {
    const uint32_t bits = in.predicate.id - 1u < g.predicates.size() ? g.predicates[in.predicate.id - 1u] : 0;
    uint32_t window = 0;
    for (unsigned n = 0; n < n_channels; ++n)
      if (n + offset < 32 && ((bits >> (n + offset)) & 1u)) window |= 1u << n;
    const uint32_t all_channels = n_channels >= 32 ? 0xffffffffu : (1u << n_channels) - 1u;
    if (in.predicate.control == PredicateControl::any) window = window != 0 ? all_channels : 0;
    if (in.predicate.control == PredicateControl::all) window = window == all_channels ? all_channels : 0;
    if (in.predicate.invert) window = ~window & all_channels;
    pm = window;
  }
  for (unsigned n = 0; n < n_channels; ++n) {
    const bool on = in.exec.no_mask() || (n + offset < 32 && ((em >> (n + offset)) & 1u));
    if (on && ((pm >> n) & 1u)) enabled |= 1u << n;
  }
  return enabled;
}

bool fill(const Program& p, GroupState& state, uint64_t g, bool streamed = false);

// A direct operand of a streamed run: its values for the group's channels, computed when the
// instruction starts (ThreadLanes::compute), or zeros (a null operand).
class ComputedOperand {
 public:
  ComputedOperand() = default;
  explicit ComputedOperand(const uint64_t* values) : values_(values) {}
  [[gnu::always_inline]] uint64_t value(uint32_t n) const { return values_[n]; }
  const uint64_t* values() const { return values_; }

 private:
  static constexpr uint64_t zeros[max_batch_lanes] = {};
  const uint64_t* values_ = zeros;
};

// Any operand of channel n: computed, the variable's bytes, the variable element by element (an
// operand partly outside its variable: out-of-range elements read 0), or 0 (null).
class AnyOperand {
 public:
  AnyOperand() = default;
  explicit AnyOperand(const ComputedOperand& computed) : kind_(Kind::computed), computed_(computed) {}
  // Operand `o` of `element` bytes per channel in `state`.
  AnyOperand(const GroupState& state, const Layout& layout, const RawOperand& o, unsigned element,
                unsigned channels) {
    if (o.id == null_variable_id || !layout.has(o.id)) return;
    size_ = element;
    const uint32_t k = o.id - first_user_variable_id;
    const auto& data = state.variables[layout.root[k]];
    const uint64_t at = layout.offset[k] + o.offset;
    if (at + uint64_t{channels} * element <= data.size()) {
      kind_ = Kind::bytes;
      bytes_ = data.data() + at;
    } else {
      kind_ = Kind::checked;
      state_ = &state;
      layout_ = &layout;
      id_ = o.id;
      offset_ = o.offset;
    }
  }

  uint64_t value(uint32_t n) const {
    switch (kind_) {
      case Kind::zero: return 0;
      case Kind::computed: return computed_.value(n);
      case Kind::bytes: return load_le(bytes_ + uint64_t{n} * size_, size_);
      case Kind::checked: return read_bytes(*state_, *layout_, id_, offset_ + uint64_t{n} * size_, size_);
    }
    return 0;
  }

 private:
  enum class Kind : uint8_t { zero, computed, bytes, checked } kind_ = Kind::zero;
  unsigned size_ = 0;
  const uint8_t* bytes_ = nullptr;
  uint64_t offset_ = 0;
  uint32_t id_ = 0;
  const GroupState* state_ = nullptr;
  const Layout* layout_ = nullptr;
  ComputedOperand computed_;
};

// An instruction's address, coordinates and sources for channel n, each an Operand
// (ComputedOperand or AnyOperand): the ones the form reads, SVM's address and sources or
// TYPED's sources and coordinates.
template <class Operand, bool Typed>
class ChannelReader {
 public:
  static constexpr uint8_t first = Typed ? read_src0 : read_address;
  static constexpr uint8_t last = Typed ? read_count : read_src1 + 1;

  template <class Make>
  ChannelReader(const CompiledInstruction& c, Make&& make)
      : c_(c),
        shortcut_(c.shortcut),
        placement_(c.placement),
        keep_(low_bits(~uint64_t{0}, c.access_bytes)),
        src0_only_(c.placement.src0_only()),
        transform_(c.address_transform),
        scale_(c.address_scale),
        offset_(c.address_offset),
        mask_(c.address_mask),
        base_(c.address_base) {
    for (uint8_t r = first; r < last; ++r) operands_[r - first] = make(static_cast<Read>(r));
    if constexpr (Typed) {
      // U, V, R, LOD as the surface's coordinates (intel::typed_coordinate_operands); the zero
      // slot where the dimension has none.
      const TypedCoordinateOperands map = typed_coordinate_operands(c.dim);
      const auto pick = [&](std::optional<OperandSlot> o) { return operands_[o ? slot(read_of(*o)) : zero_slot]; };
      y_ = pick(map.y);
      slice_ = pick(map.slice);
      layer_ = map.slice_is_layer;
      x_ = operands_[slot(read_u)];
      level_ = operands_[slot(read_lod)];
    }
  }
  [[gnu::always_inline]] alu::Operands operands(uint32_t n) const {
    if (src0_only_) return {at(read_src0, n) & keep_, 0};  // add, min, … : Src0 is the value
    return placement_(at(read_src0, n) & keep_, at(read_src1, n) & keep_);
  }
  // The common case of target(): an address that accesses memory without a fault (SVM always;
  // TYPED when the pitch-linear shortcut answers). False: ask target(), which says what instead.
  // (No ChannelTarget per channel: its optional fault was built and copied for every channel.)
  [[gnu::always_inline]] bool plain_target(uint32_t n, uint64_t& address) const {
    if constexpr (!Typed) {
      address = at(read_address, n);
      if (transform_) [[unlikely]]
        address = ((address * scale_ + offset_) & mask_) + base_;
      return true;
    } else {
      const auto coordinate = [&](const Operand& o) { return static_cast<uint32_t>(o.value(n)); };
      return shortcut_.address(coordinate(x_), coordinate(y_), coordinate(slice_), coordinate(level_), address);
    }
  }
  // SVM: the address read; TYPED: U/V/R/LOD mapped through the surface (§8). (Inlined: out of
  // line, GCC 12 warns, wrongly, that the reader's operands are read past its array.)
  [[gnu::always_inline]] ChannelTarget target(uint32_t n) const {
    uint64_t address;
    if (plain_target(n, address)) return {true, address, std::nullopt};
    if constexpr (Typed) return typed_target(c_, coordinates(n));
    return {};
  }

 private:
  [[gnu::always_inline]] memory::RawCoordinates coordinates(uint32_t n) const {
    const auto coordinate = [&](const Operand& o) { return static_cast<uint32_t>(o.value(n)); };
    return {coordinate(x_), coordinate(y_), layer_ ? 0 : coordinate(slice_), layer_ ? coordinate(slice_) : 0,
            coordinate(level_)};
  }
  [[gnu::always_inline]] uint64_t at(Read r, uint32_t n) const { return operands_[r - first].value(n); }
  static constexpr uint8_t slot(Read r) { return static_cast<uint8_t>(r - first); }
  static constexpr uint8_t zero_slot = last - first;  // an operand that reads 0
  static constexpr Read read_of(OperandSlot o) {
    for (uint8_t r = 0; r < read_count; ++r)
      if (read_slots[r] == o) return static_cast<Read>(r);
    return read_count;
  }

  const CompiledInstruction& c_;
  // A copy in the reader's frame: stores through the thread's state might alias c_'s, and the
  // surface's extents and pitches would be loaded again for every channel.
  const memory::PitchLinearShortcut shortcut_;
  const OperandPlacement placement_;
  const uint64_t keep_;  // the access's bytes of each source
  const bool src0_only_;
  const bool transform_;  // LSC's scale, offset and address size (CompiledInstruction)
  const uint64_t scale_, offset_, mask_, base_;
  std::array<Operand, last - first + 1> operands_;
  // TYPED: the operands placed as x, y, the slice and the level (copies: no slot to look up per
  // channel).
  Operand x_, y_, slice_, level_;
  bool layer_ = false;  // the slice is an array index, not z
};

// One hardware thread's channels for the executor (exec::GroupLanes): the thread's variables
// and predicates, the channel-enable rule, and where each channel's atomic goes.
class ThreadLanes {
 public:
  ThreadLanes(const Program& p, bool streamed)
      : state(p.module.declarations), p_(p), streamed_(streamed), batch_(streamed ? p.batch : 1) {}

  GroupState state;  // the variables and predicates of the group, after the run

  // Group `group` of the executor: one hardware thread, or `batch_` consecutive ones (whose
  // channels are then lanes first_ … first_ + batch_ × group size − 1, in order).
  bool begin(uint64_t group) {
    const uint32_t channels = p_.group_size * batch_;
    first_ = group * channels;
    const uint64_t lanes = p_.scenario->launch.lanes;
    const auto launched = static_cast<uint32_t>(std::min<uint64_t>(channels, lanes > first_ ? lanes - first_ : 0));
    em_ = launched >= 64 ? ~uint64_t{0} : (uint64_t{1} << launched) - 1;
    if (p_.active)
      for (uint32_t k = 0; k < launched; ++k)
        if (evaluate(*p_.active, first_ + k, p_.group_size) == 0) em_ &= ~(uint64_t{1} << k);
    if (streamed_ && p_.stateless) return true;
    state.clear();
    return fill(p_, state, group, streamed_);
  }
  uint32_t instructions() const { return static_cast<uint32_t>(p_.code.size()); }
  const alu::Operation& operation(uint32_t i) const { return p_.code[i].operation; }
  exec::LaneMask start(uint32_t i) {
    const CompiledInstruction& c = p_.code[i];
    if (batch_ > 1) return {em_};  // every instruction's window is the whole thread (plan_batch)
    const auto em = static_cast<uint32_t>(em_);
    if (c.em_window) return {c.em_offset < 32 ? (em >> c.em_offset) & c.em_channels : 0};
    return {channel_enable(c.instruction, em, state)};
  }

  void read(uint32_t i, std::span<exec::LaneWork> channels) {
    const CompiledInstruction& c = p_.code[i];
    if (c.surface) read_with(any_operands<true>(c), c, channels);
    else read_with(any_operands<false>(c), c, channels);
  }
  // All channels in one loop (exec::EachLane) when they are independent: a channel is its target,
  // its operands, the atomic and a store. A streamed instruction whose operands are all direct (or
  // null) reads them from the computed values with no kind to test.
  template <class Access>
  bool each(uint32_t i, exec::LaneMask mask, Access&& access) {
    const CompiledInstruction& c = p_.code[i];
    if (!c.independent) return false;
    const bool computed = streamed_ && c.all_direct;
    if (computed && as_line(c, mask, access)) return true;
    if (c.surface) {
      if (computed) each_with<true, true>(i, mask, access);
      else each_with<false, true>(i, mask, access);
    } else {
      if (computed) each_with<true, false>(i, mask, access);
      else each_with<false, false>(i, mask, access);
    }
    return true;
  }

  // Out of bounds (§7): zeros returned, the write dropped.
  void finish(uint32_t i, const exec::LaneWork& w) { write_dst(i, w.lane, 0); }
  // 16-bit: the returned bits are zero-extended into the dword (ASSUMPTION §5.1).
  void write(uint32_t i, std::span<const exec::LaneWork> channels) {
    for (const exec::LaneWork& w : channels)
      if (w.completed) write_dst(i, w.lane, w.result.lo);
  }
  std::optional<memory::Fault> fault(uint32_t, const exec::LaneWork&, const memory::Fault& f) { return f; }

  // Every access of the instructions from `next` on, from the variables as they are now: exact
  // when no Dst can change a later address or coordinate (Program::static_addresses).
  bool future_accesses(uint32_t next, std::vector<exec::Access>& out) const {
    if (!p_.static_addresses) return false;
    for (size_t i = next; i < p_.code.size(); ++i) {
      const CompiledInstruction& c = p_.code[i];
      const uint32_t enabled = channel_enable(c.instruction, static_cast<uint32_t>(em_), state);
      if (c.surface) future_with(any_operands<true>(c), c, enabled, out);
      else future_with(any_operands<false>(c), c, enabled, out);
    }
    return true;
  }

 private:
  // Every operand as the run has it: in a streamed run the direct ones computed, the others
  // from the thread's variables.
  template <bool Typed>
  ChannelReader<AnyOperand, Typed> any_operands(const CompiledInstruction& c) const {
    return ChannelReader<AnyOperand, Typed>(c, [&](Read r) {
      if (streamed_ && c.direct[r].init >= 0) return AnyOperand(compute(c, r));
      const unsigned element = r == read_address ? c.address_bytes : r <= read_src1 ? c.data_bytes : 4;
      return AnyOperand(state, p_.layout, c.instruction.operand(read_slots[r]), element, c.instruction.exec.channels);
    });
  }
  // Every operand computed (CompiledInstruction::all_direct, streamed).
  template <bool Typed>
  ChannelReader<ComputedOperand, Typed> computed_operands(const CompiledInstruction& c) const {
    return ChannelReader<ComputedOperand, Typed>(
        c, [&](Read r) { return c.direct[r].init >= 0 ? compute(c, r) : ComputedOperand(); });
  }
  // Direct operand r of instruction c for the group's channels, from its [lanes] form: the values
  // fill() would have stored, cut to the element's bytes.
  ComputedOperand compute(const CompiledInstruction& c, Read r) const {
    const CompiledInstruction::Direct& d = c.direct[r];
    if (!d.invariant.empty()) return ComputedOperand(d.invariant.data());
    uint64_t* out = computed_[r].data();
    d.form.fill(first_ + d.first, p_.group_size, c.instruction.exec.channels * batch_, out, d.size_mask);
    return ComputedOperand(out);
  }

  // A streamed instruction (every operand computed) whose value is Src0 alone, whose Dst nobody
  // keeps and whose channels' addresses lie on a line: the executor's block, no operand stored.
  // SVM: the address form on a line; TYPED: a 1D or 2D surface without LOD, x on a line at one
  // y, every channel in bounds. False: the channels go one by one.
  template <class Access>
  bool as_line(const CompiledInstruction& c, exec::LaneMask mask, Access& access) {
    const bool returns = !c.instruction.operand(OperandSlot::dst).is_null();
    if (!c.line_shape || mask.bits == 0 || (returns && c.dst_observed)) return false;
    const auto lo = static_cast<uint32_t>(std::countr_zero(mask.bits));
    const uint32_t span = 63 - static_cast<uint32_t>(std::countl_zero(mask.bits)) - lo;
    const auto line = [&](Read r, uint64_t& first, uint64_t& step) {
      const CompiledInstruction::Direct& d = c.direct[r];
      return d.init >= 0 && d.form.line(first_ + d.first + lo, span + 1, first, step);
    };
    uint64_t first = 0, step = 0, y = 0, y_step = 0;
    if (!line(c.surface ? read_u : read_address, first, step) ||
        (c.surface && ((c.dim == memory::SurfaceDim::d2 && (!line(read_v, y, y_step) || y_step != 0)) ||
                       !c.shortcut.line(static_cast<uint32_t>(first), static_cast<uint32_t>(step), span,
                                        static_cast<uint32_t>(y), first, step))))
      return false;
    // Src0 as computed (the ALU cuts a value to the operation's width): one value, or one per lane.
    const CompiledInstruction::Direct& v = c.direct[read_src0];
    const ComputedOperand value = v.init >= 0 ? compute(c, read_src0) : ComputedOperand();
    access.block({mask, nullptr, value.values(), nullptr, exec::Path::atomic, memory::Space::global, returns, nullptr,
                  v.init < 0 || v.form.stride == 0, first - step * lo, step});
    return true;
  }

  template <class Reader>
  void read_with(Reader reader, const CompiledInstruction& c, std::span<exec::LaneWork> channels) {
    const bool returns = !c.instruction.operand(OperandSlot::dst).is_null();
    for (exec::LaneWork& w : channels) {
      const uint32_t n = w.lane;
      const ChannelTarget target = reader.target(n);
      if (!target.accesses) {  // out of bounds (§7): no access
        w.access = false;
        continue;
      }
      w.address = target.address;
      w.fault = target.fault;
      w.operands = reader.operands(n);
      w.returns = returns;
    }
  }

  // The reader is made here, in this loop's own frame (passed in by value, its few hundred bytes
  // were copied onto the stack once per group).
  template <bool Computed, bool Typed, class Access>
  void each_with(uint32_t i, exec::LaneMask mask, Access& access) {
    const CompiledInstruction& c = p_.code[i];
    const auto reader = [&] {
      if constexpr (Computed) return computed_operands<Typed>(c);
      else return any_operands<Typed>(c);
    }();
    const Instruction& in = c.instruction;
    const RawOperand& dst_operand = in.operand(OperandSlot::dst);
    const bool returns = !dst_operand.is_null();
    // Dst's bytes for channel 0, or null: not stored (nobody reads it, or it is null).
    uint8_t* dst = nullptr;
    bool dst_checked = false;  // partly outside its variable: element by element
    if (!(streamed_ && !c.dst_observed) && returns && p_.layout.has(dst_operand.id)) {
      const uint32_t k = dst_operand.id - first_user_variable_id;
      auto& data = state.variables[p_.layout.root[k]];
      const uint64_t at = p_.layout.offset[k] + dst_operand.offset;
      if (at + uint64_t{in.exec.channels} * c.data_bytes <= data.size()) dst = data.data() + at;
      else dst_checked = true;
    }
    const unsigned db = c.data_bytes;
    // The loop compiled twice: with Dst's stores, and without them when nothing keeps Dst.
    const auto channels = [&]<bool Stores>() __attribute__((always_inline)) {
      const auto store = [&](uint32_t n, uint64_t bits) {
        if constexpr (Stores) {
          if (dst) store_le(dst + n * db, db, bits);
          else write_dst(i, n, bits);
        }
      };
      for (uint64_t bits = mask.bits; bits != 0; bits &= bits - 1) {
        const auto n = static_cast<uint32_t>(std::countr_zero(bits));
        uint64_t address;
        if (!reader.plain_target(n, address)) [[unlikely]] {
          const ChannelTarget target = reader.target(n);
          if (!target.accesses) {  // out of bounds (§7): zeros returned, no access
            store(n, 0);
            continue;
          }
          if (target.fault) {
            access.fault(n, target.address, *target.fault);
            continue;
          }
          address = target.address;
        }
        uint64_t returned;
        if (access(n, address, reader.operands(n), exec::Path::atomic, memory::Space::global, returns, returned))
          store(n, returned);
      }
    };
    if (dst || dst_checked) channels.template operator()<true>();
    else channels.template operator()<false>();
  }

  template <class Reader>
  void future_with(Reader reader, const CompiledInstruction& c, uint32_t enabled, std::vector<exec::Access>& out) const {
    for (uint32_t n = 0; n < c.instruction.exec.channels; ++n) {
      if (!((enabled >> n) & 1u)) continue;
      const ChannelTarget target = reader.target(n);
      if (target.accesses && !target.fault) out.push_back({target.address, c.access_bytes, true});
    }
  }

  void write_dst(uint32_t i, uint32_t n, uint64_t bits) {
    const CompiledInstruction& c = p_.code[i];
    const RawOperand& dst = c.instruction.operand(OperandSlot::dst);
    write_bytes(state, p_.layout, dst.id, dst.offset + uint64_t{n} * c.data_bytes, c.data_bytes, bits);
  }

  const Program& p_;
  bool streamed_ = false;
  uint32_t batch_ = 1;  // hardware threads in one executor group
  uint64_t first_ = 0;  // the group's first lane
  uint64_t em_ = 0;     // the execution mask of the group's channels (one thread: its low bits)
  // compute()'s values, by operand: scratch for the instruction being read.
  mutable std::array<std::array<uint64_t, max_batch_lanes>, read_count> computed_{};
};

// The first [lanes] value that cannot be evaluated, in the order the eager setup meets it
// (groups, then [lanes] entries, then elements), added to `d` as that setup words it.
void first_setup_error(const Program& p, support::Diagnostics& d) {
  const DeclarationTable& t = p.module.declarations;
  const uint64_t groups = (p.scenario->launch.lanes + p.group_size - 1) / p.group_size;
  for (uint64_t g = 0; g < groups; ++g)
    for (const Init& init : p.inits) {
      const uint32_t elements = init.predicate ? t.predicate(init.id)->num_elts : t.general(init.id)->num_elts;
      for (uint32_t e = 0; e < elements; ++e) {
        const auto v = init.value.evaluate(scenario::SlotValues{g * p.group_size + e, e, g, 0});
        if (auto* err = std::get_if<scenario::ExpressionError>(&v)) {
          support::SourceLocation at = init.where;
          at.column += err->column - 1;
          d.error(at, fmt::format("{} (group {}, element {})", err->message, g, e));
          return;
        }
      }
    }
}

// Fills group g's state from the [lanes] values: a warp of elements at once when element e is
// lane e of the group (tid = g × group + e), else element by element. Returns false when a value
// cannot be evaluated (first_setup_error() says which).
bool fill(const Program& p, GroupState& state, uint64_t g, bool streamed) {
  uint64_t values[64];
  for (const Init& init : p.inits) {
    if (streamed && init.lazy) continue;
    const uint32_t elements = init.elements;
    const uint64_t first = g * p.group_size;
    const bool batch = elements <= p.group_size && elements <= 64 &&
                       init.value.evaluate_lanes(first, elements, p.group_size, values);
    const unsigned size = init.size;
    if (batch && init.fits) {
      // The common case: the elements straight into the variable's bytes.
      uint8_t* bytes = state.variables[init.root].data() + init.offset;
      const auto store = [&]<class T>(T) {
        for (uint32_t e = 0; e < elements; ++e) {
          const auto v = static_cast<T>(values[e]);
          std::memcpy(bytes + uint64_t{e} * sizeof(T), &v, sizeof(T));
        }
      };
      switch (size) {
        case 1: store(uint8_t{}); break;
        case 2: store(uint16_t{}); break;
        case 4: store(uint32_t{}); break;
        default: store(uint64_t{}); break;
      }
      continue;
    }
    for (uint32_t e = 0; e < elements; ++e) {
      uint64_t bits;
      if (batch) {
        bits = values[e];
      } else {
        const auto v = init.value.evaluate(scenario::SlotValues{first + e, e, g, 0});
        if (!std::holds_alternative<uint64_t>(v)) return false;
        bits = std::get<uint64_t>(v);
      }
      if (init.predicate) {
        if (bits != 0) state.predicates[init.id - 1] |= 1u << e;
      } else {
        write_bytes(state, p.layout, init.id, uint64_t{e} * size, size, bits);
      }
    }
  }
  return true;
}

// One copy of the scenario's device: its memory and threads, eager or streamed (the parallel
// mode of a Program::streamable program).
class VisaMachine final : public BoundMachine<ThreadLanes> {
 public:
  VisaMachine(const Program& p, support::Diagnostics& d, bool streamed)
      : BoundMachine(*p.scenario, {p.group_size, false, p.log_atomics}, streamed,
                     [&p, streamed](memory::DeviceMemory& memory, const exec::GroupSettings& settings) {
                       return std::make_unique<Launch::Group>(memory, settings, p, streamed);
                     },
                     {}, d, streamed ? p.batch : 1),
        p_(p),
        setup_notes_(d) {
    if (machine_.begin_groups()) first_setup_error(p, d);
  }

  support::Diagnostics setup_error() override {
    support::Diagnostics d = setup_notes_;
    first_setup_error(p_, d);
    return d;
  }

 private:
  std::optional<uint64_t> lane_value(std::string_view name, uint64_t tid) override {
    const DeclarationTable& t = p_.module.declarations;
    const auto ref = t.lookup(name);
    const uint64_t g = tid / p_.group_size;
    const uint32_t e = static_cast<uint32_t>(tid % p_.group_size);
    if (!ref || machine_.streamed() || g >= machine_.launch().groups()) return std::nullopt;  // streamed: no state is kept
    const GroupState& state = machine_.lanes(g).state;
    if (ref->kind == DeclKind::predicate) {
      const PredicateVariable* pv = t.predicate(ref->id);
      if (!pv || e >= pv->num_elts) return std::nullopt;
      return (state.predicates[ref->id - 1] >> e) & 1u;
    }
    if (ref->kind != DeclKind::general || !p_.layout.has(ref->id)) return std::nullopt;
    const GeneralVariable* var = t.general(ref->id);
    if (!var || e >= var->num_elts) return std::nullopt;
    const unsigned size = info(var->type).bytes;
    return read_bytes(state, p_.layout, ref->id, uint64_t{e} * size, size);
  }
  std::function<bool(uint64_t)> lane_active() override {
    if (!p_.active) return {};
    return [this](uint64_t tid) { return evaluate(*p_.active, tid, p_.group_size) != 0; };
  }

  const Program& p_;
  support::Diagnostics setup_notes_;  // what memory setup said
};

// A diagnostic of the program text, moved to its place in the scenario file.
support::Diagnostic at_scenario_line(support::Diagnostic diag, const scenario::Scenario& s) {
  if (diag.where.line == 0) return diag;
  if (diag.where.line == 1 && diag.where.column) diag.where.column += s.program_where.column - 1;
  diag.where.line = s.program_where.line + diag.where.line - 1;
  diag.where.file = s.program_where.file.empty() ? s.file : s.program_where.file;
  return diag;
}

// The surface index of a typed LSC atomic's immediate bti(N), the [[surface]] header it runs on.
std::optional<uint32_t> lsc_bti(const Instruction& in) {
  if (in.form != Form::lsc_typed || in.lsc.addr_type != LscAddrType::bti || in.lsc.surface.is_register) return std::nullopt;
  return in.lsc.surface.value;
}

// Whether the atomic addresses shared local memory (DWORD_ATOMIC on %slm, LSC .slm).
bool on_slm(const Instruction& in) {
  return (in.form == Form::dword && in.surface == 0) || (is_lsc(in.form) && in.lsc.sfid == LscSfid::slm);
}

// Binds each [[surface]] to the declared surface whose index its `header` is: the surface type
// and texel size go into the declaration table (for the validator); the map gives the executor
// the descriptor. A [[surface]] that names no declared surface is an error at its table; one
// whose header a typed LSC atomic's bti(N) names is bound to that atomic alone.
std::map<uint32_t, const scenario::SurfaceText*> bind_surfaces(const scenario::Scenario& s, Module& module,
                                                               support::Diagnostics& d) {
  std::map<uint32_t, const scenario::SurfaceText*> bound;
  DeclarationTable& t = module.declarations;
  std::set<uint32_t> lsc_surfaces;  // the bti(N) of typed LSC atomics
  for (const Instruction& in : module.instructions)
    if (const auto bti = lsc_bti(in)) lsc_surfaces.insert(*bti);
  for (const scenario::SurfaceText& surface : s.surfaces) {
    const auto type = surface_type(surface.descriptor.dim);
    if (type && !t.surface(surface.header) && lsc_surfaces.contains(surface.header)) {
      bound.emplace(surface.header, &surface);
      continue;
    }
    if (!t.surface(surface.header) || !type) {
      std::string declared;
      for (const SurfaceVariable& v : t.surfaces())
        declared += fmt::format("{}{} = {}", declared.empty() ? "" : ", ", v.name, v.index);
      d.error(surface.where, fmt::format("[[surface]] header = {} names no surface the program declares ({})",
                                         surface.header, declared.empty() ? "it declares none" : "declared: " + declared));
      continue;
    }
    t.bind_surface_type(surface.header, *type, static_cast<uint8_t>(surface.descriptor.element_bytes));
    bound.emplace(surface.header, &surface);
  }
  return bound;
}

// The bytes an operand covers for all channels: its root variable and byte range.
struct OperandSpan {
  uint32_t root;
  uint64_t begin, end;
  bool overlaps(const OperandSpan& o) const { return root == o.root && begin < o.end && o.begin < end; }
};
std::optional<OperandSpan> operand_span(const DeclarationTable& t, const CompiledInstruction& c, OperandSlot slot) {
  const RawOperand& o = c.instruction.operand(slot);
  if (o.is_null() || !t.general(o.id)) return std::nullopt;
  const auto storage = t.storage(o.id);
  const uint64_t begin = uint64_t{storage.offset} + o.offset;
  return OperandSpan{storage.root_id, begin, begin + uint64_t{c.instruction.exec.channels} * element_bytes(c.instruction, slot)};
}

// Whether `c`'s Dst shares a byte with one of `slots` of `later`.
bool dst_overlaps(const DeclarationTable& t, const CompiledInstruction& c, const CompiledInstruction& later,
                  std::initializer_list<OperandSlot> slots) {
  const auto dst = operand_span(t, c, OperandSlot::dst);
  if (!dst) return false;
  for (const OperandSlot slot : slots)
    if (const auto a = operand_span(t, later, slot); a && a->overlaps(*dst)) return true;
  return false;
}

// A name the scenario may set or check: a predicate, or a general variable with storage of its own
// or in another declared variable (not in one of IGC's predefined ones).
bool has_storage(const Program& p, const std::optional<NameRef>& ref) {
  if (!ref) return false;
  if (ref->kind == DeclKind::predicate) return true;
  return ref->kind == DeclKind::general && p.layout.has(ref->id);
}

bool aliases_predefined(const Program& p, const std::optional<NameRef>& ref) {
  return ref && ref->kind == DeclKind::general && !p.layout.has(ref->id);
}

// Does any instruction's Dst share bytes with an address or coordinate operand of a later one?
// If not, every channel's future target is known from the variables as they are.
bool addresses_are_static(const Program& p) {
  for (size_t i = 0; i < p.code.size(); ++i)
    for (size_t j = i + 1; j < p.code.size(); ++j)
      if (dst_overlaps(p.module.declarations, p.code[i], p.code[j], {OperandSlot::addresses, OperandSlot::u, OperandSlot::v, OperandSlot::r, OperandSlot::lod}))
        return false;
  return true;
}

// Chooses, for streamed runs, the operands a channel can compute instead of reading them: an
// address, coordinate or source whose variable is set by one [lanes] entry that is a constant or an affine
// expression (so it never fails), that no instruction writes, covering every element the operand
// reads at the element's own size. A variable that only such operands read is then never stored
// (Init::lazy); a Dst that no operand reads is not written; and a program left with no variable
// to store needs no per-group state (Program::stateless). The values are exactly the ones fill()
// would have stored, and streamed runs have no expectation that reads a variable.
void plan_direct_operands(Program& p) {
  const auto root_of = [&](uint32_t id) { return p.layout.root[id - first_user_variable_id]; };
  const auto general = [&](const RawOperand& o) { return !o.is_null() && p.layout.has(o.id); };
  std::vector<int> inits_of(p.layout.root.size(), 0);
  for (const Init& init : p.inits)
    if (!init.predicate) ++inits_of[init.root];
  std::vector<bool> written(p.layout.root.size(), false), read(p.layout.root.size(), false);
  for (const CompiledInstruction& c : p.code) {
    const Instruction& in = c.instruction;
    if (general(in.operand(OperandSlot::dst))) written[root_of(in.operand(OperandSlot::dst).id)] = true;
    for (const OperandSlot slot : {OperandSlot::addresses, OperandSlot::src0, OperandSlot::src1, OperandSlot::u, OperandSlot::v, OperandSlot::r, OperandSlot::lod})
      if (general(in.operand(slot))) read[root_of(in.operand(slot).id)] = true;
  }
  // The init an operand can be computed from, if any.
  const auto direct = [&](const CompiledInstruction& c, OperandSlot slot) -> CompiledInstruction::Direct {
    const RawOperand& o = c.instruction.operand(slot);
    if (!general(o)) return {};
    const uint32_t root = root_of(o.id);
    if (written[root] || inits_of[root] != 1) return {};
    for (size_t k = 0; k < p.inits.size(); ++k) {
      const Init& init = p.inits[k];
      if (init.predicate || init.root != root || !init.fits) continue;
      if (!init.constant && !init.value.affine()) return {};
      const uint64_t at = p.layout.offset[o.id - first_user_variable_id] + o.offset;
      if (element_bytes(c.instruction, slot) != init.size || at < init.offset || (at - init.offset) % init.size != 0)
        return {};
      const uint64_t first = (at - init.offset) / init.size;
      if (first + c.instruction.exec.channels > init.elements) return {};
      CompiledInstruction::Direct d;
      d.init = static_cast<int>(k);
      d.first = static_cast<uint32_t>(first);
      d.size_mask = init.size >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * init.size)) - 1;
      d.form = init.constant ? Expression::Affine{Expression::Affine::Of::tid, Expression::Affine::Half::whole, 0, 0,
                                                  *init.constant}
                             : *init.value.affine();
      // Element e has lane = e (fill()), which the form's lane (tid % group) is only below the group size.
      if (d.form.of == Expression::Affine::Of::lane && first + c.instruction.exec.channels > p.group_size) return {};
      if (d.form.stride == 0 || d.form.of == Expression::Affine::Of::lane) {
        // For every channel of a batched group too (plan_batch): a lane form repeats each thread.
        d.invariant.resize(max_batch_lanes);
        d.form.fill(d.first, p.group_size, max_batch_lanes, d.invariant.data(), d.size_mask);
      }
      return d;
    }
    return {};
  };
  bool stateless = true;
  std::vector<bool> read_from_storage(p.layout.root.size(), false);
  for (CompiledInstruction& c : p.code) {
    const Instruction& in = c.instruction;
    c.all_direct = true;
    for (uint8_t r = 0; r < read_count; ++r) {
      const OperandSlot slot = read_slots[r];
      c.direct[r] = direct(c, slot);
      if (general(in.operand(slot)) && c.direct[r].init < 0) {
        read_from_storage[root_of(in.operand(slot).id)] = true;
        stateless = false;
        c.all_direct = false;
      }
    }
    if (in.predicate.present()) stateless = false;
  }
  for (CompiledInstruction& c : p.code) {
    const RawOperand& d = c.instruction.operand(OperandSlot::dst);
    c.dst_observed = general(d) && read[root_of(d.id)];
    if (c.dst_observed) stateless = false;
  }
  for (Init& init : p.inits) {
    init.lazy = !init.predicate && !read_from_storage[init.root] && !written[init.root];
    if (!init.lazy) stateless = false;
  }
  p.stateless = stateless;
}

// Whether a streamed run may give the executor several hardware threads as one group of lanes,
// and how many: when the program is stateless and every instruction is an independent atomic of
// the whole thread (no predicate, no NoMask, no channel offset) whose operands are all computed
// from element n for channel n, a channel's target, operands and result depend on its lane alone,
// so thread k's channel n is lane n + k × group size of the batch. The per-thread work (making a
// group, an instruction's setup and operand reader) is then done once per batch. vISA does not
// stop after a fault, so no thread of a batch can have been meant to stop short.
void plan_batch(Program& p) {
  p.batch = 1;
  if (!p.stateless || p.group_size > max_group) return;
  const uint32_t thread = p.group_size >= 32 ? 0xffffffffu : (1u << p.group_size) - 1u;
  for (const CompiledInstruction& c : p.code) {
    if (!c.independent || !c.all_direct || !c.em_window || c.em_offset != 0 || c.em_channels != thread ||
        c.instruction.exec.channels != p.group_size)
      return;
    for (const CompiledInstruction::Direct& d : c.direct)
      if (d.init >= 0 && d.first != 0) return;
  }
  p.batch = max_batch_lanes / p.group_size;
}

std::variant<Program, support::Diagnostics> prepare(const scenario::Scenario& s) {
  support::Diagnostics d;
  Program p;
  p.scenario = &s;
  p.group_size = s.launch.group_size ? s.launch.group_size : default_group;
  if (p.group_size > max_group) d.error(s.launch.where, "a vISA thread has at most 32 channels");

  ValidationOptions validation;
  const auto placed = scenario::placements(s);
  std::optional<scenario::RegionPlacement> slm;  // options.slm: the region shared local memory is
  for (size_t i = 0; i < s.options.size(); ++i) {
    const auto& [key, value] = s.options[i];
    if (key == "platform") {
      if (const auto platform = parse_platform(value)) validation.platform = *platform;
      else d.error(s.option_where[i].second, fmt::format("platform = '{}': expected gen9, gen12, xehp, dg2 or pvc (or an ocloc device name)", value));
    } else if (key == "slm") {
      for (const scenario::RegionPlacement& r : placed)
        if (r.name == value) slm = r;
      if (!slm) d.error(s.option_where[i].second, fmt::format("slm = '{}': no [[region]] has that name", value));
    } else {
      d.error(s.option_where[i].second,
              fmt::format("option '{}': vISA options are platform = gen9|gen12|xehp|dg2|pvc and slm = <region>", key));
    }
  }

  // The program: parsed and validated, diagnostics at their line of the scenario file.
  support::Diagnostics program_diagnostics;
  p.module = parse_visa(s.program, s.file, ParseOptions{}, program_diagnostics);
  // The [[surface]] tables bind their types and texel sizes to the declared surfaces, so that the
  // validator checks U/V/R against each surface's type and .16 against its texel size (§8).
  const auto surfaces = program_diagnostics.has_errors() ? std::map<uint32_t, const scenario::SurfaceText*>{}
                                                         : bind_surfaces(s, p.module, d);
  if (!program_diagnostics.has_errors()) validate(p.module, validation, program_diagnostics);
  for (const support::Diagnostic& diag : program_diagnostics.all())
    if (diag.severity == support::Severity::error) d.add(at_scenario_line(diag, s));
  // Shared local memory (DWORD_ATOMIC on %slm, LSC .slm) is the region `options.slm` names: its
  // byte offsets count from that region's start, and every thread of the launch shares it (one
  // work-group, docs/intel-igc.md §9). Surfaces other than LSC's bti(N) on a [[surface]], and
  // DWORD_ATOMIC's bound buffers, have no scenario form yet.
  for (const Instruction& in : p.module.instructions) {
    std::string why;
    if (on_slm(in) && !slm)
      why = "this atomic addresses shared local memory: name the [[region]] that holds it with options = { slm = "
            "\"<region>\" }";
    else if (in.form == Form::dword && in.surface != 0)
      why = "dword_atomic on a surface other than %slm does not execute in scenarios yet (its bound buffer has no "
            "[memory] form)";
    else if (is_lsc(in.form) && in.lsc.addr_type != LscAddrType::flat &&
             (in.lsc.addr_type != LscAddrType::bti || in.lsc.surface.is_register || in.form != Form::lsc_typed))
      why = fmt::format("lsc_atomic_{}.{} with a {} address does not execute in scenarios yet: flat addresses do, and "
                        "typed ones with an immediate bti(N) bound to the [[surface]] of header = N",
                        find_lsc_op(in.lsc.op)->name, name(in.lsc.sfid), name(in.lsc.addr_type));
    if (!why.empty())
      d.add(at_scenario_line({support::Severity::error, in.where.start, why, "docs/intel-igc.md §9"}, s));
  }
  // An IGC dump is read whole, but only its atomics run: the [lanes] table gives their operands.
  if (const size_t n = p.module.count(OtherStatement::Kind::instruction); n && !program_diagnostics.has_errors())
    p.notes.push_back(fmt::format("{} instruction{} other than atomics {} read past and not executed: the [lanes] "
                                  "table gives the atomics' operands (docs/intel-igc.md §8)",
                                  n, n == 1 ? "" : "s", n == 1 ? "is" : "are"));
  for (const Instruction& in : p.module.instructions) {
    if (const auto bti = lsc_bti(in); bti && !surfaces.contains(*bti))
      d.add(at_scenario_line({support::Severity::error, in.where.surface,
                              fmt::format("the typed LSC atomic uses bti(0x{:X}), but no [[surface]] has header = {}", *bti, *bti),
                              "docs/intel-igc.md §9"},
                             s));
    if (in.form != Form::typed || !p.module.declarations.surface(in.surface) || surfaces.contains(in.surface))
      continue;
    const SurfaceVariable* sv = p.module.declarations.surface(in.surface);
    support::Diagnostic diag{support::Severity::error, in.where.surface,
                             fmt::format("typed_atomic uses surface {} (index {}), but no [[surface]] has header = {}",
                                         sv->name, in.surface, in.surface),
                             "spec/intel.md §8"};
    d.add(at_scenario_line(diag, s));
  }
  if (d.has_errors()) return d;
  for (const Instruction& in : p.module.instructions) {
    CompiledInstruction c;
    c.instruction = in;
    c.operation = to_alu(in);
    c.placement = operand_placement(in);
    c.em_window = !in.predicate.present() && !in.exec.no_mask();
    c.em_offset = in.exec.channel_offset();
    c.em_channels = in.exec.channels >= 32 ? 0xffffffffu : (1u << in.exec.channels) - 1u;
    c.access_bytes = static_cast<unsigned>(bits(in.width) / 8);
    c.data_bytes = element_bytes(in, OperandSlot::dst);
    // The channel's address: SVM's and LSC's Addresses, DWORD_ATOMIC's Offsets (read as addresses);
    // LSC's scale and offset, then the address size's bits, then shared local memory's region.
    const OperandSlot address_slot = in.form == Form::dword ? OperandSlot::offsets : OperandSlot::addresses;
    c.instruction.operand(OperandSlot::addresses) = in.operand(address_slot);
    c.address_bytes = element_bytes(in, address_slot);
    c.address_scale = is_lsc(in.form) ? in.lsc.scale : 1;
    c.address_offset = is_lsc(in.form) ? static_cast<uint64_t>(int64_t{in.lsc.offset}) : 0;
    c.address_mask = c.address_bytes >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * c.address_bytes)) - 1;
    c.address_base = on_slm(in) ? slm->base : 0;
    c.address_transform = uses_slot(in.form, address_slot) && (c.address_scale != 1 || c.address_offset != 0 ||
                                                                c.address_bytes < 8 || on_slm(in));
    if (in.form == Form::typed || lsc_bti(in)) {
      const scenario::SurfaceText* bound = surfaces.at(in.form == Form::typed ? in.surface : *lsc_bti(in));
      c.surface = &bound->descriptor;
      c.dim = bound->descriptor.dim;
      c.shortcut = memory::PitchLinearShortcut(c.surface, c.dim, typed_coordinate_rules(), c.access_bytes);
    }
    const bool flat = c.dim == memory::SurfaceDim::d1 || c.dim == memory::SurfaceDim::d1_buffer ||
                      c.dim == memory::SurfaceDim::d2;
    c.line_shape = c.placement.src0_only() && !c.address_transform &&
                   (!c.surface || (flat && in.operand(OperandSlot::lod).is_null()));
    p.code.push_back(c);
  }
  p.layout = Layout(p.module.declarations);
  p.static_addresses = addresses_are_static(p);
  for (CompiledInstruction& c : p.code)
    c.independent = !dst_overlaps(p.module.declarations, c, c,
                                  {OperandSlot::src0, OperandSlot::src1, OperandSlot::addresses, OperandSlot::u, OperandSlot::v, OperandSlot::r, OperandSlot::lod});

  if (p.code.empty() && !d.has_errors()) d.error(s.program_where, "the program has no instruction");

  const auto where = scenario::placements(s);
  const scenario::Symbols symbols = scenario::make_symbols(s, where, p.group_size, true, false);
  const auto compile = [&](const scenario::ExpressionText& t) { return scenario::compile_into(t, symbols, d); };
  const DeclarationTable& t = p.module.declarations;
  for (const auto& [name, text] : s.lanes) {
    const auto ref = t.lookup(name);
    if (!has_storage(p, ref)) {
      support::SourceLocation at = text.where;
      at.column = 1;
      d.error(at, fmt::format("'{}' is not a declared general or predicate variable of the program{}", name,
                              aliases_predefined(p, ref) ? " (it aliases one of IGC's predefined variables)" : ""));
      continue;
    }
    if (auto e = compile(text)) {
      Init init;
      init.predicate = ref->kind == DeclKind::predicate;
      init.id = ref->id;
      init.value = std::move(*e);
      init.where = text.where;
      if (init.value.is_constant())
        if (const auto v = init.value.evaluate(scenario::lane_slots(0, p.group_size)); std::holds_alternative<uint64_t>(v))
          init.constant = std::get<uint64_t>(v);
      if (init.predicate) {
        init.elements = t.predicate(init.id)->num_elts;
      } else {
        const GeneralVariable* var = t.general(init.id);
        init.elements = var->num_elts;
        init.size = info(var->type).bytes;
        const uint32_t k = init.id - first_user_variable_id;
        init.root = p.layout.root[k];
        init.offset = p.layout.offset[k];
        const GeneralVariable* root = t.general(first_user_variable_id + init.root);
        init.fits = (init.size == 1 || init.size == 2 || init.size == 4 || init.size == 8) &&
                    init.offset + uint64_t{init.elements} * init.size <= root->bytes();
      }
      p.inits.push_back(std::move(init));
    }
  }
  if (s.launch.active) p.active = compile(*s.launch.active);
  for (const scenario::Expectation& e : s.expectations) {
    p.log_atomics = p.log_atomics || e.kind == scenario::Expectation::Kind::explainable;
    if (e.name.empty()) continue;
    const auto ref = t.lookup(e.name);
    if (!has_storage(p, ref))
      d.error(e.where, fmt::format("'{}' is not a declared general or predicate variable of the program{}", e.name,
                                   aliases_predefined(p, ref) ? " (it aliases one of IGC's predefined variables)" : ""));
  }
  d.append(scenario::precheck_expectations(s, p.group_size));
  p.streamable = !p.log_atomics &&
                 std::all_of(s.expectations.begin(), s.expectations.end(),
                             [](const scenario::Expectation& e) { return e.name.empty(); });
  if (p.streamable) {
    plan_direct_operands(p);
    plan_batch(p);
  }
  // Per group: every root variable's bytes, the predicate words and the thread's own bookkeeping.
  uint64_t group_bytes = 256 + 4 * t.predicates().size();
  for (const GeneralVariable& v : t.generals())
    if (!v.alias) group_bytes += v.bytes();
  scenario::check_lane_storage(s, (group_bytes + p.group_size - 1) / p.group_size, d);
  if (d.has_errors()) return d;
  return p;
}

}  // namespace

RunResult run_visa(const Scenario& s, const RunOptions& options) {
  auto prepared = prepare(s);
  if (auto* d = std::get_if<support::Diagnostics>(&prepared)) return *d;
  const Program& p = std::get<Program>(prepared);
  RunResult result = execute_machines<VisaMachine>(s, options, p,
                                                    options.mode == Mode::parallel && p.streamable && !options.inspect);
  if (auto* report = std::get_if<RunReport>(&result))
    report->notes.insert(report->notes.end(), p.notes.begin(), p.notes.end());
  return result;
}

}  // namespace gpuatom::scenario
