// One lane's atomic on device memory: the memory layer makes it atomic, the ALU computes it.
// This is the few lines every vendor front-end's perform() ends in (Spike's insns/amoadd_w.h:
// load, op, store, write the destination).
#pragma once

#include <atomic>
#include <cstdint>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/alu/operation.hpp"
#include "gpuatom/memory/device_memory.hpp"
#include "gpuatom/memory/expected.hpp"
#include "gpuatom/memory/region.hpp"
#include "gpuatom/numeric/arithmetic.hpp"

namespace gpuatom::exec {

// Performs `operation` atomically at `address` (width from the operation's type: 2, 4 or 8
// bytes) and returns the ALU's result for the old value it saw: the bits now in memory and the
// bits the lane gets back. Or the memory fault; a faulting access changes nothing.
//
// Integer add/sub/and/or/xor, exchange and bitwise compare-and-swap go through the one host
// instruction that does them (as a GPU's atomic unit does them in one step); every other op runs
// the ALU in the memory layer's compare-and-swap loop, whose failed rounds are added to
// `*cas_retries`. 128-bit types are not handled here (alu::apply128 with memory::rmw128):
// they give a bad-width fault.
//
// `cache` (optional) remembers the page of the last access (DeviceMemory::TranslationCache) for
// a thread that performs many atomics in a row. The two commonest atomics on a remembered page
// (32-bit integer add, F32 add) are inlined here: a lane of a histogram or a float sum costs the
// host's locked instruction and a few more, and gives the same result as the general road.
memory::Expected<alu::Result> apply_atomic_general(memory::DeviceMemory& memory, uint64_t address,
                                                   const alu::Operation& operation, const alu::Operands& operands,
                                                   memory::Space space, uint32_t* cas_retries,
                                                   memory::DeviceMemory::TranslationCache* cache);

inline memory::Expected<alu::Result> apply_atomic(memory::DeviceMemory& memory, uint64_t address,
                                                  const alu::Operation& operation, const alu::Operands& operands,
                                                  memory::Space space = memory::Space::global,
                                                  uint32_t* cas_retries = nullptr,
                                                  memory::DeviceMemory::TranslationCache* cache = nullptr) {
  if (cache && operation.op == alu::Op::add && (address & 3) == 0 && address >= cache->low &&
      address - cache->low + 4 <= cache->high - cache->low && space == cache->space && cache->writable) {
    auto* host = reinterpret_cast<uint32_t*>(cache->host + (address - cache->low));
    const auto value = static_cast<uint32_t>(operands.value);
    if (operation.type == alu::Type::u32 || operation.type == alu::Type::s32) {
      const uint32_t old = std::atomic_ref<uint32_t>(*host).fetch_add(value, std::memory_order_seq_cst);
      return alu::Result{static_cast<uint32_t>(old + value), old};
    }
    if (operation.type == alu::Type::f32) {
      // What the general road does for an F32 add, without its dispatch on op and type: the same
      // compare-and-swap loop around the same soft-float add.
      std::atomic_ref<uint32_t> word(*host);
      uint32_t observed = word.load(std::memory_order_relaxed);
      uint32_t next;
      while (!word.compare_exchange_weak(
          observed, next = static_cast<uint32_t>(numeric::add<numeric::Single>(observed, value, operation.floats.add)),
          std::memory_order_seq_cst, std::memory_order_relaxed))
        if (cas_retries) ++*cas_retries;
      return alu::Result{next, observed};
    }
  }
  return apply_atomic_general(memory, address, operation, operands, space, cas_retries, cache);
}

}  // namespace gpuatom::exec
