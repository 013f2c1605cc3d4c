#include <gtest/gtest.h>

#include "gpuatom/scenario/scenario.hpp"

using namespace gpuatom::scenario;

namespace {

const char* const histogram = R"toml(name = "histogram"
isa = "sass"
program = """
ATOM.E.ADD R0, [R2], R4 ;
"""
[launch]
lanes = 1024
[[region]]
name = "bins"
size = 1024
fill = "i * 2"
fill_type = "u32"
[lanes]
R2 = "lo(addr(bins) + (tid % 256) * 4)"
R4 = 1
[[expect]]
region = "bins"
type = "u32"
each = "lanes / 256"
[[expect]]
faults = 0
)toml";

Scenario parse_ok(const std::string& text) {
  auto r = parse_scenario(text, "t.toml");
  if (auto* d = std::get_if<gpuatom::support::Diagnostics>(&r)) {
    ADD_FAILURE() << d->format_all();
    return {};
  }
  return std::get<Scenario>(std::move(r));
}

std::string parse_error(const std::string& text) {
  auto r = parse_scenario(text, "t.toml");
  if (auto* d = std::get_if<gpuatom::support::Diagnostics>(&r)) return d->format_all();
  ADD_FAILURE() << "parsed:\n" << text;
  return {};
}

}  // namespace

TEST(ScenarioLoader, ReadsEveryPart) {
  const Scenario s = parse_ok(histogram);
  EXPECT_EQ(s.name, "histogram");
  EXPECT_EQ(s.isa, Isa::sass);
  EXPECT_EQ(s.launch.lanes, 1024u);
  ASSERT_EQ(s.regions.size(), 1u);
  EXPECT_EQ(s.regions[0].size, 1024u);
  ASSERT_TRUE(s.regions[0].base);
  EXPECT_EQ(*s.regions[0].base % 16, 0u);
  ASSERT_TRUE(s.regions[0].fill);
  EXPECT_EQ(s.regions[0].fill->value.text, "i * 2");
  ASSERT_EQ(s.lanes.size(), 2u);
  EXPECT_EQ(s.lanes[0].first, "R2");
  EXPECT_EQ(s.lanes[0].second.where.line, 14u);
  EXPECT_EQ(s.lanes[0].second.where.column, 7u);  // first character inside the quotes
  EXPECT_EQ(s.lanes[1].second.text, "1");
  EXPECT_EQ(s.program, "ATOM.E.ADD R0, [R2], R4 ;\n");
  EXPECT_EQ(s.program_where.line, 4u);  // the line after the opening """
  EXPECT_EQ(s.program_where.column, 1u);
  ASSERT_EQ(s.expectations.size(), 2u);
  EXPECT_EQ(s.expectations[0].kind, Expectation::Kind::memory_each);
  EXPECT_EQ(s.expectations[1].kind, Expectation::Kind::faults);
  EXPECT_EQ(*s.expectations[1].count, 0u);
}

TEST(ScenarioLoader, ErrorsNameFileLineAndColumn) {
  EXPECT_NE(parse_error("isa = \"sass\"\nprogram = \"x\n").find("t.toml:2:"), std::string::npos);  // TOML syntax
  std::string e = parse_error("isa = \"cuda\"\n[launch]\nlanes = 1\nprogram = \"\"\n");
  EXPECT_NE(e.find("t.toml:1:7: error: unknown isa 'cuda'"), std::string::npos) << e;
  e = parse_error("isa = \"sass\"\nlanez = 3\n[launch]\nlanes = 1\nprogram = \"\"\n");
  EXPECT_NE(e.find("t.toml:2:1: error: unknown key 'lanez'"), std::string::npos) << e;
  e = parse_error("isa = \"sass\"\n[launch]\nlanes = 0\nprogram = \"\"\n");
  EXPECT_NE(e.find("out of range"), std::string::npos) << e;
  e = parse_error("isa = \"sass\"\nprogram = \"\"\n[launch]\nlanes = 18446744073709551615\n");
  EXPECT_NE(e.find("t.toml:4:"), std::string::npos) << e;  // 2^64 − 1 lanes: refused, not wrapped
}

