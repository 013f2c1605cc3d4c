// The vendors' program loaders the launch bindings call, checked without a setup: a text
// becomes a program, its diagnostics stand at the caller's file, line and column, and the
// bindings themselves read no program text.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "gpuatom/amd/isa/program.hpp"
#include "gpuatom/amd/program.hpp"
#include "gpuatom/intel/program.hpp"
#include "gpuatom/nvidia/program.hpp"

namespace gpuatom {
namespace {

support::SourceLocation at(const char* file, uint32_t line, uint32_t column) {
  return {support::FileName(file), line, column, std::nullopt};
}

TEST(VendorLoaders, NvidiaCompilesAndPlacesDiagnostics) {
  nvidia::ProgramOptions options;
  options.start = at("k.sass", 3, 11);
  options.lanes = 64;
  const nvidia::LoadedProgram good = nvidia::load_program("ATOM.E.ADD R0, [R2], R4 ;", options);
  EXPECT_FALSE(good.diagnostics.has_errors()) << good.diagnostics.format_all();
  EXPECT_EQ(good.program.code.size(), 1u);
  EXPECT_EQ(good.program.lanes, 64u);

  const nvidia::LoadedProgram bad =
      nvidia::load_program("ATOM.E.ADD R0, [R2], R4 ;\nATOM.BOGUS R0, [R2], R4 ;", options);
  ASSERT_TRUE(bad.diagnostics.has_errors());
  const support::Diagnostic& first = bad.diagnostics.all().front();
  EXPECT_EQ(first.where.file.str(), "k.sass");
  EXPECT_EQ(first.where.line, 4u);

  const nvidia::LoadedProgram empty = nvidia::load_program("", options);
  ASSERT_TRUE(empty.diagnostics.has_errors());
  EXPECT_EQ(empty.diagnostics.all().front().message, "the program has no instruction");
  EXPECT_EQ(empty.diagnostics.all().front().where.line, 3u);
  options.require_instruction = false;
  EXPECT_FALSE(nvidia::load_program("", options).diagnostics.has_errors());
}

TEST(VendorLoaders, IntelCompilesAndPlacesDiagnostics) {
  intel::ProgramOptions options;
  options.file = "t.visa";
  options.start = at("t.toml", 7, 1);
  options.lanes = 8;
  const std::string declarations =
      ".decl ADDR v_type=G type=uq num_elts=8 align=GRF\n"
      ".decl OLD v_type=G type=ud num_elts=8 align=GRF\n"
      ".decl VAL v_type=G type=ud num_elts=8 align=GRF\n";
  const intel::LoadedProgram good =
      intel::load_program(declarations + "svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0\n", options);
  EXPECT_FALSE(good.diagnostics.has_errors()) << good.diagnostics.format_all();
  EXPECT_TRUE(good.compiled);
  EXPECT_EQ(good.program.code.size(), 1u);

  const intel::LoadedProgram bad =
      intel::load_program(declarations + "svm_atomic.bogus (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0\n", options);
  ASSERT_TRUE(bad.diagnostics.has_errors());
  EXPECT_FALSE(bad.compiled);
  EXPECT_EQ(bad.diagnostics.all().front().where.file.str(), "t.toml");
  EXPECT_EQ(bad.diagnostics.all().front().where.line, 10u);
}

TEST(VendorLoaders, AmdRowsAndInstructions) {
  const amd::LoadedProgram rows =
      amd::load_program("\"32 bit atomicAdd\" address=\"addr(x)\" operand=\"1\" result=\"old\"", at("a.toml", 5, 11));
  EXPECT_FALSE(rows.diagnostics.has_errors()) << rows.diagnostics.format_all();
  ASSERT_EQ(rows.lines.size(), 1u);
  EXPECT_EQ(rows.lines[0].address.text, "addr(x)");
  EXPECT_EQ(rows.lines[0].result, "old");
  const amd::LoadedProgram unknown =
      amd::load_program("\"no such row\" address=\"0\" operand=\"1\"", at("a.toml", 5, 11));
  ASSERT_TRUE(unknown.diagnostics.has_errors());
  EXPECT_EQ(unknown.diagnostics.all().front().where.line, 5u);
  EXPECT_TRUE(unknown.lines.empty());

  amd::isa::ProgramOptions options;
  options.target = amd::isa::find_target("gfx942");
  ASSERT_NE(options.target, nullptr);
  options.file = "w.s";
  options.start = at("w.toml", 12, 1);
  options.lanes = 2;
  const amd::isa::LoadedProgram wave =
      amd::isa::load_program("global_atomic_cmpswap v0, v[2:3], v[4:5], off sc0\n", options);
  EXPECT_FALSE(wave.diagnostics.has_errors()) << wave.diagnostics.format_all();
  EXPECT_EQ(wave.program.code.size(), 1u);
  const auto pair = amd::isa::named_register("v[2:3]", *options.target);
  ASSERT_TRUE(pair.has_value());
  EXPECT_EQ(pair->dwords, 2);
  EXPECT_FALSE(amd::isa::named_register("v[2:5]", *options.target).has_value());
}

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(VendorLoaders, LaunchBindingsReadNoProgramText) {
  const std::filesystem::path root(GPUATOM_SOURCE_DIR);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(root / "src" / "launch")) {
    if (entry.path().filename().string().rfind("bind_", 0) != 0) continue;
    const std::string text = read(entry.path());
    for (const char* reader : {"parse_sass_line(", "parse_visa(", "isa::parse(", "= parse(", "validate("})
      EXPECT_EQ(text.find(reader), std::string::npos) << entry.path().filename() << " calls " << reader;
    ++files;
  }
  EXPECT_EQ(files, 4);
}

}  // namespace
}  // namespace gpuatom
