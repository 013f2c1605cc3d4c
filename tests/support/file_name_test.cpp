// support::FileName, the file name every SourceLocation carries: one pointer to an interned copy,
// so equal names share it; it reads, compares and orders as its text, and diagnostics print it.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "gpuatom/support/diagnostic.hpp"

using gpuatom::support::Diagnostic;
using gpuatom::support::FileName;
using gpuatom::support::Severity;
using gpuatom::support::SourceLocation;

TEST(FileName, EqualNamesShareOneCopy) {
  const std::string built = std::string("kernels/") + "a_rather_long_file_name.isa";  // past the small-string buffer
  const FileName a(built);
  const FileName b("kernels/a_rather_long_file_name.isa");
  const FileName c(std::string_view("kernels/other.isa"));
  EXPECT_EQ(&a.str(), &b.str());
  EXPECT_NE(&a.str(), &c.str());
  EXPECT_EQ(a, b);
  EXPECT_FALSE(a == c);
  // A name interned again after another one (the per-thread cache now holds the other).
  EXPECT_EQ(&FileName(built).str(), &a.str());
}

TEST(FileName, ReadsComparesAndOrdersAsItsText) {
  const FileName name("b.sass");
  EXPECT_EQ(name.view(), "b.sass");
  EXPECT_EQ(name.str(), std::string("b.sass"));
  EXPECT_TRUE(name == "b.sass");
  EXPECT_TRUE(name == std::string("b.sass"));
  EXPECT_TRUE(name == std::string_view("b.sass"));
  EXPECT_FALSE(name == "a.sass");
  EXPECT_LT(FileName("a.sass"), name);
  EXPECT_GT(FileName("c.sass"), name);
  EXPECT_TRUE(FileName().empty());
  EXPECT_TRUE(FileName("").empty());
  EXPECT_EQ(FileName(), FileName(""));
  EXPECT_FALSE(name.empty());
}

TEST(FileName, DiagnosticsPrintTheName) {
  const Diagnostic text{Severity::error, SourceLocation{"dir/x.sass", 3, 14, std::nullopt}, "bad", "rule"};
  EXPECT_EQ(format(text), "dir/x.sass:3:14: error: bad (rule)");
  const Diagnostic binary{Severity::warning, SourceLocation{"x.isa", 0, 0, 0x30}, "odd", ""};
  EXPECT_EQ(format(binary), "x.isa: byte 0x30: warning: odd");
}

// Threads interning the same names at once all get the same copy of each.
TEST(FileName, ThreadsShareTheInternedCopy) {
  constexpr int threads = 4, names = 64;
  std::vector<std::vector<const std::string*>> seen(threads, std::vector<const std::string*>(names));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&seen, t] {
      for (int round = 0; round < 10; ++round)
        for (int n = 0; n < names; ++n) seen[t][n] = &FileName("thread-test-" + std::to_string(n) + ".toml").str();
    });
  for (auto& thread : pool) thread.join();
  for (int t = 1; t < threads; ++t) EXPECT_EQ(seen[t], seen[0]);
  EXPECT_NE(seen[0][0], seen[0][1]);
}