TEST(ScenarioLoader, ProgramAfterATableIsExplained) {
  const std::string e = parse_error("isa = \"sass\"\n[launch]\nlanes = 1\n[lanes]\nR1 = 1\nprogram = \"x\"\n");
  EXPECT_NE(e.find("t.toml:6:1: error: 'program' must come before the first [table]"), std::string::npos) << e;
}

TEST(ScenarioLoader, RegionOverlapAndDuplicates) {
  const std::string base = "isa = \"sass\"\nprogram = \"\"\n[launch]\nlanes = 1\n";
  std::string e = parse_error(base +
                              "[[region]]\nname = \"a\"\nbase = 0x1000\nsize = 0x100\n"
                              "[[region]]\nname = \"b\"\nbase = 0x10f0\nsize = 0x100\n");
  EXPECT_NE(e.find("t.toml:9:1: error: region 'b' [0x10f0, 0x11f0) overlaps region 'a'"), std::string::npos) << e;
  e = parse_error(base + "[[region]]\nname = \"a\"\nsize = 16\n[[region]]\nname = \"a\"\nsize = 16\n");
  EXPECT_NE(e.find("defined twice"), std::string::npos) << e;
  e = parse_error(base + "[[region]]\nname = \"a b\"\nsize = 16\n");
  EXPECT_NE(e.find("must be an identifier"), std::string::npos) << e;
  e = parse_error(base + "[[region]]\nname = \"a\"\nsize = 16\nsparse = [[8, 16]]\n");
  EXPECT_NE(e.find("not inside the region"), std::string::npos) << e;
  e = parse_error(base + "[[expect]]\nregion = \"nope\"\ntype = \"u32\"\neach = 0\n");
  EXPECT_NE(e.find("no region named 'nope'"), std::string::npos) << e;
}

TEST(ScenarioLoader, RegionsWithoutBaseDoNotOverlap) {
  const Scenario s = parse_ok(
      "isa = \"sass\"\nprogram = \"\"\n[launch]\nlanes = 1\n[[region]]\nname = \"a\"\nsize = 0x30000\n"
      "[[region]]\nname = \"b\"\nsize = 16\n");
  ASSERT_EQ(s.regions.size(), 2u);
  EXPECT_GE(*s.regions[1].base, *s.regions[0].base + s.regions[0].size);
}

// --- [[surface]] ------------------------------------------------------------------------------

namespace {

// A scenario with one region "tex" of `region_size` bytes at 0x20000000 and the given surface keys.
std::string with_surface(const std::string& keys, uint64_t region_size = 0x10000) {
  return "isa = \"sass\"\nprogram = \"\"\n[launch]\nlanes = 1\n[[region]]\nname = \"tex\"\nbase = 0x20000000\nsize = " +
         std::to_string(region_size) + "\n[[surface]]\n" + keys;  // the surface's keys start at line 10
}

}  // namespace

TEST(ScenarioLoaderSurface, ReadsABlockLinearArray) {
  const Scenario s =
      parse_ok(with_surface("header = 7\nbound = 0x100\ndim = \"2d_array\"\nlayout = \"block_linear\"\n"
                            "block_height = 2\nwidth = 32\nheight = 16\nlayers = 2\ntexel_bytes = 4\n"
                            "region = \"tex\"\n"));
  ASSERT_EQ(s.surfaces.size(), 1u);
  const SurfaceText& t = s.surfaces[0];
  EXPECT_EQ(t.header, 7u);
  ASSERT_TRUE(t.bound);
  EXPECT_EQ(*t.bound, 0x100u);
  EXPECT_EQ(t.region, "tex");
  EXPECT_EQ(t.where.line, 9u);
  const gpuatom::memory::SurfaceDescriptor& d = t.descriptor;
  EXPECT_TRUE(d.enabled);
  EXPECT_EQ(d.dim, gpuatom::memory::SurfaceDim::d2_array);
  EXPECT_EQ(d.layout, gpuatom::memory::SurfaceLayout::block_linear);
  EXPECT_EQ(d.width, 32u);
  EXPECT_EQ(d.height, 16u);
  EXPECT_EQ(d.array_size, 2u);
  EXPECT_EQ(d.element_bytes, 4u);
  EXPECT_EQ(d.block_height, 2u);
  EXPECT_EQ(d.block_depth, 1u);
  EXPECT_EQ(d.levels[0].base, 0x20000000u);
  // 2 layers × 1 slab × (16 rows / 16 rows per block) × 1024-byte blocks × 2 GOBs across.
  EXPECT_EQ(t.footprint, 4096u);
}

