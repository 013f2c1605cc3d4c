#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>

#include "gpuatom/launch/structure.hpp"
#include "gpuatom/memory/fault.hpp"
#include "gpuatom/scenario/expectation_shapes.hpp"
#include "gpuatom/scenario/keys.hpp"
#include "gpuatom/scenario/scenario.hpp"
#include "gpuatom/support/line_input.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::scenario {

using launch::is_identifier;
using launch::max_lanes;
using launch::max_region_bytes;

namespace {

constexpr uint64_t max_filled_bytes = 256ULL << 20;  // fills are written eagerly: keep them bounded
constexpr uint64_t max_header_index = 0xfffff;       // headerPtr is handle bits 19:0 (docs/spec/nvidia.md §8.2)
constexpr uint64_t max_bound_index = 0x1fff;         // #tsPtrIdxU13

class Loader {
 public:
  Loader(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  std::variant<Scenario, support::Diagnostics> run() {
    toml::table root;
    try {
      root = toml::parse(text_, file_);
    } catch (const toml::parse_error& e) {
      diagnostics_.error(at(e.source()), std::string(e.description()), "TOML syntax");
      return diagnostics_;
    }
    scenario_.file = file_;
    read_root(root);
    if (diagnostics_.has_errors()) return diagnostics_;
    return std::move(scenario_);
  }

 private:
  SourceLocation at(const toml::source_region& region) const {
    return {file_, static_cast<uint32_t>(region.begin.line), static_cast<uint32_t>(region.begin.column), {}};
  }
  SourceLocation at(const toml::node& node) const { return at(node.source()); }

  void error(const toml::node& node, std::string message) { diagnostics_.error(at(node), std::move(message)); }

  // Reports keys of `table` that scenario_keys() does not list for `table_name`.
  void check_keys(const toml::table& table, std::string_view table_name, std::string_view what) {
    for (const auto& [key, node] : table) {
      bool ok = false;
      std::string list;
      for (const KeyDoc& k : scenario_keys()) {
        if (k.table != table_name) continue;
        ok = ok || k.key == key.str();
        list += (list.empty() ? "" : ", ") + std::string(k.key);
      }
      if (!ok)
        diagnostics_.error(at(key.source()),
                           fmt::format("unknown key '{}' in {}; expected one of: {}", key.str(), what, list));
    }
  }

  std::optional<std::string> string_at(const toml::table& t, std::string_view key, bool required,
                                       std::string_view what) {
    const toml::node* n = t.get(key);
    if (!n) {
      if (required) diagnostics_.error(at(t), fmt::format("{} needs '{}'", what, key));
      return std::nullopt;
    }
    if (!n->is_string()) {
      error(*n, fmt::format("'{}' must be a string", key));
      return std::nullopt;
    }
    return n->as_string()->get();
  }

  std::optional<uint64_t> integer_at(const toml::table& t, std::string_view key, bool required, std::string_view what,
                                     uint64_t min = 0, uint64_t max = ~0ULL) {
    const toml::node* n = t.get(key);
    if (!n) {
      if (required) diagnostics_.error(at(t), fmt::format("{} needs '{}'", what, key));
      return std::nullopt;
    }
    if (!n->is_integer()) {
      error(*n, fmt::format("'{}' must be an integer", key));
      return std::nullopt;
    }
    const int64_t v = n->as_integer()->get();
    if (v < 0 || static_cast<uint64_t>(v) < min || static_cast<uint64_t>(v) > max) {
      error(*n, fmt::format("'{}' = {} is out of range [{}, {}]", key, v, min, max));
      return std::nullopt;
    }
    return static_cast<uint64_t>(v);
  }

  // An expression may be written as a string or as an integer literal.
  std::optional<ExpressionText> expression_at(const toml::table& t, std::string_view key) {
    const toml::node* n = t.get(key);
    if (!n) return std::nullopt;
    SourceLocation where = at(*n);
    if (n->is_integer()) return ExpressionText{std::to_string(n->as_integer()->get()), where, {}};
    if (n->is_boolean()) return ExpressionText{n->as_boolean()->get() ? "1" : "0", where, {}};
    if (!n->is_string()) {
      error(*n, fmt::format("'{}' must be an expression string or an integer", key));
      return std::nullopt;
    }
    where.column += 1;  // past the opening quote
    return ExpressionText{n->as_string()->get(), where, {}};
  }

  std::optional<ElementType> element_type_at(const toml::table& t, std::string_view key, std::string_view what) {
    const auto text = string_at(t, key, true, what);
    if (!text) return std::nullopt;
    if (const std::optional<ElementType> type = parse_element_type(*text)) return type;
    error(*t.get(key),
          fmt::format("unknown type '{}'; expected u8 u16 u32 u64 s8 s16 s32 s64 f16 bf16 f32 f64", *text));
    return std::nullopt;
  }

  void read_root(const toml::table& root) {
    check_keys(root, "", "the scenario");
    scenario_.name = string_at(root, "name", false, "the scenario").value_or(file_);
    scenario_.description = string_at(root, "description", false, "the scenario").value_or("");
    if (const auto isa = string_at(root, "isa", true, "the scenario")) {
      if (*isa == "sass")
        scenario_.isa = Isa::sass;
      else if (*isa == "visa")
        scenario_.isa = Isa::visa;
      else if (*isa == "amd")
        scenario_.isa = Isa::amd;
      else
        error(*root.get("isa"), fmt::format("unknown isa '{}'; expected sass, visa or amd", *isa));
    }
    if (const toml::node* e = root.get("exhaustive")) {
      if (e->is_boolean())
        scenario_.exhaustive_ok = e->as_boolean()->get();
      else
        error(*e, "'exhaustive' must be true or false");
    }
    read_launch(root);
    read_regions(root);
    read_surfaces(root);
    read_lanes(root);
    read_program(root);
    read_expectations(root);
    read_options(root);
  }

  void read_launch(const toml::table& root) {
    const toml::node* n = root.get("launch");
    if (!n) {
      diagnostics_.error(at(root), "the scenario needs a [launch] table with 'lanes'");
      return;
    }
    const toml::table* t = n->as_table();
    if (!t) return error(*n, "'launch' must be a table");
    check_keys(*t, "launch", "[launch]");
    LaunchSpec& l = scenario_.launch;
    l.where = at(*t);
    l.lanes = integer_at(*t, "lanes", true, "[launch]", 1, max_lanes).value_or(1);
    // A group is a warp (SASS, 32 lanes), a vISA thread (its 32-bit execution mask) or a wavefront
    // (AMD, 64 lanes): the bindings run no larger one.
    const uint64_t most = scenario_.isa == Isa::amd ? 64 : 32;
    const toml::node* group_node = t->get("group");
    const bool past = group_node && group_node->is_integer() && group_node->as_integer()->get() > int64_t(most);
    const uint64_t group =
        past ? group_node->as_integer()->get() : integer_at(*t, "group", false, "[launch]", 1, most).value_or(0);
    if (past) {
      error(*t->get("group"), fmt::format("'group' = {}: {}", group,
                                          scenario_.isa == Isa::sass   ? "a warp has at most 32 lanes"
                                          : scenario_.isa == Isa::visa ? "a vISA thread has at most 32 channels"
                                                                       : "a wavefront has at most 64 lanes"));
    } else {
      l.group_size = static_cast<uint32_t>(group);
    }
    l.active = expression_at(*t, "active");
    l.helper = expression_at(*t, "helper");
    l.killed = expression_at(*t, "killed");
  }

  void read_regions(const toml::table& root) {
    const toml::node* n = root.get("region");
    if (!n) return;
    const toml::array* list = n->as_array();
    if (!list) return error(*n, "'region' must be an array of tables: write [[region]]");
    RegionPlacer placer;
    for (const toml::node& item : *list) {
      const toml::table* t = item.as_table();
      if (!t) {
        error(item, "each [[region]] must be a table");
        continue;
      }
      check_keys(*t, "region", "[[region]]");
      RegionText r;
      r.where = at(*t);
      r.name = string_at(*t, "name", true, "[[region]]").value_or("");
      if (!r.name.empty() && !is_identifier(r.name))
        error(*t->get("name"), fmt::format("region name '{}' must be an identifier ([A-Za-z_][A-Za-z0-9_]*)", r.name));
      for (const RegionText& other : scenario_.regions)
        if (!r.name.empty() && other.name == r.name)
          error(*t->get("name"),
                fmt::format("region '{}' is defined twice (first at line {})", r.name, other.where.line));
      r.size = integer_at(*t, "size", true, "[[region]]", 1, max_region_bytes).value_or(1);
      r.base = integer_at(*t, "base", false, "[[region]]", 0, (1ULL << 62));
      if (r.base && *r.base % 16 != 0) error(*t->get("base"), "'base' must be a multiple of 16");
      read_region_attributes(*t, r);
      r.base = placer.place(r);
      for (const RegionText& other : scenario_.regions) {
        if (*r.base < *other.base + other.size && *other.base < *r.base + r.size)
          diagnostics_.error(r.where, fmt::format("region '{}' [0x{:x}, 0x{:x}) overlaps region '{}' [0x{:x}, 0x{:x}) "
                                                  "(line {})",
                                                  r.name, *r.base, *r.base + r.size, other.name, *other.base,
                                                  *other.base + other.size, other.where.line));
      }
      scenario_.regions.push_back(std::move(r));
    }
  }

  void read_region_attributes(const toml::table& t, RegionText& r) {
    if (const auto space = string_at(t, "space", false, "[[region]]")) {
      if (*space == "global")
        r.attributes.space = memory::Space::global;
      else if (*space == "shared")
        r.attributes.space = memory::Space::shared;
      else if (*space == "local")
        r.attributes.space = memory::Space::local;
      else
        error(*t.get("space"), fmt::format("unknown space '{}'; expected global, shared or local", *space));
    }
    if (const auto location = string_at(t, "location", false, "[[region]]")) {
      if (*location == "device")
        r.attributes.location = memory::Location::device;
      else if (*location == "host-migratable")
        r.attributes.location = memory::Location::host_migratable;
      else if (*location == "host-pinned")
        r.attributes.location = memory::Location::host_pinned;
      else
        error(*t.get("location"),
              fmt::format("unknown location '{}'; expected device, host-migratable or host-pinned", *location));
    }
    if (const auto granularity = string_at(t, "granularity", false, "[[region]]")) {
      if (*granularity == "coarse")
        r.attributes.granularity = memory::Granularity::coarse;
      else if (*granularity == "fine")
        r.attributes.granularity = memory::Granularity::fine;
      else
        error(*t.get("granularity"), fmt::format("unknown granularity '{}'; expected coarse or fine", *granularity));
    }
    if (const toml::node* s = t.get("sparse_by_default")) {
      if (s->is_boolean())
        r.attributes.sparse_by_default = s->as_boolean()->get();
      else
        error(*s, "'sparse_by_default' must be true or false");
    }
    if (const toml::node* s = t.get("sparse")) {
      const toml::array* ranges = s->as_array();
      if (!ranges) return error(*s, "'sparse' must be an array of [offset, size] pairs");
      for (const toml::node& range : *ranges) {
        const toml::array* pair = range.as_array();
        if (!pair || pair->size() != 2 || !(*pair)[0].is_integer() || !(*pair)[1].is_integer()) {
          error(range, "each sparse range is [offset, size] in bytes");
          continue;
        }
        const int64_t offset = (*pair)[0].as_integer()->get();
        const int64_t size = (*pair)[1].as_integer()->get();
        if (offset < 0 || size <= 0 || static_cast<uint64_t>(offset) >= r.size ||
            static_cast<uint64_t>(size) > r.size - static_cast<uint64_t>(offset)) {
          error(range, fmt::format("sparse range [{}, {}) is not inside the region's {} bytes", offset, offset + size,
                                   r.size));
          continue;
        }
        r.sparse.emplace_back(offset, size);
      }
    }
    // A fill that is neither an expression string nor an integer has its error; no fill then.
    if (std::optional<ExpressionText> value = expression_at(t, "fill")) {
      RegionFill fill;
      if (t.get("fill_type")) fill.type = element_type_at(t, "fill_type", "[[region]]").value_or(ElementType::u32);
      fill.value = std::move(*value);
      if (r.size > max_filled_bytes)
        error(*t.get("fill"), fmt::format("a filled region may have at most {} bytes (this one has {}); leave large "
                                          "regions unfilled (they read as zero)",
                                          max_filled_bytes, r.size));
      if (r.size % bytes(fill.type) != 0)
        error(*t.get("fill"),
              fmt::format("region size {} is not a multiple of the {}-byte fill type", r.size, bytes(fill.type)));
      r.fill = std::move(fill);
    }
  }

  void read_surfaces(const toml::table& root) {
    const toml::node* n = root.get("surface");
    if (!n) return;
    const toml::array* list = n->as_array();
    if (!list) return error(*n, "'surface' must be an array of tables: write [[surface]]");
    // AMD's atomics address buffers only: a surface there would silently do nothing.
    if (scenario_.isa == Isa::amd && !list->empty())
      return error(
          (*list)[0],
          "isa = \"amd\" has no surface atomics; [[surface]] describes the surfaces of SUATOM and SURED (sass)");
    for (const toml::node& item : *list) {
      const toml::table* t = item.as_table();
      if (!t) {
        error(item, "each [[surface]] must be a table");
        continue;
      }
      check_keys(*t, "surface", "[[surface]]");
      if (auto s = read_surface(*t)) scenario_.surfaces.push_back(std::move(*s));
    }
  }

  std::optional<SurfaceText> read_surface(const toml::table& t) {
    const size_t errors_before = diagnostics_.all().size();
    SurfaceText s;
    s.where = at(t);
    memory::SurfaceDescriptor& d = s.descriptor;
    s.header = static_cast<uint32_t>(integer_at(t, "header", true, "[[surface]]", 0, max_header_index).value_or(0));
    for (const SurfaceText& other : scenario_.surfaces)
      if (t.get("header") && other.header == s.header)
        error(*t.get("header"),
              fmt::format("header {} is defined twice (first at line {})", s.header, other.where.line));
    if (const auto b = integer_at(t, "bound", false, "[[surface]]", 0, max_bound_index)) {
      s.bound = static_cast<uint32_t>(*b);
      for (const SurfaceText& other : scenario_.surfaces)
        if (other.bound == s.bound)
          error(*t.get("bound"), fmt::format("bound index 0x{:x} already names header {} (line {})", *b, other.header,
                                             other.where.line));
    }
    if (const auto dim = string_at(t, "dim", true, "[[surface]]")) {
      if (const auto parsed = surface_dim(*dim))
        d.dim = *parsed;
      else
        error(*t.get("dim"),
              fmt::format("unknown dim '{}'; expected 1d, 1d_buffer, 1d_array, 2d, 2d_array or 3d", *dim));
    }
    if (const auto layout = string_at(t, "layout", false, "[[surface]]")) {
      if (*layout == "pitch")
        d.layout = memory::SurfaceLayout::pitch_linear;
      else if (*layout == "block_linear")
        d.layout = memory::SurfaceLayout::block_linear;
      else
        error(*t.get("layout"), fmt::format("unknown layout '{}'; expected pitch or block_linear", *layout));
    }
    if (const toml::node* e = t.get("enabled")) {
      if (e->is_boolean())
        d.enabled = e->as_boolean()->get();
      else
        error(*e, "'enabled' must be true or false");
    }
    read_surface_extents(t, d);
    if (scenario_.isa == Isa::visa) check_visa_surface(t, s);
    read_surface_placement(t, s);
    if (diagnostics_.all().size() != errors_before) return std::nullopt;
    return s;
  }

  // A vISA typed surface (docs/spec/intel.md §2.7, §8): `header` is the surface index typed_atomic
  // names; pitch layout only, the five TYPED_ATOMIC surface types, 2- or 4-byte texels, no NVIDIA
  // header fields.
  void check_visa_surface(const toml::table& t, const SurfaceText& s) {
    const memory::SurfaceDescriptor& d = s.descriptor;
    if (t.get("header") && (s.header < 6 || s.header > 255))
      error(*t.get("header"),
            fmt::format("'header' = {}: for isa = \"visa\" it is the surface index typed_atomic names, 6 … 255 "
                        "(declared surfaces are numbered 6, 7, … in declaration order; 0 … 5 are predefined)",
                        s.header));
    if (t.get("dim") && d.dim == memory::SurfaceDim::d1_buffer)
      error(*t.get("dim"),
            "a vISA typed surface is 1d, 1d_array, 2d, 2d_array or 3d (docs/spec/intel.md §8), not 1d_buffer");
    if (t.get("layout") && d.layout != memory::SurfaceLayout::pitch_linear)
      error(*t.get("layout"),
            "vISA typed surfaces are pitch-linear here: tiled layouts are not modelled (docs/spec/intel.md §8)");
    if (t.get("texel_bytes") && d.element_bytes != 2 && d.element_bytes != 4)
      error(
          *t.get("texel_bytes"),
          fmt::format("'texel_bytes' = {}: typed_atomic accesses 4-byte elements (2-byte with .16)", d.element_bytes));
    for (const char* key : {"bound", "enabled"})
      if (const toml::node* n = t.get(key))
        error(*n, fmt::format("'{}' is an NVIDIA header field; vISA typed surfaces have none", key));
  }

  static std::optional<memory::SurfaceDim> surface_dim(std::string_view text) {
    constexpr std::pair<std::string_view, memory::SurfaceDim> dims[] = {{"1d", memory::SurfaceDim::d1},
                                                                        {"1d_buffer", memory::SurfaceDim::d1_buffer},
                                                                        {"1d_array", memory::SurfaceDim::d1_array},
                                                                        {"2d", memory::SurfaceDim::d2},
                                                                        {"2d_array", memory::SurfaceDim::d2_array},
                                                                        {"3d", memory::SurfaceDim::d3}};
    for (const auto& [name, dim] : dims)
      if (name == text) return dim;
    return std::nullopt;
  }

  // Extents, texel size and block shape, with the rules each dim imposes on them.
  void read_surface_extents(const toml::table& t, memory::SurfaceDescriptor& d) {
    using memory::SurfaceDim;
    constexpr uint64_t max_extent = 0xffffffff;
    d.width = static_cast<uint32_t>(integer_at(t, "width", true, "[[surface]]", 1, max_extent).value_or(1));
    d.height = static_cast<uint32_t>(integer_at(t, "height", false, "[[surface]]", 1, max_extent).value_or(1));
    d.depth = static_cast<uint32_t>(integer_at(t, "depth", false, "[[surface]]", 1, max_extent).value_or(1));
    // An instruction reads the layer from 16 bits (docs/spec/nvidia.md §8.1): more layers are unreachable.
    d.array_size = static_cast<uint32_t>(integer_at(t, "layers", false, "[[surface]]", 1, 0x10000).value_or(1));
    d.element_bytes = static_cast<uint32_t>(integer_at(t, "texel_bytes", false, "[[surface]]", 1, 16).value_or(4));
    if (t.get("texel_bytes") && (d.element_bytes & (d.element_bytes - 1)) != 0)
      error(*t.get("texel_bytes"), fmt::format("'texel_bytes' = {} must be 1, 2, 4, 8 or 16", d.element_bytes));
    const bool one_d = d.dim == SurfaceDim::d1 || d.dim == SurfaceDim::d1_buffer || d.dim == SurfaceDim::d1_array;
    const bool array = d.dim == SurfaceDim::d1_array || d.dim == SurfaceDim::d2_array;
    const std::string_view dim = memory::name(d.dim);
    if (one_d && d.height != 1)
      error(*t.get("height"), fmt::format("a {} surface has one row: 'height' must be 1", dim));
    if (d.dim != SurfaceDim::d3 && d.depth != 1)
      error(*t.get("depth"), fmt::format("only a 3d surface has slices: 'depth' must be 1 for {}", dim));
    if (!array && d.array_size != 1)
      error(*t.get("layers"),
            fmt::format("only 1d_array and 2d_array surfaces have layers: 'layers' must be 1 for {}", dim));
    const bool block_linear = d.layout == memory::SurfaceLayout::block_linear;
    for (const char* key : {"block_height", "block_depth"}) {
      const toml::node* n = t.get(key);
      if (!n) continue;
      if (!block_linear) {
        error(*n, fmt::format("'{}' applies to layout = \"block_linear\" only", key));
        continue;
      }
      const auto gobs = integer_at(t, key, false, "[[surface]]", 1, 32);
      if (!gobs) continue;
      if (!memory::valid_block_gobs(static_cast<uint32_t>(*gobs)))
        error(*n, fmt::format("'{}' = {} GOBs must be a power of two from 1 to 32", key, *gobs));
      (std::string_view(key) == "block_height" ? d.block_height : d.block_depth) = static_cast<uint32_t>(*gobs);
    }
    if (block_linear && d.dim == SurfaceDim::d1_buffer)
      error(*t.get("layout"), "a 1d_buffer surface is linear memory: it has no block_linear layout");
    d.level_count =
        static_cast<uint32_t>(integer_at(t, "mip_levels", false, "[[surface]]", 1, memory::max_mip_levels).value_or(1));
    if (d.level_count > 1 && scenario_.isa != Isa::visa)
      error(*t.get("mip_levels"), "only vISA typed surfaces have several mip levels; SUATOM/SURED surfaces have one");
    else if (d.level_count > 1 && block_linear)
      error(*t.get("mip_levels"), "a block_linear surface has one mip level");
  }

  // The region, the pitches and the check that the texels fit.
  void read_surface_placement(const toml::table& t, SurfaceText& s) {
    memory::SurfaceDescriptor& d = s.descriptor;
    s.region = string_at(t, "region", true, "[[surface]]").value_or("");
    // No region key (already an error): no region, not one whose name is missing too.
    const RegionText* region = nullptr;
    for (const RegionText& r : scenario_.regions)
      if (!s.region.empty() && r.name == s.region) region = &r;
    if (!s.region.empty() && !region) error(*t.get("region"), fmt::format("no region named '{}'", s.region));
    if (region && region->attributes.space != memory::Space::global)
      error(*t.get("region"), fmt::format("region '{}' is {} memory; surfaces live in global memory", s.region,
                                          memory::name(region->attributes.space)));
    const uint64_t row_bytes = uint64_t{d.width} * d.element_bytes;
    const uint64_t slices = uint64_t{d.depth} * d.array_size;  // at most one of the two is above 1
    uint64_t footprint = 0;
    if (d.layout == memory::SurfaceLayout::block_linear) {
      for (const char* key : {"row_pitch", "slice_pitch"})
        if (const toml::node* n = t.get(key)) error(*n, fmt::format("'{}' applies to layout = \"pitch\" only", key));
      const memory::BlockLinearShape shape = d.block_linear_shape();
      // layers × ceil(depth / BD) × ceil(H / 8·BH) × 512·BH·BD × ceil(W / 64), saturating.
      footprint = multiply({d.array_size, memory::ceil_div(d.depth, d.block_depth),
                            memory::ceil_div(d.height, memory::gob_rows * d.block_height), memory::block_bytes(shape),
                            memory::width_in_gobs(shape)});
    } else {
      const uint64_t row_pitch = integer_at(t, "row_pitch", false, "[[surface]]", 1, 1ULL << 48).value_or(row_bytes);
      if (row_pitch < row_bytes)
        error(*t.get("row_pitch"), fmt::format("'row_pitch' = {} is less than a row's {} bytes (width × texel_bytes)",
                                               row_pitch, row_bytes));
      const uint64_t plane = multiply({row_pitch, d.height});
      const uint64_t slice_pitch = integer_at(t, "slice_pitch", false, "[[surface]]", 1, 1ULL << 48).value_or(plane);
      if (slice_pitch < plane)
        error(
            *t.get("slice_pitch"),
            fmt::format("'slice_pitch' = {} is less than a slice's {} bytes (row_pitch × height)", slice_pitch, plane));
      d.levels[0].row_pitch = row_pitch;
      d.levels[0].slice_pitch = slice_pitch;
      footprint = add(add(multiply({slices - 1, slice_pitch}), multiply({d.height - 1ULL, row_pitch})), row_bytes);
      // Mip levels 1 … n−1 follow level 0 packed, each with its own tight pitches: level l
      // starts where level l − 1's last slice (or layer) ends (DECISION, docs/spec/intel.md §8).
      // Slices (3D) or layers (arrays) of a level: depth shrinks with the level, layers do not.
      const auto slices_at = [&d](uint32_t l) { return uint64_t{d.depth_at(l)} * d.array_size; };
      uint64_t start = 0;
      for (uint32_t l = 1; l < d.level_count; ++l) {
        start = add(start, multiply({slices_at(l - 1), d.levels[l - 1].slice_pitch}));
        const uint64_t level_row = uint64_t{d.width_at(l)} * d.element_bytes;
        d.levels[l] = {start, level_row, level_row * d.height_at(l)};
        footprint = add(start, add(add(multiply({slices_at(l) - 1, d.levels[l].slice_pitch}),
                                       multiply({d.height_at(l) - 1ULL, level_row})),
                                   level_row));
      }
    }
    s.footprint = footprint;
    if (!region) return;
    for (uint32_t l = 1; l < d.level_count; ++l) d.levels[l].base += *region->base;
    d.levels[0].base = *region->base;
    if (footprint > region->size)
      error(*t.get("region"), fmt::format("the surface spans {} bytes from addr({}) but region '{}' has {}", footprint,
                                          s.region, s.region, region->size));
  }

  // Products and sums that saturate at 2^64 − 1 instead of wrapping (any such surface is too big).
  static uint64_t multiply(std::initializer_list<uint64_t> factors) {
    uint64_t product = 1;
    for (uint64_t f : factors)
      if (__builtin_mul_overflow(product, f, &product)) return ~0ULL;
    return product;
  }
  static uint64_t add(uint64_t a, uint64_t b) { return a + b < a ? ~0ULL : a + b; }

  void read_lanes(const toml::table& root) {
    const toml::node* n = root.get("lanes");
    if (!n) return;
    const toml::table* t = n->as_table();
    if (!t) return error(*n, "'lanes' must be a table of name = expression");
    for (const auto& [key, value] : *t) {
      if (key.str() == "program" || key.str() == "name" || key.str() == "isa") {
        // TOML puts every key after a [table] header into that table: a common slip.
        diagnostics_.error(at(key.source()), fmt::format("'{}' must come before the first [table] header of the file "
                                                         "(here it belongs to [lanes])",
                                                         key.str()));
        continue;
      }
      if (const auto e = expression_at(*t, key.str())) scenario_.lanes.emplace_back(std::string(key.str()), *e);
    }
  }

  void read_program(const toml::table& root) {
    const toml::node* n = root.get("program");
    if (!n) {
      bool misplaced = false;
      for (const auto& [key, value] : root)
        if (const toml::table* t = value.as_table(); t && t->get("program")) misplaced = true;
      if (!misplaced)
        diagnostics_.error(at(root), "the scenario needs a 'program' string before the first [table] header");
      return;
    }
    if (!n->is_string()) return error(*n, "'program' must be a string (use \"\"\" for several lines)");
    scenario_.program = n->as_string()->get();
    scenario_.program_where = program_start(at(*n));
  }

  // Where the program's first character lies: after the opening quotes, and on the next line
  // when a multi-line string starts with a newline (TOML drops that newline).
  SourceLocation program_start(SourceLocation where) const {
    const size_t offset = offset_of(where.line, where.column);
    const std::string_view rest = text_.substr(std::min(offset, text_.size()));
    const bool triple = rest.substr(0, 3) == "\"\"\"" || rest.substr(0, 3) == "'''";
    const size_t quotes = triple ? 3 : 1;
    if (triple && rest.size() > 3 && (rest[3] == '\n' || rest.substr(3, 2) == "\r\n"))
      return {where.file, where.line + 1, 1, {}};
    where.column += static_cast<uint32_t>(quotes);
    return where;
  }

  size_t offset_of(uint32_t line, uint32_t column) const {
    size_t offset = 0;
    for (uint32_t l = 1; l < line && offset < text_.size(); ++l) {
      const size_t nl = text_.find('\n', offset);
      if (nl == std::string_view::npos) return text_.size();
      offset = nl + 1;
    }
    return offset + (column ? column - 1 : 0);
  }

  void read_expectations(const toml::table& root) {
    const toml::node* n = root.get("expect");
    if (!n) return;
    const toml::array* list = n->as_array();
    if (!list) return error(*n, "'expect' must be an array of tables: write [[expect]]");
    for (const toml::node& item : *list) {
      const toml::table* t = item.as_table();
      if (!t) {
        error(item, "each [[expect]] must be a table");
        continue;
      }
      read_expectation(*t);
    }
  }

  // The shape of expectation_shapes() whose keys the entry's keys fit. When none fits, an error at
  // each key the closest shape does not take, and for each key it needs and the entry lacks, says
  // which keys go together; nothing is returned then.
  const ExpectationShape* fit_shape(const toml::table& t) {
    std::vector<std::pair<std::string_view, const toml::node*>> present;  // the known keys
    for (const auto& [key, node] : t)
      for (const KeyDoc& k : scenario_keys())
        if (k.table == "expect" && k.key == key.str()) present.emplace_back(k.key, &node);
    if (t.empty()) {
      error(t, "an empty [[expect]] checks nothing; it needs 'region', 'lane', 'explainable', 'faults' or 'fault'");
      return nullptr;
    }
    if (present.empty()) return nullptr;  // only unknown keys, each already an error
    const ExpectationShape* best = nullptr;
    int64_t best_score = 0;
    for (const ExpectationShape& shape : expectation_shapes()) {
      const auto taken =
          std::count_if(present.begin(), present.end(), [&](const auto& p) { return takes(shape, p.first); });
      const auto missing = std::count_if(shape.required.begin(), shape.required.end(),
                                         [&](std::string_view k) { return !t.contains(k); });
      if (static_cast<size_t>(taken) == present.size() && missing == 0) return &shape;
      const int64_t score = taken * 64 - missing;
      if (!best || score > best_score) best = &shape, best_score = score;
    }
    const std::string together = keys_of(*best);
    bool refused = false;
    for (const auto& entry : present) {
      // Named, not a structured binding: clang 14 cannot capture a binding in the lambda below.
      const auto& key = entry.first;
      const auto* node = entry.second;
      if (takes(*best, key)) continue;
      refused = true;
      // The keys it clashes with: those of the entry that no shape taking `key` takes too.
      std::string clashes, goes_with;
      for (const auto* list : {&best->required, &best->optional})
        for (std::string_view other : *list) {
          if (!t.contains(other)) continue;
          const bool shared = std::any_of(expectation_shapes().begin(), expectation_shapes().end(),
                                          [&](const ExpectationShape& s) { return takes(s, key) && takes(s, other); });
          if (!shared) clashes += fmt::format("{}'{}'", clashes.empty() ? "" : ", ", other);
        }
      for (const ExpectationShape& shape : expectation_shapes())
        if (takes(shape, key)) goes_with += fmt::format("{}{}", goes_with.empty() ? "" : "; or ", keys_of(shape));
      error(*node, fmt::format("'{}' cannot be combined with {} in one [[expect]]: {} go together ({}), while '{}' "
                               "belongs with {}; write a second [[expect]] for it",
                               key, clashes, together, best->summary, key, goes_with));
    }
    if (refused) return nullptr;
    // Every key fits the closest shape, and some are missing: name the shapes they could complete.
    std::string choices;
    size_t fitting = 0;
    for (const ExpectationShape& shape : expectation_shapes())
      if (std::all_of(present.begin(), present.end(), [&](const auto& p) { return takes(shape, p.first); })) {
        choices += fmt::format("{}{} ({})", choices.empty() ? "" : "; or ", keys_of(shape), shape.summary);
        ++fitting;
      }
    if (fitting > 1) {
      error(t, fmt::format("this [[expect]] is incomplete: it needs the keys of one of: {}", choices));
      return nullptr;
    }
    for (std::string_view key : best->required)
      if (!t.contains(key))
        error(t, fmt::format("this [[expect]] needs '{}': {} go together ({})", key, together, best->summary));
    return nullptr;
  }

  static std::string keys_of(const ExpectationShape& shape) {
    std::string out;
    for (std::string_view k : shape.required) out += (out.empty() ? "" : ", ") + std::string(k);
    for (std::string_view k : shape.optional) out += fmt::format(", optionally {}", k);
    return out;
  }

  // `explainable = true`, `distinct = true`: anything else would check nothing.
  void require_true(const toml::table& t, std::string_view key) {
    const toml::node& n = *t.get(key);
    if (!n.is_boolean() || !n.as_boolean()->get())
      error(n, fmt::format("'{}' takes true (anything else checks nothing)", key));
  }

  void read_expectation(const toml::table& t) {
    check_keys(t, "expect", "[[expect]]");
    const ExpectationShape* shape = fit_shape(t);
    if (!shape) return;
    Expectation e;
    e.kind = shape->kind;
    e.where = at(t);
    switch (e.kind) {
      case Expectation::Kind::memory_each:
      case Expectation::Kind::memory_at:
      case Expectation::Kind::memory_between: read_region_expectation(t, e); break;
      case Expectation::Kind::lane_each:
      case Expectation::Kind::lane_permutation:
      case Expectation::Kind::lane_distinct:
        e.name = string_at(t, "lane", true, "[[expect]]").value_or("");
        if (e.kind == Expectation::Kind::lane_each) e.value = expression_at(t, "each");
        if (e.kind == Expectation::Kind::lane_permutation) e.value = expression_at(t, "permutation");
        if (e.kind == Expectation::Kind::lane_distinct) require_true(t, "distinct");
        break;
      case Expectation::Kind::explainable:
        require_true(t, "explainable");
        if (t.get("search_budget"))
          e.search_budget = integer_at(t, "search_budget", true, "[[expect]]", 0, uint64_t{1} << 40);
        break;
      case Expectation::Kind::faults: e.count = integer_at(t, "faults", true, "[[expect]]", 0, max_lanes); break;
      case Expectation::Kind::fault_at: read_fault_expectation(t, e); break;
    }
    scenario_.expectations.push_back(std::move(e));
  }

  // region + type with each (and count), index + equals, or index + between. A check that would
  // read no element (a region smaller than one element, a count or index past its end) is bad
  // input: it could never be a meaningful PASS.
  void read_region_expectation(const toml::table& t, Expectation& e) {
    e.region = string_at(t, "region", true, "[[expect]]").value_or("");
    const RegionText* region = nullptr;
    for (const RegionText& r : scenario_.regions)
      if (r.name == e.region) region = &r;
    if (!region) error(*t.get("region"), fmt::format("no region named '{}'", e.region));
    const auto type = element_type_at(t, "type", "[[expect]] on a region");
    e.type = type.value_or(ElementType::u32);
    const uint64_t elements = region ? region->size / static_cast<uint64_t>(bytes(e.type)) : 0;
    if (region && type && elements == 0)
      error(*t.get("type"), fmt::format("region '{}' has {} bytes, less than one {} element: the check would be over "
                                        "nothing",
                                        e.region, region->size, name(e.type)));
    if (e.kind == Expectation::Kind::memory_each) {
      e.value = expression_at(t, "each");
      e.count = integer_at(t, "count", false, "[[expect]]", 1, 1ULL << 40);
      if (e.count && region && type && elements && *e.count > elements)
        error(*t.get("count"), fmt::format("'count' = {} is more than the {} {} elements of region '{}'", *e.count,
                                           elements, name(e.type), e.region));
      return;
    }
    const auto index = integer_at(t, "index", true, "[[expect]]");
    e.index = index.value_or(0);
    if (index && region && type && elements && e.index >= elements)
      error(*t.get("index"), fmt::format("'index' = {} is past the end of region '{}' ({} elements of {})", e.index,
                                         e.region, elements, name(e.type)));
    if (e.kind == Expectation::Kind::memory_at) {
      e.value = expression_at(t, "equals");
      return;
    }
    const toml::node* between = t.get("between");
    const toml::array* bounds = between->as_array();
    if (!bounds || bounds->size() != 2) return error(*between, "'between' is [low, high]: two expressions or integers");
    // Two integers out of order can never hold: the check would only ever fail.
    const toml::node& low = (*bounds)[0];
    const toml::node& high = (*bounds)[1];
    if (low.is_integer() && high.is_integer() && low.as_integer()->get() > high.as_integer()->get())
      error(*between, fmt::format("'between' = [{}, {}]: the low bound is above the high one", low.as_integer()->get(),
                                  high.as_integer()->get()));
    for (auto* part : {&e.value, &e.upper}) {
      const toml::node& n = (*bounds)[part == &e.value ? 0 : 1];
      SourceLocation where = at(n);
      if (n.is_integer()) {
        *part = ExpressionText{std::to_string(n.as_integer()->get()), where, {}};
      } else if (n.is_string()) {
        where.column += 1;
        *part = ExpressionText{n.as_string()->get(), where, {}};
      } else {
        error(n, "each bound of 'between' is an expression string or an integer");
      }
    }
  }

  void read_fault_expectation(const toml::table& t, Expectation& e) {
    e.fault_kind = string_at(t, "fault", true, "[[expect]]").value_or("");
    e.lane = integer_at(t, "at_lane", true, "[[expect]] with 'fault'", 0, max_lanes).value_or(0);
    // A kind no fault has, or a lane the launch does not have, would only ever fail the run.
    std::string kinds;
    bool known = false;
    for (const memory::FaultKind k :
         {memory::FaultKind::bad_width, memory::FaultKind::invalid_address_space, memory::FaultKind::misaligned,
          memory::FaultKind::out_of_range, memory::FaultKind::sparse, memory::FaultKind::surface_out_of_bounds}) {
      known = known || memory::name(k) == e.fault_kind;
      kinds += (kinds.empty() ? "" : ", ") + std::string(memory::name(k));
    }
    if (!known && !e.fault_kind.empty())
      error(*t.get("fault"), fmt::format("unknown fault '{}'; expected one of: {}", e.fault_kind, kinds));
    if (t.get("at_lane") && scenario_.launch.lanes && e.lane >= scenario_.launch.lanes)
      error(*t.get("at_lane"), fmt::format("'at_lane' = {} is not a lane of the launch (lanes 0 … {})", e.lane,
                                           scenario_.launch.lanes - 1));
  }

  void read_options(const toml::table& root) {
    const toml::node* n = root.get("options");
    if (!n) return;
    const toml::table* t = n->as_table();
    if (!t) return error(*n, "'options' must be a table");
    for (const auto& [key, value] : *t) {
      std::string text;
      if (value.is_string())
        text = value.as_string()->get();
      else if (value.is_boolean())
        text = value.as_boolean()->get() ? "true" : "false";
      else if (value.is_integer())
        text = std::to_string(value.as_integer()->get());
      else {
        error(value, fmt::format("option '{}' must be a string, boolean or integer", key.str()));
        continue;
      }
      scenario_.options.emplace_back(std::string(key.str()), text);
      scenario_.option_where.emplace_back(std::string(key.str()), at(key.source()));
    }
  }

  std::string_view text_;
  std::string file_;
  Scenario scenario_;
  support::Diagnostics diagnostics_;
};

}  // namespace

std::variant<Scenario, support::Diagnostics> parse_scenario(std::string_view text, const std::string& file) {
  return Loader(text, file).run();
}

std::variant<Scenario, support::Diagnostics> load_scenario(const std::string& path) {
  support::Diagnostics d;
  constexpr uint64_t limit = 16 << 20;
  // Every reader's input layer ("-": standard input), under the scenario files' own cap.
  support::WholeInput input = support::read_whole_input(path, limit);
  switch (input.problem) {
    case support::WholeInput::Problem::none: break;
    case support::WholeInput::Problem::cannot_open:
      d.error({path, 0, 0, {}},
              input.detail == "is a directory, not a file" ? "is a directory, not a scenario file" : input.detail);
      return d;
    case support::WholeInput::Problem::too_long:
      d.error({path, 0, 0, limit}, "scenario files may be at most 16 MiB");
      return d;
    case support::WholeInput::Problem::read_error:
      d.error({path, 0, 0, static_cast<uint64_t>(input.bytes.size())}, "cannot read the file: " + input.detail);
      return d;
  }
  return parse_scenario(input.bytes, path);
}

}  // namespace gpuatom::scenario
