#include "gpuatom/memory/surface.hpp"

#include <gtest/gtest.h>

#include <random>

#include "gpuatom/memory/block_linear.hpp"
#include "gpuatom/memory/header_pool.hpp"

namespace gpuatom::memory {
namespace {

// 16 × 8 texels of 4 bytes, rows 0x100 apart, slices/layers 0x1000 apart, at 0x10000.
SurfaceDescriptor pitch_surface(SurfaceDim dim) {
  SurfaceDescriptor d;
  d.dim = dim;
  d.width = 16;
  d.height = 8;
  d.depth = dim == SurfaceDim::d3 ? 4 : 1;
  d.array_size = dim == SurfaceDim::d1_array || dim == SurfaceDim::d2_array ? 6 : 1;
  d.element_bytes = 4;
  d.levels[0] = {0x10000, 0x100, 0x1000};
  return d;
}

CoordinateRules nvidia_rules(Clamp clamp, bool byte_address = false) {
  CoordinateRules rules;
  rules.clamp = clamp;
  rules.buffer_x = clamp == Clamp::near ? Signedness::signed32 : Signedness::unsigned32;
  rules.x_is_byte_address = byte_address;
  return rules;
}

uint64_t address_of(const SurfaceDescriptor& d, SurfaceDim dim, RawCoordinates raw, unsigned access = 4,
                    CoordinateRules rules = nvidia_rules(Clamp::near)) {
  const auto target = surface_element(&d, dim, raw, rules, access);
  EXPECT_TRUE(target);
  EXPECT_TRUE(target->accesses_memory());
  return target->address;
}

uint32_t neg(int32_t value) { return static_cast<uint32_t>(value); }

TEST(PitchLinear, AddressesByHand) {
  const auto d2 = pitch_surface(SurfaceDim::d2);
  EXPECT_EQ(address_of(d2, SurfaceDim::d2, {0, 0}), 0x10000u);
  EXPECT_EQ(address_of(d2, SurfaceDim::d2, {3, 2}), 0x10000u + 2 * 0x100 + 3 * 4);
  EXPECT_EQ(address_of(d2, SurfaceDim::d2, {15, 7}), 0x10000u + 7 * 0x100 + 15 * 4);
  // 8-byte elements on 4-byte texels: x extent 16 × 4 / 8 = 8, x scaled by 8.
  EXPECT_EQ(address_of(d2, SurfaceDim::d2, {7, 1}, 8), 0x10000u + 0x100 + 56);
  const auto d3 = pitch_surface(SurfaceDim::d3);
  EXPECT_EQ(address_of(d3, SurfaceDim::d3, {1, 2, 3}), 0x10000u + 3 * 0x1000 + 2 * 0x100 + 4);
  const auto a2 = pitch_surface(SurfaceDim::d2_array);
  EXPECT_EQ(address_of(a2, SurfaceDim::d2_array, {1, 1, 0, 5}), 0x10000u + 5 * 0x1000 + 0x100 + 4);
  const auto a1 = pitch_surface(SurfaceDim::d1_array);
  EXPECT_EQ(address_of(a1, SurfaceDim::d1_array, {2, 9, 9, 4}), 0x10000u + 4 * 0x1000 + 8);  // y, z unused
  const auto b1 = pitch_surface(SurfaceDim::d1_buffer);
  EXPECT_EQ(address_of(b1, SurfaceDim::d1_buffer, {9}), 0x10000u + 36);
}

TEST(PitchLinear, ArrayIndexIsLowSixteenBits) {
  const auto a2 = pitch_surface(SurfaceDim::d2_array);
  EXPECT_EQ(address_of(a2, SurfaceDim::d2_array, {0, 0, 0, 0xabcd'0002}), 0x10000u + 2 * 0x1000);
}

// The spec's GOB formula read as a bit interleave (the Tegra swizzle): offset bits 3:0 = X 3:0,
// bit 4 = y 0, bit 5 = X 4, bits 7:6 = y 2:1, bit 8 = X 5. Independent of block_linear.hpp.
uint64_t gob_by_bits(uint64_t x, uint64_t y) {
  return (x & 15) | ((y & 1) << 4) | (((x >> 4) & 1) << 5) | (((y >> 1) & 3) << 6) | (((x >> 5) & 1) << 8);
}

TEST(BlockLinear, GobOffsetsByHand) {
  EXPECT_EQ(gob_offset(0, 0), 0u);
  EXPECT_EQ(gob_offset(16, 0), 32u);
  EXPECT_EQ(gob_offset(0, 1), 16u);
  EXPECT_EQ(gob_offset(0, 2), 64u);
  EXPECT_EQ(gob_offset(32, 0), 256u);
  EXPECT_EQ(gob_offset(4, 3), 84u);    // 64 (y/2) + 16 (y odd) + 4
  EXPECT_EQ(gob_offset(63, 7), 511u);  // last byte of the GOB
  for (uint64_t y = 0; y < 8; ++y) {
    for (uint64_t x = 0; x < 64; ++x) ASSERT_EQ(gob_offset(x, y), gob_by_bits(x, y)) << x << "," << y;
  }
}

TEST(BlockLinear, BlocksRowsAndSlicesByHand) {
  // W = 64 texels × 4 bytes = 256 bytes = 4 GOBs wide; H = 32 rows.
  BlockLinearShape s{256, 32, 1, 1, 1};
  EXPECT_EQ(block_linear_offset(s, 64, 0, 0), 512u);  // next GOB to the right
  EXPECT_EQ(block_linear_offset(s, 80, 1, 0), 512u + 32 + 16);
  EXPECT_EQ(block_linear_offset(s, 0, 8, 0), 2048u);  // next row of blocks: 512 × 4 GOBs
  EXPECT_EQ(block_linear_offset(s, 64, 9, 0), 2048u + 512 + 16);
  EXPECT_EQ(layer_stride_bytes(s), 4 * 2048u);  // 4 block rows
  // Block height 2 GOBs: the second GOB row stays in the same block.
  s.block_height = 2;
  EXPECT_EQ(block_linear_offset(s, 0, 8, 0), 512u);
  EXPECT_EQ(block_linear_offset(s, 64, 0, 0), 1024u);  // blocks are 2 GOBs
  EXPECT_EQ(block_linear_offset(s, 0, 16, 0), 4096u);  // rob = 512 × 2 × 4
  // 3D, block depth 2: z inside a block steps by 512 × BH, z / BD by the slice size.
  BlockLinearShape v{256, 32, 4, 1, 2};
  EXPECT_EQ(block_linear_offset(v, 0, 0, 1), 512u);
  EXPECT_EQ(slab_bytes(v), 4 * 4096u);  // ceil(32 / 8) × (512 × 1 × 2 × 4)
  EXPECT_EQ(block_linear_offset(v, 0, 0, 2), 16384u);
  EXPECT_EQ(block_linear_offset(v, 0, 0, 3), 16384u + 512);
  EXPECT_EQ(layer_stride_bytes(v), 16384u * 2);  // ceil(depth 4 / BD 2) slices
  // Width not a multiple of 64 bytes and height not of 8 × BH round up.
  BlockLinearShape odd{100, 20, 1, 2, 1};
  EXPECT_EQ(width_in_gobs(odd), 2u);
  EXPECT_EQ(slab_bytes(odd), 2 * (512u * 2 * 2));
}

TEST(BlockLinear, SurfaceAddressesUseTheLayout) {
  SurfaceDescriptor d;
  d.dim = SurfaceDim::d2_array;
  d.layout = SurfaceLayout::block_linear;
  d.width = 64;
  d.height = 32;
  d.array_size = 3;
  d.element_bytes = 4;
  d.levels[0].base = 0x100000;
  ASSERT_FALSE(descriptor_problem(d));
  EXPECT_EQ(address_of(d, SurfaceDim::d2_array, {4, 0, 0, 0}), 0x100000u + 32);  // X = 16 bytes
  EXPECT_EQ(address_of(d, SurfaceDim::d2_array, {16, 1, 0, 0}), 0x100000u + 512 + 16);
  EXPECT_EQ(address_of(d, SurfaceDim::d2_array, {0, 0, 0, 2}), 0x100000u + 2 * 8192);  // ASSUMPTION layer stride
  d.block_height = 3;
  EXPECT_TRUE(descriptor_problem(d));
}

TEST(Clamp, NearClampsEachCoordinate) {
  const auto d2 = pitch_surface(SurfaceDim::d2);
  const auto target = surface_element(&d2, SurfaceDim::d2, {20, neg(-1)}, nvidia_rules(Clamp::near), 4);
  ASSERT_TRUE(target);
  EXPECT_TRUE(target->clamped);
  EXPECT_EQ(target->element.x, 15);
  EXPECT_EQ(target->element.y, 0);
  EXPECT_EQ(target->address, 0x10000u + 15 * 4);
  const auto a2 = pitch_surface(SurfaceDim::d2_array);
  EXPECT_EQ(address_of(a2, SurfaceDim::d2_array, {0, 0, 0, 9}), 0x10000u + 5 * 0x1000);  // layer clamped to 5
}

TEST(Clamp, IgnDropsTheAccess) {
  const auto d2 = pitch_surface(SurfaceDim::d2);
  for (RawCoordinates raw : {RawCoordinates{16, 0}, RawCoordinates{0, 8}, RawCoordinates{neg(-1), 0}}) {
    const auto target = surface_element(&d2, SurfaceDim::d2, raw, nvidia_rules(Clamp::ign), 4);
    ASSERT_TRUE(target);
    EXPECT_EQ(target->status, SurfaceStatus::out_of_bounds);
    EXPECT_FALSE(target->accesses_memory());
  }
  EXPECT_TRUE(surface_element(&d2, SurfaceDim::d2, {15, 7}, nvidia_rules(Clamp::ign), 4)->accesses_memory());
}

TEST(Clamp, TrapFaults) {
  const auto d2 = pitch_surface(SurfaceDim::d2);
  const auto result = surface_element(&d2, SurfaceDim::d2, {16, 1}, nvidia_rules(Clamp::trap), 4);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().kind, FaultKind::surface_out_of_bounds);
  EXPECT_EQ(result.error().address, 0x10000u + 0x100 + 64);  // where the unclamped element would be
  EXPECT_EQ(result.error().width, 4u);
  EXPECT_EQ(surface_element(&d2, SurfaceDim::d2, {0, neg(-3)}, nvidia_rules(Clamp::trap), 4).error().kind,
            FaultKind::surface_out_of_bounds);
}

TEST(Coordinates, SignedNegativeVersusUnsignedBuffer) {
  const auto b1 = pitch_surface(SurfaceDim::d1_buffer);
  // 1D_BUFFER with .NEAR reads x as S32: −1 clamps to 0.
  EXPECT_EQ(address_of(b1, SurfaceDim::d1_buffer, {neg(-1)}), 0x10000u);
  // A 1D x is S32 under any clamp: −1 clamps to 0 with NEAR.
  EXPECT_EQ(address_of(b1, SurfaceDim::d1, {neg(-1)}), 0x10000u);
  // Read as U32 (1D_BUFFER without .NEAR, or Intel) 0xffffffff is a huge x, and NEAR would
  // clamp it to the last element instead.
  CoordinateRules unsigned_near = nvidia_rules(Clamp::near);
  unsigned_near.buffer_x = Signedness::unsigned32;
  EXPECT_EQ(address_of(b1, SurfaceDim::d1_buffer, {neg(-1)}, 4, unsigned_near), 0x10000u + 15 * 4);
  const auto ign = surface_element(&b1, SurfaceDim::d1_buffer, {neg(-1)}, nvidia_rules(Clamp::ign), 4);
  EXPECT_EQ(ign->status, SurfaceStatus::out_of_bounds);
  EXPECT_EQ(ign->element.x, int64_t{0xffffffff});
}

TEST(Coordinates, ByteAddressXMustBeAligned) {
  const auto d2 = pitch_surface(SurfaceDim::d2);
  EXPECT_EQ(address_of(d2, SurfaceDim::d2, {8, 1}, 4, nvidia_rules(Clamp::near, true)), 0x10000u + 0x100 + 8);
  EXPECT_EQ(address_of(d2, SurfaceDim::d2, {16, 0}, 8, nvidia_rules(Clamp::near, true)), 0x10000u + 16);
  const auto misaligned = surface_element(&d2, SurfaceDim::d2, {6, 1}, nvidia_rules(Clamp::near, true), 4);
  ASSERT_FALSE(misaligned);
  EXPECT_EQ(misaligned.error().kind, FaultKind::misaligned);
  EXPECT_EQ(misaligned.error().address, 0x10000u + 0x100 + 6);
  // Alignment comes before bounds: an out-of-bounds misaligned x is a misaligned fault.
  EXPECT_EQ(surface_element(&d2, SurfaceDim::d2, {1002, 0}, nvidia_rules(Clamp::trap, true), 8).error().kind,
            FaultKind::misaligned);
}

TEST(HeaderPool, MaximumIndexEqualValidGreaterInvalid) {
  SurfaceHeaderPool pool(5);
  pool.set(5, pitch_surface(SurfaceDim::d2));
  pool.set(6, pitch_surface(SurfaceDim::d2));
  EXPECT_NE(pool.lookup(5), nullptr);
  EXPECT_EQ(pool.lookup(6), nullptr);
  const auto invalid = surface_element(pool.lookup(6), SurfaceDim::d2, {0, 0}, nvidia_rules(Clamp::trap), 4);
  ASSERT_TRUE(invalid);
  EXPECT_EQ(invalid->status, SurfaceStatus::invalid_header);
  // Never set but within the limit: a disabled header.
  ASSERT_NE(pool.lookup(4), nullptr);
  EXPECT_FALSE(pool.lookup(4)->enabled);
  // Handle entry: samplerPtr[31:20] | headerPtr[19:0].
  EXPECT_EQ(SurfaceHeaderPool::header_index(0xabc0'0005), 5u);
  EXPECT_EQ(SurfaceHeaderPool::sampler_index(0xabc0'0005), 0xabcu);
  pool.set_maximum_index(6);
  EXPECT_NE(pool.lookup(6), nullptr);
}

TEST(HeaderPool, DisabledHeaderDropsTheAccess) {
  auto d = pitch_surface(SurfaceDim::d2);
  d.enabled = false;
  // Disabled wins over everything else, even a TRAP out-of-bounds or a misaligned .BA.
  const auto target = surface_element(&d, SurfaceDim::d2, {99, 99}, nvidia_rules(Clamp::trap, true), 4);
  ASSERT_TRUE(target);
  EXPECT_EQ(target->status, SurfaceStatus::disabled);
  EXPECT_FALSE(target->accesses_memory());
}

TEST(IntelTyped, MipLevelsAndUnsignedCoordinates) {
  SurfaceDescriptor d = pitch_surface(SurfaceDim::d2);
  d.level_count = 2;
  d.levels[1] = {0x20000, 0x80, 0x400};
  CoordinateRules intel;
  intel.xyz = Signedness::unsigned32;
  intel.buffer_x = Signedness::unsigned32;
  intel.layer_mask = 0xffffffff;
  intel.clamp = Clamp::ign;
  // Level 1 is 8 × 4 texels.
  EXPECT_EQ(address_of(d, SurfaceDim::d2, {7, 3, 0, 0, 1}, 4, intel), 0x20000u + 3 * 0x80 + 28);
  for (RawCoordinates raw : {RawCoordinates{8, 0, 0, 0, 1}, RawCoordinates{0, 4, 0, 0, 1},
                             RawCoordinates{0, 0, 0, 0, 2}, RawCoordinates{neg(-1), 0, 0, 0, 0}}) {
    const auto target = surface_element(&d, SurfaceDim::d2, raw, intel, 4);
    ASSERT_TRUE(target);
    EXPECT_EQ(target->status, SurfaceStatus::out_of_bounds);
  }
  // The whole 32-bit array index counts.
  auto a = pitch_surface(SurfaceDim::d2_array);
  const auto far_layer = surface_element(&a, SurfaceDim::d2_array, {0, 0, 0, 0x1'0002}, intel, 4);
  EXPECT_EQ(far_layer->status, SurfaceStatus::out_of_bounds);
  // 16-bit elements (.16) on 2-byte texels.
  a.element_bytes = 2;
  EXPECT_EQ(address_of(a, SurfaceDim::d2_array, {5, 1, 0, 2}, 2, intel), 0x10000u + 2 * 0x1000 + 0x100 + 10);
}

// The shortcut answers exactly when surface_element accesses an element without moving a
// coordinate, and then with its address; it answers nothing otherwise. Random descriptors of
// every dim, layout and rule set, with coordinates near each extent, around 2^31 and anywhere.
TEST(PitchLinearShortcut, AgreesWithSurfaceElement) {
  std::mt19937_64 random(18);
  const auto pick = [&](uint64_t n) { return static_cast<uint32_t>(random() % n); };
  const SurfaceDim dims[] = {SurfaceDim::d1, SurfaceDim::d1_buffer, SurfaceDim::d1_array,
                             SurfaceDim::d2, SurfaceDim::d2_array,  SurfaceDim::d3};
  uint64_t answered = 0, declined = 0;
  for (int round = 0; round < 3000; ++round) {
    const SurfaceDim dim = dims[pick(6)];
    SurfaceDescriptor d;
    d.dim = dim;
    d.enabled = pick(16) != 0;
    d.layout = pick(8) == 0 ? SurfaceLayout::block_linear : SurfaceLayout::pitch_linear;
    d.width = 1 + pick(40);
    if (pick(16) == 0) d.width = (1u << 31) + pick(8);  // extents past the signed range
    d.height = 1 + pick(9);
    d.depth = 1 + pick(5);
    d.array_size = 1 + pick(7);
    d.element_bytes = 1u << pick(4);
    d.level_count = d.layout == SurfaceLayout::block_linear ? 1 : 1 + pick(3);
    for (uint32_t l = 0; l < d.level_count; ++l) d.levels[l] = {0x10000 * (l + 1) + pick(64), 0x100 + pick(64), 0x4000};
    CoordinateRules rules;
    rules.xyz = pick(2) ? Signedness::signed32 : Signedness::unsigned32;
    rules.buffer_x = pick(2) ? Signedness::signed32 : Signedness::unsigned32;
    rules.layer_mask = pick(2) ? 0xffffu : 0xffffffffu;
    rules.x_is_byte_address = pick(8) == 0;
    rules.clamp = static_cast<Clamp>(pick(3));
    const unsigned access = 1u << pick(4);
    const PitchLinearShortcut shortcut(&d, dim, rules, access);
    const auto coordinate = [&](uint32_t extent) -> uint32_t {
      switch (pick(5)) {
        case 0: return extent - 1 + pick(3);             // at the edge
        case 1: return (1u << 31) - 1 + pick(3);         // around the sign bit
        case 2: return static_cast<uint32_t>(random());  // anywhere
        default: return pick(extent + 1);                // mostly inside
      }
    };
    for (int k = 0; k < 40; ++k) {
      RawCoordinates raw;
      raw.x = coordinate(d.width * d.element_bytes / access + 1);
      raw.y = coordinate(d.height);
      raw.z = coordinate(d.depth);
      raw.layer = pick(4) == 0 ? 0x10000u + pick(d.array_size) : coordinate(d.array_size);
      raw.level = pick(4) == 0 ? pick(d.level_count + 1) : 0;
      const auto target = surface_element(&d, dim, raw, rules, access);
      const bool plain = target && target->accesses_memory() && !target->clamped;
      const auto fast = shortcut.address(raw);
      if (fast) {
        ++answered;
        ASSERT_TRUE(plain) << "round " << round << " k " << k;
        EXPECT_EQ(*fast, target->address) << "round " << round << " k " << k;
      } else {
        ++declined;
        // Declined in-bounds cases: only a level other than 0, .BA, or a surface it does not take.
        if (plain && d.enabled && d.layout == SurfaceLayout::pitch_linear && !rules.x_is_byte_address) {
          EXPECT_NE(raw.level, 0u) << "round " << round << " k " << k;
        }
      }
    }
  }
  EXPECT_GT(answered, 10000u);  // both sides were exercised
  EXPECT_GT(declined, 10000u);
}

TEST(SurfaceNames, Stable) {
  EXPECT_EQ(name(SurfaceDim::d1_buffer), "1D_BUFFER");
  EXPECT_EQ(name(Clamp::trap), "TRAP");
  EXPECT_EQ(name(SurfaceStatus::disabled), "disabled");
}

// line() answers for channels on a line of x at one y only when each of them is in bounds, and
// then with the address address() gives each; it answers every such line that does not wrap
// past x = 2^32 − 1. Random 1D and 2D surfaces (x extents past 2^32 among them), lines near the
// edges, across 2^32 and anywhere.
TEST(PitchLinearShortcut, LinesAreTheirChannelsAddresses) {
  std::mt19937_64 random(19);
  const auto pick = [&](uint64_t n) { return static_cast<uint32_t>(random() % n); };
  const SurfaceDim dims[] = {SurfaceDim::d1, SurfaceDim::d1_buffer, SurfaceDim::d2};
  uint64_t answered = 0, declined = 0, wrapped = 0;
  for (int round = 0; round < 2000; ++round) {
    const SurfaceDim dim = dims[pick(3)];
    SurfaceDescriptor d;
    d.dim = dim;
    d.enabled = pick(16) != 0;
    d.width = pick(4) == 0 ? (1u << 31) + pick(8) : 1 + pick(200);
    d.height = 1 + pick(9);
    d.element_bytes = 1u << pick(5);
    d.levels[0] = {0x10000 + pick(64), 0x100 + pick(64), 0x4000};
    CoordinateRules rules;
    rules.xyz = pick(2) ? Signedness::signed32 : Signedness::unsigned32;
    rules.buffer_x = pick(2) ? Signedness::signed32 : Signedness::unsigned32;
    const unsigned access = 1u << pick(4);
    const PitchLinearShortcut shortcut(&d, dim, rules, access);
    const uint64_t x_extent = uint64_t{d.width} * d.element_bytes / access;
    for (int k = 0; k < 40; ++k) {
      const uint32_t span = pick(64);
      const uint32_t x_step = pick(8) == 0 ? static_cast<uint32_t>(random()) : pick(4);
      uint32_t x_first = pick(uint32_t(std::min<uint64_t>(x_extent, 1000)) + 1);
      if (pick(4) == 0) x_first = static_cast<uint32_t>(x_extent - 1 - pick(70));  // ends past the edge
      if (pick(4) == 0) x_first = 0xffffffffu - pick(70);                          // across 2^32
      const uint32_t y = dim == SurfaceDim::d2 ? pick(d.height + 1) : 0;
      bool each_in = true;
      for (uint32_t j = 0; j <= span; ++j)
        each_in = each_in && shortcut.address(RawCoordinates{x_first + x_step * j, y, 0, 0, 0}).has_value();
      uint64_t first = 0, step = 0;
      if (!shortcut.line(x_first, x_step, span, y, first, step)) {
        ++declined;
        const bool wraps = x_first + uint64_t{x_step} * span > 0xffffffffu;
        wrapped += wraps;
        EXPECT_TRUE(wraps || !each_in) << "round " << round << " k " << k;
        continue;
      }
      ++answered;
      for (uint32_t j = 0; j <= span; ++j) {
        const auto address = shortcut.address(RawCoordinates{x_first + x_step * j, y, 0, 0, 0});
        ASSERT_TRUE(address.has_value()) << "round " << round << " k " << k << " j " << j;
        EXPECT_EQ(*address, first + step * j) << "round " << round << " k " << k << " j " << j;
      }
    }
  }
  EXPECT_GT(answered, 10000u);  // every side was exercised
  EXPECT_GT(declined, 10000u);
  EXPECT_GT(wrapped, 1000u);
}

}  // namespace
}  // namespace gpuatom::memory
