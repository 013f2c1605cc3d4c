// The nothing-read rule (gpuatom/support/nothing_read.hpp): no instruction read is an error at the
// input's start, unless allowed or something already failed.
#include "gpuatom/support/nothing_read.hpp"

#include <gtest/gtest.h>

namespace support = gpuatom::support;

TEST(NothingRead, NoInstructionIsAnErrorAtTheStartOfTheInput) {
  support::Diagnostics d;
  support::check_something_read(0, false, support::start_of_text("a.sass"), support::held_by_text(""), d);
  ASSERT_EQ(d.all().size(), 1u);
  EXPECT_EQ(d.all()[0].where.line, 1u);
  EXPECT_EQ(d.all()[0].where.column, 1u);
  EXPECT_EQ(d.all()[0].message,
            "no instruction read: the input holds 0 bytes; reading nothing is an error, not an empty success "
            "(--allow-empty accepts it)");
}

TEST(NothingRead, ReadingSomethingAllowingItOrAnEarlierErrorSaysNothing) {
  support::Diagnostics d;
  support::check_something_read(1, false, support::start_of_bytes("a.cubin"), "x", d);
  support::check_something_read(0, true, support::start_of_bytes("a.cubin"), "x", d);
  EXPECT_TRUE(d.all().empty());
  d.error(support::start_of_text("a.sass"), "bad line");
  support::check_something_read(0, false, support::start_of_text("a.sass"), "x", d);
  EXPECT_EQ(d.all().size(), 1u);
}

TEST(NothingRead, WhereAndWhat) {
  EXPECT_EQ(support::start_of_bytes("a.cubin").byte_offset, 0u);
  EXPECT_EQ(support::start_of_bytes("a.cubin").line, 0u);
  EXPECT_EQ(support::held_by_text("# only a comment\n"), "only blank lines and comments");
}
