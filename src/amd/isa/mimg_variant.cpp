// The image-atomic variant rule (docs/spec/amd-isa.md §9): LLVM's image decoder tables hold one
// row per image atomic and encoding family (…_V1_V1_gfx10, …_V1_V4_nsa_gfx10, …); the variant
// with the right data and address widths (…_V2_V3_gfx10) is chosen after the match from dmask,
// tfe, dim and a16. Rows are found by their record names: BASE_V<data>_V<addr><family>.
#include "mimg_variant.hpp"

#include <bit>
#include <charconv>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "gpuatom/amd/isa/encoding_table.hpp"

namespace gpuatom::amd::isa::detail {
namespace {

struct VariantName {
  std::string_view base;  // "IMAGE_ATOMIC_CMPSWAP"
  unsigned data = 0, addr = 0;
  std::string_view family;  // "_gfx10", "_nsa_gfx10", "_vi"
};

std::optional<VariantName> parse(std::string_view record) {
  // The last "_V<d>_V<a>" in the name.
  for (size_t at = record.rfind("_V"); at != std::string_view::npos && at > 0; at = record.rfind("_V", at - 1)) {
    const size_t before = record.rfind("_V", at - 1);
    if (before == std::string_view::npos) break;
    VariantName v;
    const char* p = record.data() + before + 2;
    const auto r1 = std::from_chars(p, record.data() + record.size(), v.data);
    if (r1.ec != std::errc{} || r1.ptr != record.data() + at) continue;
    const auto r2 = std::from_chars(record.data() + at + 2, record.data() + record.size(), v.addr);
    if (r2.ec != std::errc{}) continue;
    v.base = record.substr(0, before);
    v.family = record.substr(static_cast<size_t>(r2.ptr - record.data()));
    return v;
  }
  return std::nullopt;
}

// The data dwords LLVM gives an image-atomic variant (MIMGInstructions.td, MIMG_Atomic): the
// _V<n> of the record name is not the width; _V3 repeats _V2's (non-cmpswap) or _V1's (cmpswap).
unsigned data_dwords(unsigned name_number, bool cmpswap) {
  constexpr unsigned plain[5] = {0, 1, 2, 2, 4};
  constexpr unsigned x2[5] = {0, 2, 4, 2, 4};
  return name_number <= 4 ? (cmpswap ? x2 : plain)[name_number] : 0;
}

// Coordinates per `dim:` encoding (SI_DIM_1D … SI_DIM_2D_MSAA_ARRAY), LLVM's MIMGDimInfo.
constexpr unsigned coordinates[8] = {1, 2, 3, 3, 2, 3, 3, 4};

// Every image row by record name, built once (thread-safe).
const std::unordered_map<std::string, const Encoding*>& image_rows() {
  static const std::unordered_map<std::string, const Encoding*> rows = [] {
    std::unordered_map<std::string, const Encoding*> out;
    for (const Encoding& row : encodings())
      if (row.cls == InstClass::mimg || row.cls == InstClass::vimage) out.emplace(std::string(row.record), &row);
    return out;
  }();
  return rows;
}

}  // namespace

bool choose_image_variant(Instruction& instruction, const Target& target, std::string& why) {
  const Encoding& e = *instruction.encoding;
  const std::optional<VariantName> name = parse(e.record);
  if (!name) {
    why = "not an image variant record";
    return false;
  }
  const int64_t* dmask = instruction.value("dmask");
  const int64_t* tfe = instruction.value("tfe");
  unsigned data = std::max(std::popcount(static_cast<unsigned>(dmask ? *dmask & 0xf : 0)), 1);
  if (tfe && *tfe) data += 1;
  const bool cmpswap = name->base.find("CMPSWAP") != std::string_view::npos;
  unsigned addr = name->addr;
  const bool nsa = e.cls == InstClass::vimage || name->family.find("nsa") != std::string_view::npos;
  if (has(target, Feature::gfx10_insts)) {
    const int64_t* dim = instruction.value("dim");
    const int64_t* a16 = instruction.value("a16");
    addr = coordinates[dim ? *dim & 7 : 0];
    if (a16 && *a16) addr = (addr + 1) / 2;
    if (nsa && addr > name->addr) return true;  // would need partial NSA: LLVM keeps the row
  }
  if (data == data_dwords(name->data, cmpswap) && addr == name->addr) return true;
  // getMIMGOpcode: the first variant (by name) with these data and address dwords.
  const Encoding* variant = nullptr;
  unsigned variant_number = 0;
  for (unsigned n = 1; n <= 4 && !variant; ++n) {
    if (data_dwords(n, cmpswap) != data) continue;
    const std::string wanted =
        std::string(name->base) + "_V" + std::to_string(n) + "_V" + std::to_string(addr) + std::string(name->family);
    const auto found = image_rows().find(wanted);
    if (found != image_rows().end() && found->second->on(target)) variant = found->second;
    variant_number = n;
  }
  if (!variant) return true;
  // The data (and, without NSA, the address) registers must start a tuple of the new width.
  const auto fits = [&](std::string_view slot, unsigned dwords) {
    const int64_t* v = instruction.value(slot);
    return !v || (*v % 256) + dwords <= 256;
  };
  const OperandSlot* new_vdata = variant->operand("vdata");
  if (variant_number != name->data && new_vdata && !fits("vdata", new_vdata->dwords)) return true;
  if (!nsa && addr != name->addr && has(target, Feature::gfx10_insts) && !fits("vaddr0", addr)) return true;
  Instruction out;
  out.encoding = variant;
  out.literal = instruction.literal;
  out.values.assign(variant->operands.size(), 0);
  for (size_t i = 0; i < variant->operands.size(); ++i) {
    if (const int64_t* v = instruction.value(variant->operands[i].name)) out.values[i] = *v;
  }
  // The data register is shared by vdst and vdata (an image atomic returns into its data).
  if (const int64_t* vdata = instruction.value("vdata"))
    for (size_t i = 0; i < variant->operands.size(); ++i)
      if (variant->operands[i].name == "vdst") out.values[i] = *vdata;
  instruction = std::move(out);
  return true;
}

}  // namespace gpuatom::amd::isa::detail
