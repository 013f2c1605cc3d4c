#include "gpuatom/exec/atomic.hpp"

#include "gpuatom/memory/atomic_access.hpp"

namespace gpuatom::exec {

namespace {

// The old bits from the host instruction that performs `operation` in one step, or nullopt when
// there is none and the ALU must run in a compare-and-swap loop.
std::optional<memory::Expected<uint64_t>> host_instruction(memory::DeviceMemory& memory, uint64_t address,
                                                           unsigned width, const alu::Operation& operation,
                                                           const alu::Operands& operands, memory::Space space) {
  const bool integer = !alu::is_float(operation.type);
  const uint64_t mask = alu::width_mask(operation.type);
  switch (operation.op) {
    case alu::Op::add:
      if (integer) return memory::fetch_add(memory, address, width, operands.value, space);
      return std::nullopt;
    case alu::Op::sub:
      if (integer) return memory::fetch_sub(memory, address, width, operands.value, space);
      return std::nullopt;
    case alu::Op::bit_and: return memory::fetch_and(memory, address, width, operands.value, space);
    case alu::Op::bit_or: return memory::fetch_or(memory, address, width, operands.value, space);
    case alu::Op::bit_xor: return memory::fetch_xor(memory, address, width, operands.value, space);
    case alu::Op::exchange: return memory::exchange(memory, address, width, operands.value & mask, space);
    case alu::Op::compare_swap:
    case alu::Op::compare_store_flag:
      return memory::compare_exchange(memory, address, width, operands.compare & mask, operands.value & mask, space);
    default: return std::nullopt;
  }
}

}  // namespace

memory::Expected<alu::Result> apply_atomic(memory::DeviceMemory& memory, uint64_t address,
                                           const alu::Operation& operation, const alu::Operands& operands,
                                           memory::Space space, uint32_t* cas_retries) {
  const auto width = static_cast<unsigned>(alu::width_bits(operation.type) / 8);
  auto old = host_instruction(memory, address, width, operation, operands, space);
  if (!old) {
    old = memory::rmw(
        memory, address, width,
        [&operation, &operands](uint64_t bits) { return alu::new_value(operation, bits, operands); }, space,
        cas_retries);
  }
  if (!*old) return old->error();
  // The ALU is pure, so recomputing from the old bits gives exactly what was written.
  return alu::apply(operation, **old, operands);
}

}  // namespace gpuatom::exec
