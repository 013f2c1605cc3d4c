#include "gpuatom/exec/atomic.hpp"

#include "gpuatom/memory/atomic_access.hpp"

namespace gpuatom::exec {

namespace {

using memory::detail::host_word;

// The host instruction that performs `op` in one step at 32 or 64 bits (T), on the word at
// `host`; returns the old bits, or nullopt when there is none and the ALU runs in a CAS loop.
template <class T>
std::optional<uint64_t> host_instruction(std::byte* host, const alu::Operation& operation,
                                         const alu::Operands& operands) {
  const bool integer = !alu::is_float(operation.type);
  const auto value = static_cast<T>(operands.value);
  auto ref = host_word<T>(host);
  switch (operation.op) {
    case alu::Op::add:
      if (integer) return ref.fetch_add(value, std::memory_order_seq_cst);
      return std::nullopt;
    case alu::Op::sub:
      if (integer) return ref.fetch_sub(value, std::memory_order_seq_cst);
      return std::nullopt;
    case alu::Op::bit_and: return ref.fetch_and(value, std::memory_order_seq_cst);
    case alu::Op::bit_or: return ref.fetch_or(value, std::memory_order_seq_cst);
    case alu::Op::bit_xor: return ref.fetch_xor(value, std::memory_order_seq_cst);
    case alu::Op::exchange: return ref.exchange(value, std::memory_order_seq_cst);
    case alu::Op::compare_swap:
    case alu::Op::compare_store_flag: {
      auto observed = static_cast<T>(operands.compare);
      ref.compare_exchange_strong(observed, value, std::memory_order_seq_cst);
      return observed;
    }
    default: return std::nullopt;
  }
}

// 16-bit ops: every one is a compare-and-swap loop on the containing 32-bit word; exchange and
// compare-and-swap are bitwise (a failed compare writes nothing).
uint64_t rmw16(std::byte* host, const alu::Operation& operation, const alu::Operands& operands, uint32_t* retries,
               bool emulated) {
  if (!emulated && (operation.op == alu::Op::compare_swap || operation.op == alu::Op::compare_store_flag)) {
    const auto expected = static_cast<uint16_t>(operands.compare);
    return memory::detail::rmw16(
        host,
        [&](uint16_t old, bool& write) {
          write = old == expected;
          return static_cast<uint16_t>(operands.value);
        },
        nullptr);
  }
  // A GPU does these in one step: the rounds the host needs are not retries (unless emulated).
  const bool one_step =
      !((operation.op == alu::Op::add || operation.op == alu::Op::sub) && alu::is_float(operation.type)) &&
      (operation.op == alu::Op::add || operation.op == alu::Op::sub || operation.op == alu::Op::bit_and ||
       operation.op == alu::Op::bit_or || operation.op == alu::Op::bit_xor || operation.op == alu::Op::exchange);
  const bool counts = emulated || !one_step;
  return memory::detail::rmw16(
      host, [&](uint16_t old, bool&) { return static_cast<uint16_t>(alu::new_value(operation, old, operands)); },
      counts ? retries : nullptr);
}

}  // namespace

memory::Expected<alu::Result> apply_atomic(memory::DeviceMemory& memory, uint64_t address,
                                           const alu::Operation& operation, const alu::Operands& operands,
                                           memory::Space space, uint32_t* cas_retries,
                                           memory::DeviceMemory::TranslationCache* cache, bool emulated) {
  const auto width = static_cast<unsigned>(alu::width_bits(operation.type) / 8);
  if (!memory::detail::atomic_width(width)) return memory::detail::width_fault(memory, address, width);
  const auto host = cache ? memory.translate(address, width, memory::Intent::write, space, *cache)
                          : memory.translate(address, width, memory::Intent::write, space);
  if (!host) return host.error();
  std::optional<uint64_t> old;
  if (width == 2)
    old = rmw16(*host, operation, operands, cas_retries, emulated);
  else if (emulated)
    old = std::nullopt;
  else if (width == 4)
    old = host_instruction<uint32_t>(*host, operation, operands);
  else
    old = host_instruction<uint64_t>(*host, operation, operands);
  if (old) return alu::apply(operation, *old, operands);  // the ALU is pure: what was written
  // The CAS loop: the round that succeeds is the last one run, so its new bits are what was written.
  uint64_t written = 0;
  const auto next = [&](uint64_t bits) { return written = alu::new_value(operation, bits, operands); };
  const uint64_t seen = width == 4 ? memory::detail::rmw_loop<uint32_t>(*host, next, cas_retries)
                                   : memory::detail::rmw_loop<uint64_t>(*host, next, cas_retries);
  // `seen` has the operation's width already (as alu::apply's masked old value).
  switch (alu::returns(operation.op)) {
    case alu::Returns::new_value: return alu::Result{written, written};
    case alu::Returns::stored_flag:
      return alu::Result{written, seen == (operands.compare & alu::width_mask(operation.type)) ? 1u : 0u};
    case alu::Returns::old_value: break;
  }
  return alu::Result{written, seen};
}

}  // namespace gpuatom::exec
