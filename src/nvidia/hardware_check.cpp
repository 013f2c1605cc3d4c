#include "gpuatom/nvidia/hardware_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <unordered_map>

#include "cuda_type_kind.hpp"
#include "gpuatom/alu/apply.hpp"
#include "gpuatom/nvidia/opcodes.hpp"
#include "gpuatom/support/random.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia::hw {

namespace {

AtomOp sass_op(CudaOp op) {
  switch (op) {
    case CudaOp::add: return AtomOp::ADD;
    case CudaOp::inc: return AtomOp::INC;
    case CudaOp::dec: return AtomOp::DEC;
    case CudaOp::min: return AtomOp::MIN;
    case CudaOp::max: return AtomOp::MAX;
    case CudaOp::bit_and: return AtomOp::AND;
    case CudaOp::bit_or: return AtomOp::OR;
    case CudaOp::bit_xor: return AtomOp::XOR;
    case CudaOp::exch: return AtomOp::EXCH;
    case CudaOp::cas: return AtomOp::CAS;
  }
  return AtomOp::ADD;
}

Size sass_size(CudaType type) {
  switch (type) {
    case CudaType::u32: return Size::U32;
    case CudaType::s32: return Size::S32;
    case CudaType::u64: return Size::U64;
    case CudaType::s64: return Size::S64;
    case CudaType::f32: return Size::F32_FTZ_RN;
    case CudaType::f64: return Size::F64_RN;
    case CudaType::f16x2: return Size::F16x2;
    case CudaType::bf16x2: return Size::BF16x2;
    case CudaType::u128: return Size::U128;
    case CudaType::f32x2: return Size::F32x2;
    case CudaType::f32x4: return Size::F32x4;
    case CudaType::f16x4: return Size::F16x4;
    case CudaType::f16x8: return Size::F16x8;
    case CudaType::bf16x4: return Size::BF16x4;
    case CudaType::bf16x8: return Size::BF16x8;
  }
  return Size::U32;
}

// Why each mapping holds. Sources: PTX ISA "atom"; cuda_fp16.hpp / cuda_bf16.hpp of CUDA 13;
// docs/spec/nvidia.md §4, §5 and the real disassembly of §12.
constexpr std::string_view why_global_integer =
    "PTX atom.global.<op>.<type>; SASS ATOM/ATOMG (RED/REDG when the result is unused), docs/spec/nvidia.md §3, §5.1";
constexpr std::string_view why_global_f32 =
    "PTX atom.global.add.f32 flushes subnormal inputs and results (PTX ISA \"atom\"); SASS "
    "ATOM.E.ADD.F32.FTZ.RN, docs/spec/nvidia.md §4.3, §12";
constexpr std::string_view why_global_f64 =
    "PTX atom.global.add.f64 (round to nearest even, no flush); SASS ATOM.E.ADD.F64.RN, docs/spec/nvidia.md §4.3, §12; "
    "its NaN rule (the operand's NaN, else memory's, bit for bit; inf - inf = 0xfff8000000000000) measured on an "
    "H200 (docs/hardware.md)";
constexpr std::string_view why_global_f16x2 =
    "cuda_fp16.hpp emits atom.add.noftz.f16x2 (subnormals kept); SASS ATOM.E.ADD.F16x2.RN, "
    "docs/spec/nvidia.md §4.2, §12";
constexpr std::string_view why_global_bf16x2 =
    "cuda_bf16.hpp emits atom.add.noftz.bf16x2 on sm_90+ (SASS ATOM.E.ADD.BF16x2.RN, docs/spec/nvidia.md §12); "
    "below sm_90 a CAS loop around __hadd2 with the same rounding (DERIVED)";
constexpr std::string_view why_global_u128 =
    "PTX atom.global.<cas|exch>.b128 (sm_90); SASS .128 CAS/EXCH, docs/spec/nvidia.md §10.3";
constexpr std::string_view why_global_f32_vector =
    "CUDA's float2/float4 atomicAdd (sm_90, global memory) emits atom.global.add.v2/.v4.f32; SASS "
    "ATOMG.E.ADD.F32x2/.F32x4.FTZ.RN, one atomic per element, each the scalar f32 add with flush (PTX ISA \"atom\"; "
    "ptxas 13.0, docs/oracles.md)";
constexpr std::string_view why_global_half_vector =
    "inline PTX atom.global.<add|min|max>.noftz.v2/.v4.<f16x2|bf16x2> (sm_90, global memory; CUDA has no function "
    "for it); SASS ATOMG.E.<op>.F16x4/.F16x8/.BF16x4/.BF16x8.RN, one atomic per element, each as the F16x2/BF16x2 "
    "operation (PTX ISA \"atom\"; ptxas 13.0, docs/oracles.md)";
constexpr std::string_view why_shared_integer = "PTX atom.shared.<op>.<type>; SASS ATOMS, docs/spec/nvidia.md §5.2";
constexpr std::string_view why_shared_f32 =
    "DERIVED from PTX ISA \"atom\": atom.add.f32 on shared memory keeps subnormal inputs and results; ATOMS has "
    "no float sizes (docs/spec/nvidia.md §5.2), so this is the F32 add without flush, NVIDIA's canonical NaN kept";
constexpr std::string_view why_shared_f64 =
    "DERIVED from PTX ISA \"atom\": atom.shared.add.f64 keeps subnormals; ATOMS has no float sizes "
    "(docs/spec/nvidia.md "
    "§5.2), so ptxas emits a shared-memory compare-and-swap loop around a DADD of (memory, operand): the first NaN "
    "made quiet, inf - inf = 0xfff8000000000000 (the NaN rule measured on an H200, docs/hardware.md)";
constexpr std::string_view why_shared_float =
    "DERIVED from PTX ISA \"atom\": atom.add.noftz.{f16x2,bf16x2} keep subnormals; ATOMS has no float sizes "
    "(docs/spec/nvidia.md §5.2), so ptxas emits a shared-memory compare-and-swap loop around HADD2 and the global "
    "size's rules apply";
constexpr std::string_view why_shared_u128 =
    "DERIVED from PTX atom.shared.<cas|exch>.b128 (sm_90): the model's .128 CAS/EXCH on shared memory";

// The model's name for op.size in a family: "ATOM.ADD.F32.FTZ.RN", "ATOMS.INC".
std::string model_name(std::string_view prefix, AtomOp op, Size size) {
  return fmt::format("{}.{}{}", prefix, info(op).name, info(size).spelling);
}

std::string hex(uint64_t value, CudaType type) { return support::hex(value, bits(type) >= 64 ? 16 : 8); }

// One element of a (possibly packed) value: its bit offset, mask and the ALU operation on it.
struct Element {
  int shift;
  uint64_t mask;
  alu::Operation operation;
};

std::vector<Element> elements(const ModelMapping& m, CudaType type) {
  if (type != CudaType::f16x2 && type != CudaType::bf16x2) return {{0, mask(type), m.operation}};
  alu::Operation half = m.operation;
  half.type = type == CudaType::f16x2 ? alu::Type::f16 : alu::Type::bf16;
  return {{0, 0xffff, half}, {16, 0xffff, half}};
}

uint64_t part(uint64_t value, const Element& e) { return (value >> e.shift) & e.mask; }

// The serial-order check of one element (see check_racing).
std::optional<std::string> check_chain(const RacingRecord& r, const Element& e, std::string_view element_name) {
  const size_t n = r.operands.size();
  std::unordered_map<uint64_t, std::vector<size_t>> lanes_by_returned;
  for (size_t i = 0; i < n; ++i) lanes_by_returned[part(r.returned[i], e)].push_back(i);
  const auto show = [&](uint64_t v) { return support::hex(v, e.mask == 0xffff ? 4 : bits(r.type) >= 64 ? 16 : 8); };

  uint64_t current = part(r.old, e);
  size_t placed = 0;
  for (;;) {
    const auto found = lanes_by_returned.find(current);
    if (found == lanes_by_returned.end()) break;
    const std::vector<size_t> here = std::move(found->second);
    lanes_by_returned.erase(found);
    std::optional<size_t> mover;
    uint64_t next = current;
    for (size_t lane : here) {
      const alu::Result step = alu::apply(e.operation, current, {part(r.operands[lane], e), part(r.compares[lane], e)});
      if (step.memory == current) continue;
      if (mover)
        return fmt::format("{}lanes {} and {} both returned {} and each would change it: no serial order explains both",
                           element_name, *mover, lane, show(current));
      mover = lane;
      next = step.memory;
    }
    placed += here.size();
    if (!mover) break;
    current = next;
  }
  if (placed != n) {  // name the lowest lane left over, so the message does not depend on hashing
    size_t lane = n;
    for (const auto& entry : lanes_by_returned) lane = std::min(lane, entry.second.front());
    return fmt::format(
        "{}lane {} returned {}, which memory never holds in the serial order the other lanes give "
        "({} of {} lanes placed, ending at {})",
        element_name, lane, show(part(r.returned[lane], e)), placed, n, show(current));
  }
  if (current != part(r.memory, e))
    return fmt::format("{}memory ended at {}, but the serial order the returned values give ends at {}", element_name,
                       show(part(r.memory, e)), show(current));
  return std::nullopt;
}

uint64_t fold(const alu::Operation& operation, uint64_t initial, const RacingRecord& r, bool reverse) {
  uint64_t memory = initial;
  const size_t n = r.operands.size();
  for (size_t k = 0; k < n; ++k) {
    const size_t i = reverse ? n - 1 - k : k;
    memory = alu::apply(operation, memory, {r.operands[i], r.compares[i]}).memory;
  }
  return memory;
}

}  // namespace