TEST(ScenarioLoaderSurface, PitchesDefaultToTightRowsAndSlices) {
  Scenario s =
      parse_ok(with_surface("header = 0\ndim = \"3d\"\nwidth = 10\nheight = 3\ndepth = 4\ntexel_bytes = 8\n"
                            "region = \"tex\"\n"));
  ASSERT_EQ(s.surfaces.size(), 1u);
  const gpuatom::memory::SurfaceDescriptor& d = s.surfaces[0].descriptor;
  EXPECT_EQ(d.layout, gpuatom::memory::SurfaceLayout::pitch_linear);
  EXPECT_EQ(d.levels[0].row_pitch, 80u);
  EXPECT_EQ(d.levels[0].slice_pitch, 240u);
  EXPECT_EQ(s.surfaces[0].footprint, 4u * 240u);
  EXPECT_FALSE(s.surfaces[0].bound);

  s =
      parse_ok(with_surface("header = 0\ndim = \"2d\"\nwidth = 10\nheight = 3\nrow_pitch = 64\nenabled = false\n"
                            "region = \"tex\"\n"));
  const gpuatom::memory::SurfaceDescriptor& e = s.surfaces[0].descriptor;
  EXPECT_FALSE(e.enabled);
  EXPECT_EQ(e.levels[0].row_pitch, 64u);
  EXPECT_EQ(e.levels[0].slice_pitch, 192u);
  EXPECT_EQ(s.surfaces[0].footprint, 2u * 64u + 40u);  // the last row holds only its texels
}

