// Intel's SIMD thread for the lane executor (exec::GroupLanes; docs/spec/intel.md §1, §5, §6.1, §7, §8):
// each group is one hardware thread running the vISA program, with its own copy of every declared general variable and
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
// Initial values name variables: element e of a variable in group g gets the lane value of
// tid = g × group + e (predicates: bit e = value ≠ 0). The launch's `active` values are the
// execution mask EM (bit k: lane k of the group is launched and active).
// The scenario layer (scenario/bind_visa.cpp) builds ThreadPrograms; nothing here knows of
// scenario files.
//
// With log_atomics, the thread logs every performed atomic (address, operation, operands,
// returned value unless Dst is null, channel tid) for the serial-order check.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/exec/lane_group.hpp"
#include "gpuatom/exec/lane_values.hpp"
#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/intel/declarations.hpp"
#include "gpuatom/intel/instruction.hpp"
#include "gpuatom/intel/surface_access.hpp"
#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/memory/surface.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::intel {

constexpr uint32_t default_group = 8;  // SIMD8
constexpr uint32_t max_group = 32;     // the execution mask has 32 bits
// Channels of one executor group in a batched streamed run (ThreadProgram::batch): the lane mask's bits.
constexpr uint32_t max_batch_lanes = exec::max_group_size;

// The operands a channel reads, in one order: SVM's address and sources, TYPED's coordinates.
enum Read : uint8_t { read_address, read_src0, read_src1, read_u, read_v, read_r, read_lod, read_count };
constexpr std::array<OperandSlot, read_count> read_slots = {
    OperandSlot::addresses, OperandSlot::src0, OperandSlot::src1, OperandSlot::u,
    OperandSlot::v,         OperandSlot::r,    OperandSlot::lod};

