#include "gpuatom/memory/device_memory.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstddef>

#include "memory/test_support.hpp"

namespace gpuatom::memory {
namespace {

using testing::add_buffer;

TEST(Regions, CreatedWithAttributesAndFoundByIdNameAndAddress) {
  DeviceMemory memory;
  RegionAttributes host_fine;
  host_fine.location = Location::host_pinned;
  host_fine.granularity = Granularity::fine;
  const auto a = memory.add_region({"a", 0x1000, 0x100, {}});
  const auto b = memory.add_region({"b", 0x2000, 0x100, host_fine});
  ASSERT_TRUE(a);
  ASSERT_TRUE(b);
  EXPECT_EQ(*a, 0u);
  EXPECT_EQ(*b, 1u);
  EXPECT_EQ(memory.region(*b)->name, "b");
  EXPECT_EQ(memory.region(*b)->attributes.location, Location::host_pinned);
  EXPECT_EQ(memory.region(*b)->attributes.granularity, Granularity::fine);
  EXPECT_EQ(memory.region_named("a")->base, 0x1000u);
  EXPECT_EQ(memory.region_at(0x20ff)->id, *b);
  EXPECT_FALSE(memory.region_at(0x2100));
  EXPECT_FALSE(memory.region_at(0xfff));
  EXPECT_FALSE(memory.region(7));
  EXPECT_EQ(memory.regions().size(), 2u);
}

TEST(Regions, OverlapAndBadSpecsRejected) {
  DeviceMemory memory;
  ASSERT_TRUE(memory.add_region({"a", 0x1000, 0x1000, {}}));
  EXPECT_EQ(memory.add_region({"b", 0x1ff0, 0x20, {}}).error(), RegionError::overlap);  // tail
  EXPECT_EQ(memory.add_region({"b", 0x0ff0, 0x20, {}}).error(), RegionError::overlap);  // head
  EXPECT_EQ(memory.add_region({"b", 0x0, 0x10000, {}}).error(), RegionError::overlap);  // covers
  EXPECT_EQ(memory.add_region({"b", 0x1100, 0x10, {}}).error(), RegionError::overlap);  // inside
  EXPECT_TRUE(memory.add_region({"b", 0x2000, 0x10, {}}));                              // adjacent
  EXPECT_TRUE(memory.add_region({"c", 0x0ff0, 0x10, {}}));                              // adjacent
  EXPECT_EQ(memory.add_region({"a", 0x9000, 0x10, {}}).error(), RegionError::duplicate_name);
  EXPECT_EQ(memory.add_region({"", 0x9000, 0x10, {}}).error(), RegionError::empty_name);
  EXPECT_EQ(memory.add_region({"d", 0x9000, 0, {}}).error(), RegionError::empty);
  EXPECT_EQ(memory.add_region({"d", 0x9008, 0x10, {}}).error(), RegionError::misaligned_base);
  EXPECT_EQ(memory.add_region({"d", ~uint64_t{0} - 15, 0x20, {}}).error(), RegionError::wraps);
  EXPECT_TRUE(memory.add_region({"top", ~uint64_t{0} - 15, 0x10, {}}));  // ends exactly at 2^64
  EXPECT_FALSE(describe(RegionError::overlap).empty());
}

TEST(Regions, SharedRegionMustLieInsideItsWindow) {
  DeviceMemory memory;
  memory.set_window(Space::shared, {0x00ff'0000'0000, 16 << 20});
  RegionAttributes shared;
  shared.space = Space::shared;
  EXPECT_EQ(memory.add_region({"s", 0x1000, 0x100, shared}).error(), RegionError::outside_window);
  EXPECT_TRUE(memory.add_region({"s", 0x00ff'0000'0000, 0x100, shared}));
}

TEST(Layout, LittleEndian) {
  DeviceMemory memory;
  add_buffer(memory);
  ASSERT_TRUE(memory.store(0x1000, 8, 0x0807060504030201));
  std::array<std::byte, 8> bytes{};
  ASSERT_TRUE(memory.read_bytes(0x1000, bytes));
  for (int i = 0; i < 8; ++i) EXPECT_EQ(static_cast<int>(bytes[i]), i + 1);
  EXPECT_EQ(*memory.load(0x1000, 1), 0x01u);
  EXPECT_EQ(*memory.load(0x1002, 2), 0x0403u);
  EXPECT_EQ(*memory.load(0x1004, 4), 0x08070605u);
  ASSERT_TRUE(memory.store128(0x1010, {0x1111111111111111, 0x2222222222222222}));
  EXPECT_EQ(*memory.load(0x1010, 8), 0x1111111111111111u);
  EXPECT_EQ(*memory.load(0x1018, 8), 0x2222222222222222u);
  EXPECT_EQ(memory.load128(0x1010)->hi, 0x2222222222222222u);
}

TEST(Layout, StoreWritesOnlyItsWidth) {
  DeviceMemory memory;
  add_buffer(memory);
  ASSERT_TRUE(memory.store(0x1000, 8, ~uint64_t{0}));
  ASSERT_TRUE(memory.store(0x1002, 2, 0x12345));  // only 0x2345 fits
  EXPECT_EQ(*memory.load(0x1000, 8), 0xffff'ffff'2345'ffffu);
}

TEST(Layout, BytesCrossPages) {
  DeviceMemory memory;
  add_buffer(memory, 0x1000, 0x3000);
  std::array<std::byte, 10> in{};
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = std::byte(0xa0 + i);
  ASSERT_TRUE(memory.write_bytes(0x1ffb, in));  // spans the first page boundary, unaligned
  std::array<std::byte, 10> out{};
  ASSERT_TRUE(memory.read_bytes(0x1ffb, out));
  EXPECT_EQ(in, out);
  EXPECT_EQ(memory.allocated_pages(), 2u);
}

TEST(FirstTouch, ReadsZeroWithoutAllocating) {
  DeviceMemory memory;
  add_buffer(memory, 0x1000, uint64_t{1} << 40);
  EXPECT_EQ(*memory.load(0x1000 + (uint64_t{1} << 39), 8), 0u);
  EXPECT_EQ(memory.load128(0x2000)->lo, 0u);
  EXPECT_EQ(memory.allocated_pages(), 0u);
  ASSERT_TRUE(memory.store(0x1000 + (uint64_t{1} << 39), 4, 7));
  EXPECT_EQ(memory.allocated_pages(), 1u);
  EXPECT_EQ(*memory.load(0x1000 + (uint64_t{1} << 39), 4), 7u);
  EXPECT_EQ(*memory.load(0x1000 + (uint64_t{1} << 39) + 8, 4), 0u);  // rest of the page zeroed
}

// Pages of a memory that is gone are reused by the next one (page_pool): they must come back
// zeroed, every byte of them.
TEST(FirstTouch, PagesOfAnEarlierMemoryComeBackZeroed) {
  for (int round = 0; round < 3; ++round) {
    DeviceMemory memory;
    add_buffer(memory, 0x10000, 0x40000);
    for (uint64_t address = 0x10000; address < 0x50000; address += 8) {
      ASSERT_EQ(*memory.load(address, 8), 0u) << "round " << round << " address 0x" << std::hex << address;
      ASSERT_TRUE(memory.store(address, 8, ~uint64_t{0}));
    }
    EXPECT_EQ(memory.allocated_pages(), 0x40000u / 4096);
  }
}

TEST(Faults, MisalignedCarriesKindAddressWidthAndRegion) {
  DeviceMemory memory;
  const RegionId id = add_buffer(memory);
  const auto result = memory.load(0x1002, 4);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().kind, FaultKind::misaligned);
  EXPECT_EQ(result.error().address, 0x1002u);
  EXPECT_EQ(result.error().width, 4u);
  EXPECT_EQ(result.error().region, id);
  EXPECT_EQ(describe(result.error()), "misaligned 4-byte access at 0x0000000000001002 in region 'buf'");
  EXPECT_EQ(memory.store(0x1001, 2, 0).error().kind, FaultKind::misaligned);
  EXPECT_EQ(memory.load128(0x1008).error().kind, FaultKind::misaligned);
}

TEST(Faults, OutOfRange) {
  DeviceMemory memory;
  add_buffer(memory, 0x1000, 0x10);
  const auto past = memory.load(0x1010, 4);
  EXPECT_EQ(past.error().kind, FaultKind::out_of_range);
  EXPECT_EQ(past.error().address, 0x1010u);
  EXPECT_EQ(past.error().region, no_region);
  EXPECT_EQ(describe(past.error()), "out-of-range 4-byte access at 0x0000000000001010");
  EXPECT_EQ(memory.load(0x0ffc, 4).error().kind, FaultKind::out_of_range);
  EXPECT_EQ(memory.load(0x0, 8).error().kind, FaultKind::out_of_range);
  EXPECT_EQ(memory.load(~uint64_t{0} - 7, 8).error().kind, FaultKind::out_of_range);
  EXPECT_TRUE(memory.load(0x100c, 4));
  std::array<std::byte, 4> bytes{};
  const auto tail = memory.read_bytes(0x100e, bytes);  // crosses the end
  EXPECT_EQ(tail.error().kind, FaultKind::out_of_range);
  EXPECT_EQ(tail.error().address, 0x1010u);
}

TEST(Faults, BadWidth) {
  DeviceMemory memory;
  add_buffer(memory);
  EXPECT_EQ(memory.load(0x1000, 3).error().kind, FaultKind::bad_width);
  EXPECT_EQ(memory.load(0x1000, 16).error().kind, FaultKind::bad_width);
  EXPECT_EQ(memory.translate(0x1000, 32, Intent::read).error().kind, FaultKind::bad_width);
}

TEST(Faults, WindowsMakeGlobalAccessesInvalidAddressSpace) {
  DeviceMemory memory;
  constexpr uint64_t shared_base = 0x00ff'0000'0000;
  constexpr uint64_t local_base = 0x00fe'0000'0000;
  memory.set_window(Space::shared, {shared_base, 16 << 20});
  memory.set_window(Space::local, {local_base, 16 << 20});
  RegionAttributes shared;
  shared.space = Space::shared;
  ASSERT_TRUE(memory.add_region({"cta-shared", shared_base, 0x1000, shared}));
  add_buffer(memory);

  // Check 1 comes before alignment and range: the window counts even where no region is.
  const auto in_shared = memory.load(shared_base + 2, 4);
  EXPECT_EQ(in_shared.error().kind, FaultKind::invalid_address_space);
  EXPECT_EQ(in_shared.error().region_name, "cta-shared");
  EXPECT_EQ(memory.load(local_base + 0x100, 4).error().kind, FaultKind::invalid_address_space);
  EXPECT_EQ(memory.load(shared_base + (16 << 20) - 4, 4).error().kind, FaultKind::invalid_address_space);
  EXPECT_EQ(memory.load(shared_base + (16 << 20), 4).error().kind, FaultKind::out_of_range);

  // Shared accesses reach the shared region; beyond it they are out of range.
  EXPECT_TRUE(memory.store(shared_base + 8, 4, 5, Space::shared));
  EXPECT_EQ(*memory.load(shared_base + 8, 4, Space::shared), 5u);
  EXPECT_EQ(memory.load(shared_base + 0x1000, 4, Space::shared).error().kind, FaultKind::out_of_range);
  EXPECT_EQ(memory.load(0x1000, 4, Space::shared).error().kind, FaultKind::out_of_range);  // a global region
}

TEST(Faults, SparsePages) {
  DeviceMemory memory;
  add_buffer(memory, 0x10000, 0x10000);
  ASSERT_TRUE(memory.store(0x11000, 4, 9));
  ASSERT_TRUE(memory.set_sparse(0x11000, 1, true));  // the whole page holding 0x11000
  EXPECT_TRUE(memory.is_sparse(0x11ffc));
  EXPECT_FALSE(memory.is_sparse(0x12000));
  const auto read = memory.load(0x11ffc, 4);
  EXPECT_EQ(read.error().kind, FaultKind::sparse);
  EXPECT_EQ(read.error().address, 0x11ffcu);
  EXPECT_EQ(memory.store(0x11000, 4, 1).error().kind, FaultKind::sparse);
  // Alignment is checked before sparseness (nvidia.md §7.4).
  EXPECT_EQ(memory.load(0x11001, 4).error().kind, FaultKind::misaligned);
  // Made resident again, the page reads zero: its contents were dropped.
  ASSERT_TRUE(memory.set_sparse(0x11000, 0x1000, false));
  EXPECT_EQ(*memory.load(0x11000, 4), 0u);
  EXPECT_EQ(memory.set_sparse(0x30000, 4, true).error().kind, FaultKind::out_of_range);
}

TEST(Faults, SparseByDefaultRegion) {
  DeviceMemory memory;
  RegionAttributes tiled;
  tiled.sparse_by_default = true;
  ASSERT_TRUE(memory.add_region({"tiled", 0x100000, 0x100000, tiled}));
  EXPECT_EQ(memory.load(0x100000, 4).error().kind, FaultKind::sparse);
  ASSERT_TRUE(memory.set_sparse(0x110000, 0x10000, false));  // commit one 64 KiB tile
  EXPECT_EQ(*memory.load(0x110000, 4), 0u);
  EXPECT_TRUE(memory.store(0x11fffc, 4, 3));
  EXPECT_EQ(memory.load(0x120000, 4).error().kind, FaultKind::sparse);
  EXPECT_EQ(memory.allocated_pages(), 1u);
}

TEST(Expected, ValueAndError) {
  const Expected<uint64_t> value = uint64_t{5};
  const Expected<uint64_t> error = Fault{FaultKind::sparse, 4, no_region, 0x10, {}};
  EXPECT_TRUE(value);
  EXPECT_EQ(*value, 5u);
  EXPECT_FALSE(error);
  EXPECT_EQ(error.error().kind, FaultKind::sparse);
  EXPECT_EQ(error.value_or(3), 3u);
  EXPECT_EQ(name(FaultKind::invalid_address_space), "invalid-address-space");
}

}  // namespace
}  // namespace gpuatom::memory