TEST(ScenarioLoaderSurface, ErrorsPointAtTheKey) {
  const std::pair<std::string, std::string> cases[] = {
      {"header = 0\ndim = \"2d\"\nwidth = 4\nregion = \"nowhere\"\n", "t.toml:13:10: error: no region named 'nowhere'"},
      {"header = 0\ndim = \"4d\"\nwidth = 4\nregion = \"tex\"\n", "t.toml:11:7: error: unknown dim '4d'"},
      {"header = 0\ndim = \"1d\"\nwidth = 4\nheight = 2\nregion = \"tex\"\n",
       "t.toml:13:10: error: a 1D surface has one row: 'height' must be 1"},
      {"header = 0\ndim = \"2d\"\nwidth = 4\nlayers = 2\nregion = \"tex\"\n",
       "t.toml:13:10: error: only 1d_array and 2d_array surfaces have layers"},
      {"header = 0\ndim = \"2d_array\"\nwidth = 4\ndepth = 2\nregion = \"tex\"\n",
       "t.toml:13:9: error: only a 3d surface has slices"},
      {"header = 0x100000\ndim = \"1d\"\nwidth = 4\nregion = \"tex\"\n",
       "t.toml:10:10: error: 'header' = 1048576 is out of range"},
      {"header = 0\ndim = \"2d\"\nlayout = \"tiled\"\nwidth = 4\nregion = \"tex\"\n",
       "t.toml:12:10: error: unknown layout 'tiled'"},
      {"header = 0\ndim = \"2d\"\nlayout = \"block_linear\"\nblock_height = 3\nwidth = 4\nregion = \"tex\"\n",
       "t.toml:13:16: error: 'block_height' = 3 GOBs must be a power of two"},
      {"header = 0\ndim = \"2d\"\nblock_height = 2\nwidth = 4\nregion = \"tex\"\n",
       "t.toml:12:16: error: 'block_height' applies to layout = \"block_linear\" only"},
      {"header = 0\ndim = \"2d\"\nlayout = \"block_linear\"\nrow_pitch = 64\nwidth = 4\nregion = \"tex\"\n",
       "t.toml:13:13: error: 'row_pitch' applies to layout = \"pitch\" only"},
      {"header = 0\ndim = \"1d_buffer\"\nlayout = \"block_linear\"\nwidth = 4\nregion = \"tex\"\n",
       "t.toml:12:10: error: a 1d_buffer surface is linear memory"},
      {"header = 0\ndim = \"2d\"\nwidth = 16\nrow_pitch = 32\nregion = \"tex\"\n",
       "t.toml:13:13: error: 'row_pitch' = 32 is less than a row's 64 bytes"},
      {"header = 0\ndim = \"3d\"\nwidth = 4\nheight = 2\ndepth = 2\nslice_pitch = 16\nregion = \"tex\"\n",
       "t.toml:15:15: error: 'slice_pitch' = 16 is less than a slice's 32 bytes"},
      {"header = 0\ndim = \"2d\"\nwidth = 4\ntexel_bytes = 3\nregion = \"tex\"\n",
       "t.toml:13:15: error: 'texel_bytes' = 3 must be 1, 2, 4, 8 or 16"},
      {"header = 0\ndim = \"2d\"\nwidth = 4\nheight = 8193\nregion = \"tex\"\n",
       "t.toml:14:10: error: the surface spans 131088 bytes from addr(tex) but region 'tex' has 65536"},
      {"header = 0\ndim = \"2d\"\nwidht = 4\nregion = \"tex\"\n",
       "t.toml:12:1: error: unknown key 'widht' in [[surface]]"},
      {"header = 0\ndim = \"2d\"\nregion = \"tex\"\n", "t.toml:9:1: error: [[surface]] needs 'width'"},
  };
  for (const auto& [keys, message] : cases) {
    const std::string e = parse_error(with_surface(keys));
    EXPECT_NE(e.find(message), std::string::npos) << "keys:\n" << keys << "\ngot:\n" << e;
  }
}

TEST(ScenarioLoaderSurface, BlockLinearFootprintMustFitItsRegion) {
  // 40 texels × 4 bytes = 3 GOBs across; 20 rows / (8 × 2) = 2 block rows; 5 slices / 2 = 3 slabs.
  const std::string keys =
      "header = 0\ndim = \"3d\"\nlayout = \"block_linear\"\nblock_height = 2\nblock_depth = 2\n"
      "width = 40\nheight = 20\ndepth = 5\nregion = \"tex\"\n";
  const uint64_t footprint = 3 * 2 * 3 * (512 * 2 * 2);
  EXPECT_EQ(parse_ok(with_surface(keys, footprint)).surfaces[0].footprint, footprint);
  const std::string e = parse_error(with_surface(keys, footprint - 16));
  EXPECT_NE(e.find("the surface spans 36864 bytes"), std::string::npos) << e;
}

TEST(ScenarioLoaderSurface, HeadersAndBoundIndicesAreUnique) {
  const std::string one = "header = 1\nbound = 0x10\ndim = \"1d\"\nwidth = 4\nregion = \"tex\"\n";
  std::string e =
      parse_error(with_surface(one + "[[surface]]\nheader = 1\ndim = \"1d\"\nwidth = 4\nregion = \"tex\"\n"));
  EXPECT_NE(e.find("t.toml:16:10: error: header 1 is defined twice (first at line 9)"), std::string::npos) << e;
  e = parse_error(
      with_surface(one + "[[surface]]\nheader = 2\nbound = 0x10\ndim = \"1d\"\nwidth = 4\nregion = \"tex\"\n"));
  EXPECT_NE(e.find("t.toml:17:9: error: bound index 0x10 already names header 1 (line 9)"), std::string::npos) << e;
  e = parse_error(with_surface("header = 1\nbound = 0x2000\ndim = \"1d\"\nwidth = 4\nregion = \"tex\"\n"));
  EXPECT_NE(e.find("'bound' = 8192 is out of range"), std::string::npos) << e;
}

