// One lane's atomic on device memory: the memory layer makes it atomic, the ALU computes it.
// This is the few lines every vendor front-end's perform() ends in (Spike's insns/amoadd_w.h:
// load, op, store, write the destination).
#pragma once

#include <cstdint>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/alu/operation.hpp"
#include "gpuatom/memory/device_memory.hpp"
#include "gpuatom/memory/expected.hpp"
#include "gpuatom/memory/region.hpp"

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
// a thread that performs many atomics in a row.
memory::Expected<alu::Result> apply_atomic(memory::DeviceMemory& memory, uint64_t address,
                                           const alu::Operation& operation, const alu::Operands& operands,
                                           memory::Space space = memory::Space::global,
                                           uint32_t* cas_retries = nullptr,
                                           memory::DeviceMemory::TranslationCache* cache = nullptr);

}  // namespace gpuatom::exec
