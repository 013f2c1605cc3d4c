// Shared by the Intel vISA tests: a declaration prelude with a variable of every type the rules
// distinguish, and helpers that parse + validate one line and look for a diagnostic at a column.
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/intel/validator.hpp"

namespace visa_test {

using namespace gpuatom;
using namespace gpuatom::intel;

// Ids in the comments. Every general variable holds at least 16 channels of its type.
inline const std::string prelude = R"(.version 4.2
.decl ADDR v_type=G type=uq num_elts=16 align=GRF
.decl DST v_type=G type=ud num_elts=16 align=GRF
.decl SRC v_type=G type=ud num_elts=16 align=GRF
.decl CMP v_type=G type=ud num_elts=16 align=GRF
.decl SD v_type=G type=d num_elts=16 align=GRF
.decl DD v_type=G type=d num_elts=16 align=GRF
.decl SF v_type=G type=f num_elts=16 align=GRF
.decl FD v_type=G type=f num_elts=16 align=GRF
.decl S64 v_type=G type=uq num_elts=16 align=GRF
.decl D64 v_type=G type=uq num_elts=16 align=GRF
.decl C64 v_type=G type=uq num_elts=16 align=GRF
.decl SQ v_type=G type=q num_elts=16 align=GRF
.decl DQ v_type=G type=q num_elts=16 align=GRF
.decl SW v_type=G type=uw num_elts=16 align=GRF
.decl SHF v_type=G type=hf num_elts=16 align=GRF
.decl SMALL v_type=G type=ud num_elts=4 align=GRF
.decl LOOSE v_type=G type=ud num_elts=16 align=dword
.decl INNER v_type=G type=ud num_elts=8 alias=<SRC, 4>
.decl XC v_type=G type=ud num_elts=16 align=GRF
.decl YC v_type=G type=ud num_elts=16 align=GRF
.decl ZC v_type=G type=ud num_elts=16 align=GRF
.decl LODC v_type=G type=ud num_elts=16 align=GRF
.decl ADDR32 v_type=G type=ud num_elts=16 align=GRF
.decl ADDRQ v_type=G type=q num_elts=16 align=GRF
.decl SDF v_type=G type=df num_elts=16 align=GRF
.decl DDF v_type=G type=df num_elts=16 align=GRF
.decl P1 v_type=P num_elts=32
.decl P8 v_type=P num_elts=8
.decl S1D v_type=T num_elts=1
.decl S1DA v_type=T num_elts=1
.decl S2D v_type=T num_elts=1
.decl S2DA v_type=T num_elts=1
.decl S3D v_type=T num_elts=1
.decl SFREE v_type=T num_elts=1
)";
inline uint32_t prelude_lines() { return static_cast<uint32_t>(std::count(prelude.begin(), prelude.end(), '\n')); }
inline const std::string test_file = "t.visaasm";

struct Checked {
  Module module;
  support::Diagnostics diagnostics;
};

// Binds the prelude's surfaces (all but SFREE) as a harness would.
inline void bind_prelude_surfaces(DeclarationTable& d) {
  const std::pair<const char*, SurfaceType> bindings[] = {{"S1D", SurfaceType::d1},
                                                          {"S1DA", SurfaceType::d1_array},
                                                          {"S2D", SurfaceType::d2},
                                                          {"S2DA", SurfaceType::d2_array},
                                                          {"S3D", SurfaceType::d3}};
  for (const auto& [name, type] : bindings) d.bind_surface_type(d.lookup(name)->id, type);
}

// Parses prelude + `body` and validates it.
inline Checked check(const std::string& body, Platform platform = Platform::gen12, bool lenient = false) {
  Checked c;
  c.module = parse_visa(prelude + body, test_file, {lenient}, c.diagnostics);
  bind_prelude_surfaces(c.module.declarations);
  validate(c.module, {platform}, c.diagnostics);
  return c;
}

inline std::string all_text(const support::Diagnostics& d) { return d.format_all(); }

// The line `line` (one line, appended to the prelude) gives a diagnostic of `severity` at the
// column of the first occurrence of `token` in it, whose text contains `fragment`.
inline ::testing::AssertionResult diagnoses(const std::string& line, const std::string& token,
                                            const std::string& fragment,
                                            support::Severity severity = support::Severity::error,
                                            Platform platform = Platform::gen12) {
  const size_t at = line.find(token);
  if (at == std::string::npos) return ::testing::AssertionFailure() << "token '" << token << "' not in the line";
  const Checked c = check(line + "\n", platform);
  const char* kind = severity == support::Severity::error     ? "error"
                     : severity == support::Severity::warning ? "warning"
                                                              : "note";
  const std::string expected = fmt::format("{}:{}:{}: {}: ", test_file, prelude_lines() + 1, at + 1, kind);
  for (const support::Diagnostic& d : c.diagnostics.all()) {
    const std::string text = support::format(d);
    if (text.rfind(expected, 0) == 0 && text.find(fragment) != std::string::npos) return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "expected '" << expected << "…" << fragment << "…' for\n  " << line
                                       << "\ngot:\n"
                                       << all_text(c.diagnostics);
}

// The line has no error (warnings and notes allowed).
inline ::testing::AssertionResult clean(const std::string& line, Platform platform = Platform::gen12) {
  const Checked c = check(line + "\n", platform);
  if (!c.diagnostics.has_errors()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << line << "\n" << all_text(c.diagnostics);
}

// The line has no diagnostic of any kind.
inline ::testing::AssertionResult silent(const std::string& line, Platform platform = Platform::gen12) {
  const Checked c = check(line + "\n", platform);
  if (c.diagnostics.all().empty()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << line << "\n" << all_text(c.diagnostics);
}

// The whole of the file at `path` (empty when it cannot be read).
inline std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace visa_test