TEST(ScenarioLoaderSurface, SurfacesLiveInGlobalMemoryAndNotOnAmd) {
  std::string e = parse_error(
      "isa = \"sass\"\nprogram = \"\"\n[launch]\nlanes = 1\n[[region]]\nname = \"s\"\nspace = \"shared\"\nsize = 64\n"
      "[[surface]]\nheader = 0\ndim = \"1d\"\nwidth = 4\nregion = \"s\"\n");
  EXPECT_NE(e.find("t.toml:13:10: error: region 's' is shared memory; surfaces live in global memory"),
            std::string::npos)
      << e;
  e = parse_error(
      "isa = \"amd\"\nprogram = \"\"\n[launch]\nlanes = 1\n[[region]]\nname = \"tex\"\nsize = 64\n"
      "[[surface]]\nheader = 0\ndim = \"1d\"\nwidth = 4\nregion = \"tex\"\n");
  EXPECT_NE(e.find("t.toml:8:1: error: isa = \"amd\" has no surface atomics"), std::string::npos) << e;
}

// --- vISA typed surfaces (docs/spec/intel.md §8) ---------------------------------------------------

namespace {

std::string visa_surface(const std::string& keys, uint64_t region_size = 0x10000) {
  std::string text = with_surface(keys, region_size);
  text.replace(text.find("\"sass\""), 6, "\"visa\"");
  return text;
}

}  // namespace

TEST(ScenarioLoaderSurface, MipLevelsArePackedAfterEachOtherWithTightPitches) {
  // 8 × 4 × 2 texels of 4 bytes, 4 levels, level 0 rows padded to 64 bytes:
  //   level 0: slices of 256 bytes, 2 of them             → 512 bytes from the base
  //   level 1: 4 × 2 × 1, rows of 16, slices of 32         → at 512
  //   level 2: 2 × 1 × 1, rows of 8, slices of 8           → at 544
  //   level 3: 1 × 1 × 1                                   → at 552, ends at 556
  const Scenario s =
      parse_ok(visa_surface("header = 6\ndim = \"3d\"\nwidth = 8\nheight = 4\ndepth = 2\nrow_pitch = 64\nmip_levels = "
                            "4\nregion = \"tex\"\n"));
  ASSERT_EQ(s.surfaces.size(), 1u);
  const gpuatom::memory::SurfaceDescriptor& d = s.surfaces[0].descriptor;
  EXPECT_EQ(d.level_count, 4u);
  EXPECT_EQ(d.levels[0].base, 0x20000000u);
  EXPECT_EQ(d.levels[1].base, 0x20000000u + 512);
  EXPECT_EQ(d.levels[1].row_pitch, 16u);
  EXPECT_EQ(d.levels[1].slice_pitch, 32u);
  EXPECT_EQ(d.levels[2].base, 0x20000000u + 544);
  EXPECT_EQ(d.levels[3].base, 0x20000000u + 552);
  EXPECT_EQ(s.surfaces[0].footprint, 556u);
  // Array layers do not shrink: a 2d_array of 4 × 2 × 3 layers, level 1 is 2 × 1 × 3 layers.
  const Scenario a = parse_ok(visa_surface(
      "header = 6\ndim = \"2d_array\"\nwidth = 4\nheight = 2\nlayers = 3\nmip_levels = 2\nregion = \"tex\"\n"));
  EXPECT_EQ(a.surfaces[0].descriptor.levels[1].base, 0x20000000u + 96);
  EXPECT_EQ(a.surfaces[0].footprint, 96u + 3 * 8);
}

