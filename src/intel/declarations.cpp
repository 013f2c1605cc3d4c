#include "gpuatom/intel/declarations.hpp"

#include <fmt/format.h>

#include <array>

#include "gpuatom/support/text.hpp"

namespace gpuatom::intel {

namespace {

struct AlignSpelling {
  std::string_view text;
  Alignment align;
};
// Canonical spellings first: alignment_text() prints the first that matches.
constexpr std::array<AlignSpelling, 13> align_spellings = {{
    {"byte", {1, 0}},
    {"word", {2, 0}},
    {"dword", {4, 0}},
    {"qword", {8, 0}},
    {"oword", {16, 0}},
    {"GRF", {0, 1}},
    {"GRFx2", {0, 2}},
    {"hword", {32, 0}},
    {"wordx32", {64, 0}},
    {"wordx64", {128, 0}},
    {"2GRF", {0, 2}},
    {"32word", {64, 0}},
    {"64word", {128, 0}},
}};

}  // namespace

std::optional<Alignment> parse_alignment(std::string_view text) {
  for (const AlignSpelling& s : align_spellings)
    if (support::iequals(s.text, text)) return s.align;
  const auto bytes = support::parse_unsigned(text, 4096);
  if (bytes && *bytes != 0 && (*bytes & (*bytes - 1)) == 0) return Alignment{static_cast<uint32_t>(*bytes), 0};
  return std::nullopt;
}

std::string alignment_text(const Alignment& align) {
  for (const AlignSpelling& s : align_spellings)
    if (s.align == align) return std::string(s.text);
  return std::to_string(align.bytes);
}

uint32_t DeclarationTable::add_general(std::string name, DataType type, uint32_t num_elts, Alignment align,
                                       std::optional<VariableAlias> alias, support::SourceLocation where,
                                       std::string v_name) {
  const uint32_t id = next_general_id();
  names_.emplace(name, NameRef{DeclKind::general, id});
  generals_.push_back({std::move(name), id, type, num_elts, align, alias, where, std::move(v_name)});
  return id;
}

uint16_t DeclarationTable::add_predicate(std::string name, uint32_t num_elts, support::SourceLocation where,
                                         std::string v_name) {
  const auto id = static_cast<uint16_t>(next_predicate_id());
  names_.emplace(name, NameRef{DeclKind::predicate, id});
  predicates_.push_back({std::move(name), id, num_elts, where, std::move(v_name)});
  return id;
}

uint8_t DeclarationTable::add_surface(std::string name, uint32_t num_elts, support::SourceLocation where,
                                      std::string v_name) {
  const auto index = static_cast<uint8_t>(next_surface_index());
  names_.emplace(name, NameRef{DeclKind::surface, index});
  surfaces_.push_back({std::move(name), index, num_elts, std::nullopt, std::nullopt, where, std::move(v_name)});
  return index;
}

uint32_t DeclarationTable::add_sampler(std::string name, uint32_t num_elts, support::SourceLocation where,
                                       std::string v_name) {
  const auto index = static_cast<uint32_t>(samplers_.size());
  names_.emplace(name, NameRef{DeclKind::sampler, index});
  samplers_.push_back({std::move(name), num_elts, where, std::move(v_name)});
  return index;
}

uint16_t DeclarationTable::add_address(std::string name, uint32_t num_elts, support::SourceLocation where,
                                       std::string v_name) {
  const auto id = static_cast<uint16_t>(addresses_.size());
  names_.emplace(name, NameRef{DeclKind::address, id});
  addresses_.push_back({std::move(name), id, num_elts, where, std::move(v_name)});
  return id;
}

const support::SourceLocation& DeclarationTable::where(NameRef ref) const {
  switch (ref.kind) {
    case DeclKind::general: return general(ref.id)->where;
    case DeclKind::predicate: return predicate(ref.id)->where;
    case DeclKind::surface: return surface(ref.id)->where;
    case DeclKind::sampler: return samplers_[ref.id].where;
    case DeclKind::address: return addresses_[ref.id].where;
  }
  return generals_.front().where;  // not reached: every kind is handled above
}

std::string_view kind_name(DeclKind kind) {
  switch (kind) {
    case DeclKind::general: return "a general variable";
    case DeclKind::predicate: return "a predicate";
    case DeclKind::surface: return "a surface";
    case DeclKind::sampler: return "a sampler";
    case DeclKind::address: return "an address variable";
  }
  return "a declaration";
}

namespace {

// IGC 1.0.12504 visa/PreDefinedVars.cpp: names and vISA 3.4+ ids.
constexpr std::array<PredefinedVariable, 20> predefined_variables = {{
    {"%thread_x", 1},
    {"%thread_y", 2},
    {"%group_id_x", 3},
    {"%group_id_y", 4},
    {"%group_id_z", 5},
    {"%tsc", 6},
    {"%r0", 7},
    {"%arg", 8},
    {"%retval", 9},
    {"%sp", 10},
    {"%fp", 11},
    {"%hw_id", 12},
    {"%sr0", 13},
    {"%cr0", 14},
    {"%ce0", 15},
    {"%dbg0", 16},
    {"%color", 17},
    {"%impl_arg_buf_ptr", 18},
    {"%local_id_buf_ptr", 19},
    {"%msg0", 20},
}};

}  // namespace

const PredefinedVariable* find_predefined_variable(std::string_view name) {
  for (const PredefinedVariable& v : predefined_variables)
    if (v.name == name) return &v;
  return nullptr;
}

const PredefinedVariable* find_predefined_variable(uint32_t id) {
  for (const PredefinedVariable& v : predefined_variables)
    if (v.id == id) return &v;
  return nullptr;
}

const GeneralVariable* DeclarationTable::general(uint32_t id) const {
  if (id < first_user_variable_id || id - first_user_variable_id >= generals_.size()) return nullptr;
  return &generals_[id - first_user_variable_id];
}

const PredicateVariable* DeclarationTable::predicate(uint32_t id) const {
  if (id < 1 || id - 1 >= predicates_.size()) return nullptr;
  return &predicates_[id - 1];
}

const SurfaceVariable* DeclarationTable::surface(uint32_t index) const {
  if (index < first_declared_surface || index - first_declared_surface >= surfaces_.size()) return nullptr;
  return &surfaces_[index - first_declared_surface];
}

std::optional<NameRef> DeclarationTable::lookup(std::string_view name) const {
  const auto it = names_.find(name);
  if (it == names_.end()) return std::nullopt;
  return it->second;
}

DeclarationTable::Storage DeclarationTable::storage(uint32_t id) const {
  Storage s{id, 0};
  // Parents are declared before their aliases, so the chain always ends.
  while (const GeneralVariable* v = general(s.root_id)) {
    if (!v->alias) break;
    s.offset += v->alias->offset;
    s.root_id = v->alias->parent_id;
  }
  return s;
}

bool DeclarationTable::bind_surface_type(uint32_t index, SurfaceType type, std::optional<uint8_t> element_bytes) {
  if (!surface(index)) return false;
  surfaces_[index - first_declared_surface].type = type;
  surfaces_[index - first_declared_surface].element_bytes = element_bytes;
  return true;
}

std::optional<uint32_t> reserved_variable_id(std::string_view name) {
  if (name.size() < 2 || name.size() > 3 || name[0] != 'V') return std::nullopt;
  const std::string_view digits = name.substr(1);
  if (digits.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  if (digits.size() > 1 && digits[0] == '0') return std::nullopt;  // V0032 is an ordinary name
  const uint32_t id = static_cast<uint32_t>(std::stoul(std::string(digits)));
  if (id >= first_user_variable_id) return std::nullopt;
  return id;
}

std::optional<std::string> reserved_name_reason(std::string_view name) {
  if (name == "P0")
    return std::string(
        "P0 is reserved: predicate id 0 means \"not predicated\" "
        "(docs/spec/intel.md §2.4)");
  if (reserved_variable_id(name))
    return fmt::format(
        "{} is reserved: V0 is the null operand and V1-V31 are IGC's predefined variables "
        "(docs/spec/intel.md §2.2)",
        name);
  if (find_predefined_surface(name)) return fmt::format("{} is a predefined surface (docs/spec/intel.md §2.7)", name);
  return std::nullopt;
}

}  // namespace gpuatom::intel