std::string_view name(Basis basis) { return basis == Basis::documented ? "documented" : "DERIVED"; }

std::variant<ModelMapping, std::string> model_mapping(CudaOp op, CudaType type, Space space,
                                                      const SemanticsOptions& options) {
  if (!find_cuda_atomic(op, type))
    return fmt::format("{} on {} is not a CUDA atomic the harness runs (hw/README.md lists them)", name(op),
                       name(type));
  const AtomOp atom_op = sass_op(op);
  const Size size = sass_size(type);
  auto resolved = to_alu(atom_op, size, options);
  if (auto* error = std::get_if<std::string>(&resolved)) return *error;
  ModelMapping m{"", Basis::documented, "", std::get<alu::Operation>(resolved)};

  if (space == Space::global) {
    if (auto why = illegal_reason(Family::ATOM, Dialect::modern, atom_op, size)) return *why;
    m.model = model_name(name(Family::ATOM), atom_op, size);
    switch (type) {
      case CudaType::f32: m.why = why_global_f32; break;
      case CudaType::f64: m.why = why_global_f64; break;
      case CudaType::f16x2: m.why = why_global_f16x2; break;
      case CudaType::bf16x2: m.why = why_global_bf16x2; break;
      case CudaType::u128: m.why = why_global_u128; break;
      case CudaType::f32x2:
      case CudaType::f32x4: m.why = why_global_f32_vector; break;
      case CudaType::f16x4:
      case CudaType::f16x8:
      case CudaType::bf16x4:
      case CudaType::bf16x8: m.why = why_global_half_vector; break;
      default: m.why = why_global_integer; break;
    }
    return m;
  }
  if (is_vector(type))
    return fmt::format(
        "{} on {} has no shared-memory form: PTX's vector atomics (.v2/.v4/.v8) take .global addresses "
        "only",
        name(op), name(type));

  m.basis = Basis::derived;
  if (type == CudaType::u128) {
    m.model = "shared " + model_name("", atom_op, size).substr(1);
    m.why = why_shared_u128;
  } else if (type == CudaType::f32) {
    m.model = "shared ADD.F32.RN (no flush)";
    m.operation.floats.add.flush_inputs = m.operation.floats.add.flush_result = false;
    m.why = why_shared_f32;
  } else if (type == CudaType::f64) {
    m.model = "shared ADD.F64.RN (DADD loop)";
    m.operation.floats.add.nan = numeric::NanResult::propagate;
    m.operation.floats.add.default_nan = numeric::DefaultNan::negative_quiet;
    m.why = why_shared_f64;
  } else if (is_float(type)) {
    m.model = "shared " + model_name("", atom_op, size).substr(1);
    m.why = why_shared_float;
  } else {
    if (auto why = illegal_reason(Family::ATOMS, Dialect::modern, atom_op, size)) return *why;
    m.model = model_name(name(Family::ATOMS), atom_op, size);
    m.basis = Basis::documented;
    m.why = why_shared_integer;
  }
  return m;
}