TEST(ScenarioLoaderSurface, VisaSurfacesAreTypedSurfaces) {
  const std::pair<std::string, std::string> cases[] = {
      {"header = 5\ndim = \"2d\"\nwidth = 4\nregion = \"tex\"\n",
       "t.toml:10:10: error: 'header' = 5: for isa = \"visa\" it is the surface index typed_atomic names, 6 … 255"},
      {"header = 256\ndim = \"2d\"\nwidth = 4\nregion = \"tex\"\n", "t.toml:10:10: error: 'header' = 256"},
      {"header = 6\ndim = \"1d_buffer\"\nwidth = 4\nregion = \"tex\"\n", "t.toml:11:7: error: a vISA typed surface is"},
      {"header = 6\ndim = \"2d\"\nlayout = \"block_linear\"\nwidth = 4\nregion = \"tex\"\n",
       "t.toml:12:10: error: vISA typed surfaces are pitch-linear here"},
      {"header = 6\ndim = \"2d\"\nwidth = 4\ntexel_bytes = 8\nregion = \"tex\"\n",
       "t.toml:13:15: error: 'texel_bytes' = 8: typed_atomic accesses 4-byte elements (2-byte with .16)"},
      {"header = 6\nbound = 1\ndim = \"2d\"\nwidth = 4\nregion = \"tex\"\n",
       "t.toml:11:9: error: 'bound' is an NVIDIA header field"},
      {"header = 6\nenabled = false\ndim = \"2d\"\nwidth = 4\nregion = \"tex\"\n",
       "t.toml:11:11: error: 'enabled' is an NVIDIA header field"},
      {"header = 6\ndim = \"2d\"\nwidth = 4\nmip_levels = 17\nregion = \"tex\"\n",
       "t.toml:13:14: error: 'mip_levels' = 17 is out of range"},
  };
  for (const auto& [keys, message] : cases) {
    const std::string e = parse_error(visa_surface(keys));
    EXPECT_NE(e.find(message), std::string::npos) << "keys:\n" << keys << "\ngot:\n" << e;
  }
  // SUATOM surfaces have one level.
  const std::string e =
      parse_error(with_surface("header = 0\ndim = \"2d\"\nwidth = 4\nmip_levels = 2\nregion = \"tex\"\n"));
  EXPECT_NE(e.find("t.toml:13:14: error: only vISA typed surfaces have several mip levels"), std::string::npos) << e;
}

// Fuzzing finding (fuzz/regressions/scenario_loader/): a [[surface]] without `region` matched a
// [[region]] without `name` (both ""), and the footprint error dereferenced the missing key.
TEST(ScenarioLoader, SurfaceWithoutRegionKeyBesideRegionWithoutName) {
  auto r = parse_scenario(R"toml(isa = "sass"
program = "RED.E.ADD [R2], R4 ;"
[[region]]
size = 32
[[surface]]
header = 0
dim = "1d"
width = 64
)toml",
                          "t.toml");
  ASSERT_TRUE(std::holds_alternative<gpuatom::support::Diagnostics>(r));
  const std::string text = std::get<gpuatom::support::Diagnostics>(r).format_all();
  EXPECT_NE(text.find("'name'"), std::string::npos) << text;
  EXPECT_NE(text.find("'region'"), std::string::npos) << text;
  EXPECT_EQ(text.find("spans"), std::string::npos) << text;
}

// Fuzzing finding (fuzz/regressions/scenario_loader/): a fill that is neither a string nor an
// integer (a float, an array, a table) dereferenced an empty optional and corrupted the heap.
TEST(ScenarioLoader, FillOfAnotherTypeIsAnError) {
  for (const char* fill : {"nan", "1.5", "[1, 2]", "{ a = 1 }", "1979-05-27"}) {
    auto r = parse_scenario(std::string(R"toml(isa = "sass"
program = "RED.E.ADD [R2], R4 ;"
[[region]]
name = "r"
size = 32
fill = )toml") + fill + "\n",
                            "t.toml");
    ASSERT_TRUE(std::holds_alternative<gpuatom::support::Diagnostics>(r)) << fill;
    const std::string text = std::get<gpuatom::support::Diagnostics>(r).format_all();
    EXPECT_NE(text.find("'fill' must be an expression string or an integer"), std::string::npos) << text;
  }
}
