// The ALU over whole arrays: one library call per element (alu::apply, apply_vector, apply128), no
// per-element allocation, so that an array runs at the ALU's own rate.
#include "gpuatom/alu/apply.hpp"

#include <cstring>

#include "array_atomic.hpp"

namespace gpuatom::python {

namespace {

using support::Bits128;

template <class Word>
void apply_words(const ArrayAtomic& atomic, const ElementArrays& a) {
  const auto* old = static_cast<const Word*>(a.old);
  const auto* first = static_cast<const Word*>(a.first);
  const auto* second = static_cast<const Word*>(a.second);
  auto* memory = static_cast<Word*>(a.memory);
  auto* returned = static_cast<Word*>(a.returned);
  for (std::size_t i = 0; i < a.count; ++i) {
    const alu::Operands operands = atomic.placement(first[i], second ? second[i] : 0);
    const alu::Result r = alu::apply(atomic.operation, old[i], operands);
    memory[i] = static_cast<Word>(r.memory);
    if (returned) returned[i] = static_cast<Word>(r.returned);
  }
}

Bits128 load_element(const void* base, std::size_t i, int bytes) {
  Bits128 v{0, 0};
  std::memcpy(&v.lo, static_cast<const char*>(base) + i * bytes, bytes < 8 ? bytes : 8);
  if (bytes > 8) std::memcpy(&v.hi, static_cast<const char*>(base) + i * bytes + 8, bytes - 8);
  return v;
}
void store(void* base, std::size_t i, int bytes, Bits128 v) {
  std::memcpy(static_cast<char*>(base) + i * bytes, &v.lo, bytes < 8 ? bytes : 8);
  if (bytes > 8) std::memcpy(static_cast<char*>(base) + i * bytes + 8, &v.hi, bytes - 8);
}

// Vectors (each 32-bit word its own atomic) and the 128-bit exchange and CAS.
void apply_wide(const ArrayAtomic& atomic, const ElementArrays& a) {
  const int bytes = atomic.bits / 8;
  for (std::size_t i = 0; i < a.count; ++i) {
    const Bits128 old = load_element(a.old, i, bytes), first = load_element(a.first, i, bytes);
    alu::Result128 r;
    if (atomic.vector_words) {
      r = alu::apply_vector(atomic.operation, atomic.vector_words, old, first);
    } else {
      const Bits128 second = a.second ? load_element(a.second, i, bytes) : Bits128{0, 0};
      const auto pick = [&](uint64_t mask0, uint64_t mask1) {
        return Bits128{(first.lo & mask0) | (second.lo & mask1), (first.hi & mask0) | (second.hi & mask1)};
      };
      const auto& p = atomic.placement;
      r = alu::apply128(atomic.operation.op, old, pick(p.src0_value, p.src1_value),
                        pick(p.src0_compare, p.src1_compare));
    }
    store(a.memory, i, bytes, r.memory);
    if (a.returned) store(a.returned, i, bytes, r.returned);
  }
}

}  // namespace

void apply(const ArrayAtomic& atomic, const ElementArrays& arrays) {
  if (atomic.vector_words || atomic.bits == 128) return apply_wide(atomic, arrays);
  switch (atomic.bits) {
    case 16: return apply_words<uint16_t>(atomic, arrays);
    case 32: return apply_words<uint32_t>(atomic, arrays);
    default: return apply_words<uint64_t>(atomic, arrays);
  }
}

}  // namespace gpuatom::python
