// The page pool's shards: a page comes back from the shard it was given to (so that a range of a
// region's pages stays with the host core that writes it), zeroed; a full shard passes pages on.
#include "../../src/memory/page_pool.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "gpuatom/memory/page_table.hpp"

namespace gpuatom::memory {
namespace {

bool all_zero(const std::byte* page) {
  return std::all_of(page, page + page_bytes, [](std::byte b) { return b == std::byte{0}; });
}

// Under AddressSanitizer the pool keeps nothing (a use after free must still be reported).
bool pool_keeps_pages() {
  std::byte* page = page_pool::take(0);
  page_pool::give(page, 0);
  std::byte* again = page_pool::take(0);
  page_pool::give(again, 0);
  return again == page;
}

TEST(PagePool, APageComesBackFromItsShardZeroed) {
  if (!pool_keeps_pages()) GTEST_SKIP() << "the pool is off in this build";
  std::byte* mine = page_pool::take(3);
  std::byte* theirs = page_pool::take(4);
  std::memset(mine, 0xab, page_bytes);
  page_pool::give(theirs, 4);
  page_pool::give(mine, 3);
  std::byte* from_four = page_pool::take(4);
  std::byte* from_three = page_pool::take(3);
  EXPECT_EQ(from_four, theirs);
  EXPECT_EQ(from_three, mine);
  EXPECT_TRUE(all_zero(from_three));
  page_pool::give(from_four, 4);
  page_pool::give(from_three, 3);
}

TEST(PagePool, AFullShardPassesPagesToTheNext) {
  if (!pool_keeps_pages()) GTEST_SKIP() << "the pool is off in this build";
  // Fills shard 5 past its sixteenth of the pool: the last page given is kept by a later shard.
  std::vector<std::byte*> pages;
  for (int i = 0; i < 16384 / static_cast<int>(page_pool::shards) + 1; ++i) pages.push_back(page_pool::take(5));
  for (std::byte* page : pages) page_pool::give(page, 5);
  std::byte* last = page_pool::take(6);
  EXPECT_EQ(last, pages.back());
  page_pool::give(last, 6);
  // An empty shard takes from the others before the allocator: every page given comes back.
  std::vector<std::byte*> back;
  for (size_t i = 0; i < pages.size(); ++i) back.push_back(page_pool::take(5));
  std::sort(pages.begin(), pages.end());
  std::sort(back.begin(), back.end());
  EXPECT_EQ(back, pages);
  for (std::byte* page : back) page_pool::give(page, 5);
}

}  // namespace
}  // namespace gpuatom::memory