Outcome model_single(const ModelMapping& mapping, const SingleInput& in) {
  if (is_vector(in.type)) {
    const auto r = alu::apply_vector(mapping.operation, bits(in.type) / 32, in.old, in.operand);
    return {r.memory, r.returned};
  }
  if (in.type == CudaType::u128) {
    const auto r = alu::apply128(mapping.operation.op, in.old, in.operand, in.compare);
    return {r.memory, r.returned};
  }
  const alu::Result r = alu::apply(mapping.operation, in.old.lo, {in.operand.lo, in.compare.lo});
  return {{r.memory, 0}, {r.returned, 0}};
}

std::variant<RacingVerdict, std::string> check_racing(const ModelMapping& mapping, const RacingRecord& r) {
  const size_t n = r.operands.size();
  if (r.compares.size() != n) return std::string("one comparand per lane is needed (\"compares\")");
  if (r.form != RacingForm::discarded && r.returned.size() != n)
    return fmt::format("form {} needs one returned value per lane (\"returned\")", name(r.form));

  if (r.form == RacingForm::discarded) {
    const uint64_t forward = fold(mapping.operation, r.old, r, false);
    const uint64_t backward = fold(mapping.operation, r.old, r, true);
    if (forward != backward)
      return fmt::format(
          "form discarded needs operands whose total does not depend on the order, but the index-order "
          "and reverse-order folds give {} and {}",
          hex(forward, r.type), hex(backward, r.type));
    if (forward == r.memory) return RacingVerdict{true, fmt::format("memory = the fold of {} operands", n)};
    return RacingVerdict{false, fmt::format("memory ended at {}, but the model's fold of the {} operands gives {}",
                                            hex(r.memory, r.type), n, hex(forward, r.type))};
  }

  if (r.form == RacingForm::cas_loop)
    for (size_t i = 0; i < n; ++i)
      if (r.returned[i] != r.compares[i])
        return RacingVerdict{false, fmt::format("lane {}'s last CAS returned {} but compared with {}: it failed, yet "
                                                "its loop ended",
                                                i, hex(r.returned[i], r.type), hex(r.compares[i], r.type))};

  const std::vector<Element> parts = elements(mapping, r.type);
  for (size_t k = 0; k < parts.size(); ++k) {
    const std::string element_name = parts.size() > 1 ? fmt::format("element {}: ", k) : std::string();
    if (auto why = check_chain(r, parts[k], element_name)) return RacingVerdict{false, *why};
  }
  return RacingVerdict{true, fmt::format("the returned values give a serial order of all {} lanes", n)};
}

RacingRecord model_racing(const ModelMapping& mapping, const RacingPlan& plan, Space space, uint64_t seed) {
  const size_t n = plan.operands.size();
  RacingRecord r{plan.op, plan.type, space, plan.form, plan.initial, plan.initial, plan.operands, plan.compares, {}};
  r.returned.assign(n, 0);
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  support::SplitMix64 rng(seed);
  for (size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);  // Fisher–Yates

  const uint64_t m = mask(plan.type);
  for (size_t lane : order) {
    if (plan.form == RacingForm::cas_loop) {  // the attempt that succeeds sees the current value
      r.compares[lane] = r.memory;
      r.operands[lane] = (r.memory + plan.operands[lane]) & m;
      r.returned[lane] = r.memory;
      r.memory = r.operands[lane];
      continue;
    }
    const alu::Result step = alu::apply(mapping.operation, r.memory, {plan.operands[lane], plan.compares[lane]});
    r.returned[lane] = step.returned;
    r.memory = step.memory;
  }
  if (plan.form == RacingForm::discarded) r.returned.clear();
  return r;
}

}  // namespace gpuatom::nvidia::hw