struct CompiledInstruction {
  Instruction instruction;
  alu::Operation operation;
  OperandPlacement placement;  // where Src0 and Src1 go in the ALU's operands
  unsigned access_bytes = 4;   // memory bytes per channel: 2, 4 or 8
  unsigned data_bytes = 4;     // bytes per channel in Src0/Src1/Dst (16-bit ops keep dwords)
  unsigned address_bytes = 8;
  // LSC's effective address (docs/intel-igc.md §4.2): scale × address + offset, in the address
  // size's bits (a32: the low 32, zero-extended). Identity for SVM.
  uint64_t address_scale = 1;
  uint64_t address_offset = 0;  // two's complement of a negative offset
  uint64_t address_mask = ~uint64_t{0};
  uint64_t address_base = 0;  // shared local memory: the start of the region options.slm names
  // Xe3P's flat(B)[…] (lsc.hpp): B's 8 bytes at this offset of its variable, read once when the
  // instruction starts (a scalar: one base for every channel) and added to the channel's address
  // after the scale, the offset and the address size's wrap.
  std::optional<RawOperand> base_register;
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
    exec::AffineLanes form;  // a constant is the form of stride 0
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
  std::shared_ptr<const exec::LaneValues> value;
  support::SourceLocation where;
  // Where its elements go, resolved once (prepare): `elements` of `size` bytes from byte `offset`
  // of root variable `root`; `fits`: all of them lie inside it (else element by element).
  uint32_t elements = 0;
  unsigned size = 0;
  uint32_t root = 0;
  uint64_t offset = 0;
  bool fits = false;
  std::optional<uint64_t> constant;  // the value, when it reads no variable
  bool lazy = false;                 // streamed: only direct operands read it, so it is never stored
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

struct ThreadProgram {
  uint64_t lanes = 0;  // the launch's lanes
  Module module;
  Layout layout;  // of module.declarations, once they are final
  std::vector<CompiledInstruction> code;
  std::vector<std::string> notes;  // worth telling the user, not worth refusing the run
  uint32_t group_size = default_group;
  std::vector<Init> inits;
  std::shared_ptr<const exec::LaneValues> active;
  bool log_atomics = false;  // an `explainable` expectation needs every atomic's operands and result
  // No Dst of an instruction overlaps an address or coordinate operand of a later one, so every
  // future access is known from the variables as they are (exhaustive mode's reduction).
  bool static_addresses = false;
  // The parallel and deterministic modes may stream the threads (one reused per host worker or
  // resident thread). A [lanes] value that fails to evaluate mid-run is reported as the eager
  // setup reports it (first_setup_error).
  bool streamable = false;
  // The variables expectations read: a streamed thread saves each lane's element of them when it
  // ends (ThreadLanes::end), lanes × kept.size() values, and keeps nothing else.
  struct Kept {
    uint32_t id;  // a general variable's or a predicate's
    bool predicate;
  };
  std::vector<Kept> kept;
  // Streamed threads need no variable storage at all: every operand is direct or null, no Dst is
  // read back, nothing is predicated (plan_direct_operands).
  bool stateless = false;
  // Hardware threads per executor group in a streamed run (plan_batch): 1, or as many as fill the
  // lane mask when nothing a channel does depends on which thread it is in.
  uint32_t batch = 1;
};

inline uint64_t evaluate(const exec::LaneValues& e, uint64_t tid, uint32_t group_size) {
  const auto v = e.value(tid, group_size);
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
inline uint64_t load_le(const uint8_t* p, unsigned bytes) {
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
inline void store_le(uint8_t* p, unsigned bytes, uint64_t v) {
  switch (bytes) {
    case 1: std::memcpy(p, &v, 1); break;
    case 2: std::memcpy(p, &v, 2); break;
    case 4: std::memcpy(p, &v, 4); break;
    case 8: std::memcpy(p, &v, 8); break;
    default: std::memcpy(p, &v, bytes < 8 ? bytes : 8); break;
  }
}

inline uint64_t read_bytes(const GroupState& g, const Layout& l, uint32_t id, uint64_t offset, unsigned bytes) {
  if (id == null_variable_id || !l.has(id)) return 0;
  const uint32_t k = id - first_user_variable_id;
  const auto& data = g.variables[l.root[k]];
  const uint64_t at = l.offset[k] + offset;
  if (at + bytes > data.size()) return 0;
  return load_le(data.data() + at, bytes);
}

// Whether a variable expectations read has an element `e` (a lane's element: tid % group size).
inline bool has_element(const ThreadProgram& p, ThreadProgram::Kept v, uint32_t e) {
  const DeclarationTable& t = p.module.declarations;
  if (v.predicate) {
    const PredicateVariable* pv = t.predicate(v.id);
    return pv && e < pv->num_elts;
  }
  const GeneralVariable* var = t.general(v.id);
  return var && p.layout.has(v.id) && e < var->num_elts;
}

// Element `e` of a variable expectations read, as the group's state holds it: a predicate's bit or
// a general variable's element (has_element()).
inline uint64_t element_value(const GroupState& g, const ThreadProgram& p, ThreadProgram::Kept v, uint32_t e) {
  if (v.predicate) return (g.predicates[v.id - 1] >> e) & 1u;
  const unsigned size = info(p.module.declarations.general(v.id)->type).bytes;
  return read_bytes(g, p.layout, v.id, uint64_t{e} * size, size);
}

inline void write_bytes(GroupState& g, const Layout& l, uint32_t id, uint64_t offset, unsigned bytes, uint64_t v) {
  if (id == null_variable_id || !l.has(id)) return;
  const uint32_t k = id - first_user_variable_id;
  auto& data = g.variables[l.root[k]];
  const uint64_t at = l.offset[k] + offset;
  if (at + bytes > data.size()) return;
  store_le(data.data() + at, bytes, v);
}

inline uint64_t low_bits(uint64_t v, unsigned bytes) { return bytes >= 8 ? v : v & ((uint64_t{1} << (8 * bytes)) - 1); }

// Where one channel's atomic goes: an address, nowhere (typed out of bounds, §7), or a fault.
struct ChannelTarget {
  bool accesses = true;
  uint64_t address = 0;
  std::optional<memory::Fault> fault;
};

// A channel's target on its surface through surface_element (what the shortcut does not answer).
inline ChannelTarget typed_target(const CompiledInstruction& c, const memory::RawCoordinates& raw) {
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

// The execution-mask / predicate rule of docs/spec/intel.md §6.1.
inline uint32_t channel_enable(const Instruction& in, uint32_t em, const GroupState& g) {
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

bool fill(const ThreadProgram& p, GroupState& state, uint64_t g, bool streamed = false);

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
  AnyOperand(const GroupState& state, const Layout& layout, const RawOperand& o, unsigned element, unsigned channels) {
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

  // `base_register`: the value of c's base register (CompiledInstruction::base_register), or 0.
  template <class Make>
  ChannelReader(const CompiledInstruction& c, Make&& make, uint64_t base_register = 0)
      : c_(c),
        shortcut_(c.shortcut),
        placement_(c.placement),
        keep_(low_bits(~uint64_t{0}, c.access_bytes)),
        src0_only_(c.placement.src0_only()),
        transform_(c.address_transform),
        scale_(c.address_scale),
        offset_(c.address_offset),
        mask_(c.address_mask),
        base_(c.address_base + base_register) {
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
  // `kept`: where a streamed run saves the elements expectations read (ThreadProgram::kept), lanes
  // × kept.size() values.
  ThreadLanes(const ThreadProgram& p, bool streamed, std::vector<uint64_t>* kept = nullptr)
      : state(p.module.declarations), p_(p), streamed_(streamed), batch_(streamed ? p.batch : 1), kept_(kept) {}

  GroupState state;  // the variables and predicates of the group, after the run

  // Group `group` of the executor: one hardware thread, or `batch_` consecutive ones (whose
  // channels are then lanes first_ … first_ + batch_ × group size − 1, in order).
  bool begin(uint64_t group) {
    const uint32_t channels = p_.group_size * batch_;
    first_ = group * channels;
    const uint64_t lanes = p_.lanes;
    const auto launched = static_cast<uint32_t>(std::min<uint64_t>(channels, lanes > first_ ? lanes - first_ : 0));
    em_ = launched >= 64 ? ~uint64_t{0} : (uint64_t{1} << launched) - 1;
    if (p_.active)
      for (uint32_t k = 0; k < launched; ++k)
        if (evaluate(*p_.active, first_ + k, p_.group_size) == 0) em_ &= ~(uint64_t{1} << k);
    if (streamed_ && p_.stateless) return true;
    state.clear();
    return fill(p_, state, group, streamed_);
  }
  // Streamed: each lane's element of the variables expectations read, saved for the whole launch.
  // A program with kept variables is never batched (plan_direct_operands leaves it stateful).
  void end(uint64_t /*group: the one begin() set first_ for*/) {
    if (!streamed_ || !kept_ || p_.kept.empty()) return;
    const size_t k = p_.kept.size();
    const uint64_t last = std::min<uint64_t>(p_.lanes, first_ + p_.group_size);
    for (uint64_t tid = first_; tid < last; ++tid) {
      const auto e = static_cast<uint32_t>(tid - first_);
      for (size_t j = 0; j < k; ++j)
        if (has_element(p_, p_.kept[j], e)) (*kept_)[tid * k + j] = element_value(state, p_, p_.kept[j], e);
    }
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
    if (c.surface)
      read_with(any_operands<true>(c), c, channels);
    else
      read_with(any_operands<false>(c), c, channels);
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
      if (computed)
        each_with<true, true>(i, mask, access);
      else
        each_with<false, true>(i, mask, access);
    } else {
      if (computed)
        each_with<true, false>(i, mask, access);
      else
        each_with<false, false>(i, mask, access);
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
  // when no Dst can change a later address or coordinate (ThreadProgram::static_addresses).
  bool future_accesses(uint32_t next, std::vector<exec::Access>& out) const {
    if (!p_.static_addresses) return false;
    for (size_t i = next; i < p_.code.size(); ++i) {
      const CompiledInstruction& c = p_.code[i];
      const uint32_t enabled = channel_enable(c.instruction, static_cast<uint32_t>(em_), state);
      if (c.surface)
        future_with(any_operands<true>(c), c, enabled, out);
      else
        future_with(any_operands<false>(c), c, enabled, out);
    }
    return true;
  }

 private:
  // Every operand as the run has it: in a streamed run the direct ones computed, the others
  // from the thread's variables.
  template <bool Typed>
  ChannelReader<AnyOperand, Typed> any_operands(const CompiledInstruction& c) const {
    return ChannelReader<AnyOperand, Typed>(
        c,
        [&](Read r) {
          if (streamed_ && c.direct[r].init >= 0) return AnyOperand(compute(c, r));
          const unsigned element = r == read_address ? c.address_bytes : r <= read_src1 ? c.data_bytes : 4;
          return AnyOperand(state, p_.layout, c.instruction.operand(read_slots[r]), element,
                            c.instruction.exec.channels);
        },
        base_register(c));
  }
  // Every operand computed (CompiledInstruction::all_direct, streamed; never with a base register,
  // which plan_direct_operands leaves to the thread's variables).
  template <bool Typed>
  ChannelReader<ComputedOperand, Typed> computed_operands(const CompiledInstruction& c) const {
    return ChannelReader<ComputedOperand, Typed>(
        c, [&](Read r) { return c.direct[r].init >= 0 ? compute(c, r) : ComputedOperand(); });
  }
  // The base register's value as the thread's variables hold it when the instruction starts.
  uint64_t base_register(const CompiledInstruction& c) const {
    if (!c.base_register) return 0;
    return read_bytes(state, p_.layout, c.base_register->id, c.base_register->offset, 8);
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
      if constexpr (Computed)
        return computed_operands<Typed>(c);
      else
        return any_operands<Typed>(c);
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
      if (at + uint64_t{in.exec.channels} * c.data_bytes <= data.size())
        dst = data.data() + at;
      else
        dst_checked = true;
    }
    const unsigned db = c.data_bytes;
    // The loop compiled twice: with Dst's stores, and without them when nothing keeps Dst.
    const auto channels = [&]<bool Stores>() __attribute__((always_inline)) {
      const auto store = [&](uint32_t n, uint64_t bits) {
        if constexpr (Stores) {
          if (dst)
            store_le(dst + size_t{n} * db, db, bits);
          else
            write_dst(i, n, bits);
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
    if (dst || dst_checked)
      channels.template operator()<true>();
    else
      channels.template operator()<false>();
  }

  template <class Reader>
  void future_with(Reader reader, const CompiledInstruction& c, uint32_t enabled,
                   std::vector<exec::Access>& out) const {
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

  const ThreadProgram& p_;
  bool streamed_ = false;
  uint32_t batch_ = 1;  // hardware threads in one executor group
  std::vector<uint64_t>* kept_ = nullptr;
  uint64_t first_ = 0;  // the group's first lane
  uint64_t em_ = 0;     // the execution mask of the group's channels (one thread: its low bits)
  // compute()'s values, by operand: scratch for the instruction being read.
  mutable std::array<std::array<uint64_t, max_batch_lanes>, read_count> computed_{};
};

// --- Compiling a program (thread_program.cpp) ----------------------------------------------------

// The bytes an operand covers for all channels: its root variable and byte range.
struct OperandSpan {
  uint32_t root;
  uint64_t begin, end;
  bool overlaps(const OperandSpan& o) const { return root == o.root && begin < o.end && o.begin < end; }
};
std::optional<OperandSpan> operand_span(const DeclarationTable& t, const CompiledInstruction& c, OperandSlot slot);
// Whether `later` reads (in `slots`) bytes that c's Dst writes.
bool dst_overlaps(const DeclarationTable& t, const CompiledInstruction& c, const CompiledInstruction& later,
                  std::initializer_list<OperandSlot> slots);
bool has_storage(const ThreadProgram& p, const std::optional<NameRef>& ref);
bool aliases_predefined(const ThreadProgram& p, const std::optional<NameRef>& ref);
bool addresses_are_static(const ThreadProgram& p);
void plan_direct_operands(ThreadProgram& p);
void plan_batch(ThreadProgram& p);

}  // namespace gpuatom::intel
