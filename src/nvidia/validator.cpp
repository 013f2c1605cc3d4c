#include "gpuatom/nvidia/validator.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

namespace gpuatom::nvidia {

namespace {

// The sizes that have a spelling with an unapplied .FTZ, as a set of bits by Size: the check runs
// on every instruction, and most sizes have none.
static_assert(size_count <= 64, "a set of sizes fits 64 bits");
uint64_t sizes_with_unapplied_flush() {
  static const uint64_t set = [] {
    uint64_t bits = 0;
    for (const SizeSpelling& s : size_spellings())
      if (s.unapplied_flush) bits |= uint64_t{1} << static_cast<int>(s.size);
    return bits;
  }();
  return set;
}

// What the checks of every instruction ask of tables, made once (make_rule_tables): the sizes
// that need a Feature of the architecture (size_feature), and legal()'s answers as a set of
// sizes by family, dialect and op (legal() works its set out each time).
constexpr size_t families = static_cast<size_t>(Family::SURED) + 1, dialects = 2;
struct RuleTables {
  uint64_t sizes_with_feature = 0;  // bits by Size
  std::array<std::array<std::array<uint64_t, atom_op_count>, dialects>, families> legal{};
};

[[gnu::noinline]] const RuleTables* make_rule_tables() {
  static const RuleTables made = [] {
    RuleTables t;
    for (size_t z = 0; z < size_count; ++z) {
      const auto size = static_cast<Size>(z);
      if (size_feature(size)) t.sizes_with_feature |= uint64_t{1} << z;
      for (size_t f = 0; f < families; ++f)
        for (size_t d = 0; d < dialects; ++d)
          for (size_t o = 0; o < atom_op_count; ++o)
            if (legal(static_cast<Family>(f), static_cast<Dialect>(d), static_cast<AtomOp>(o), size))
              t.legal[f][d][o] |= uint64_t{1} << z;
    }
    return t;
  }();
  return &made;
}

// The tables' first-use guard and a call, where a guard around their making inline cost a frame.
const RuleTables& rule_tables() {
  static const RuleTables* const made = make_rule_tables();
  return *made;
}

class Validator {
 public:
  Validator(const Instruction& inst, support::Diagnostics& out, RuleSeverity rules)
      : i_(inst),
        mnemonic_(info(inst.mnemonic)),
        compare_(inst.is_compare()),
        data_registers_(inst.data_registers()),
        tables_(rule_tables()),
        out_(out),
        rules_(rules) {}

  void run() {
    placeholders();
    formatted();
    legality();
    f16x2_spelling();
    data_registers();
    // The CAS register pairing is SPA 5.0's: sm_70+ ptxas output pairs Rb and Rc freely
    // ("ATOMS.CAS R6, [R5], R7, R6 ;" on sm_70), so sm_70+ text is not held to it.
    if (compare_ && !surface_form() && spa5()) cas_registers();
    if (surface_form())
      surface();
    else
      memory_address();
    if (i_.architecture && !spa5()) generation_forms(*i_.architecture);
    if (i_.architecture && spa5()) spa5_forms(*i_.architecture);
  }

 private:
  support::SourceLocation at(uint32_t column) const {
    support::SourceLocation w = i_.where;
    if (w.line != 0 && column != 0) w.column = column;
    return w;
  }
  void error(uint32_t column, std::string message, std::string rule) {
    if (rules_ == RuleSeverity::warning)
      warning(column, std::move(message), std::move(rule));
    else
      out_.error(at(column), std::move(message), std::move(rule));
  }
  void warning(uint32_t column, std::string message, std::string rule) {
    out_.warning(at(column), std::move(message), std::move(rule));
  }
  uint32_t col(ModifierSlot s) const { return i_.columns.column(s) ? i_.columns.column(s) : i_.columns.mnemonic; }
  uint32_t col(OperandRole r) const { return i_.columns.column(r); }
  std::string opcode() const { return fmt::format("{}.{}", info(i_.mnemonic).name, info(i_.op).name); }
  // The rules of seed 002's SUATOM.CAS, which every surface compare is held to.
  static std::string surface_cas() { return fmt::format("{}.{}", name(Family::SUATOM), info(AtomOp::CAS).name); }
  bool spa5() const { return i_.dialect == Dialect::spa5; }
  // ".64" after an opcode whose data spans `n` = 2 registers, "" for 32-bit data.
  static std::string_view wide(int n) { return n == 2 ? compact_size_spelling(Size::U64) : std::string_view(); }

  // A rule that holds only on SPA 5.0 (sm_5x/sm_6x). Text read without --arch is held to it when
  // it is spelled as SPA 5.0 text; the message says so, since sm_70+ text can look the same
  // (a decoded Maxwell word, with no columns, is SPA 5.0 for certain).
  std::string spa5_rule(std::string message) const {
    if (!i_.architecture && i_.columns.mnemonic != 0)
      message += " [a SPA 5.0 (sm_5x/sm_6x) rule: for sm_70+ text, check with --arch sm_70 or later]";
    return message;
  }

  // The forms an architecture's tools print (its Features, architecture.hpp): a form from a later
  // architecture is an error; a spelling another architecture prints is a warning.
  void generation_forms(Architecture arch) {
    const auto later = [&](uint32_t column, std::string_view form, Feature feature) {
      if (!has(arch, feature)) error(column, missing_feature(arch, form, feature), "docs/oracles.md");
    };
    if ((tables_.sizes_with_feature >> static_cast<int>(i_.size)) & 1u)
      if (auto why = missing_size_form(arch, i_.size)) error(col(ModifierSlot::size), *why, "docs/oracles.md");
    if (i_.mnemonic == Mnemonic::REDAS)
      later(i_.columns.mnemonic, fmt::format("{} (PTX red.async)", info(i_.mnemonic).name), Feature::red_async);
    // Formatted only where a message names it (the validator runs for every word of a listing).
    const auto cast_spin = [&] { return fmt::format("{}.{}", name(family()), info(AtomOp::CAST_SPIN).name); };
    if (i_.op == AtomOp::CAST_SPIN && family() == Family::ATOM)
      later(col(ModifierSlot::op), cast_spin(), Feature::atom_cast_spin);
    if (i_.op == AtomOp::CAST_SPIN && family() == Family::ATOMS) {
      const bool predicate = has(arch, Feature::atoms_cast_spin_predicate);
      if ((i_.pu && !i_.rd) != predicate)
        warning(col(ModifierSlot::op),
                fmt::format("{} prints {} with {}", name(arch), cast_spin(),
                            predicate ? "a predicate destination Pu and no Rd" : "a destination register Rd"),
                "docs/oracles.md");
    }
    if (i_.pm_hint && !has(arch, Feature::pm_hint))
      error(i_.columns.mnemonic, missing_feature(arch, fmt::format("the ?PM{} hint", i_.pm_hint), Feature::pm_hint),
            "docs/sass128.md");
    uniform_registers(arch);
    const Surface& surface = i_.surface;
    if (surface_form() && surface.uniform_array)
      later(col(ModifierSlot::uniform_array), fmt::format("{}.UAI", info(i_.mnemonic).name),
            Feature::suatom_uniform_array);
    if (surface_form() && surface.second_uniform)
      later(col(OperandRole::handle), "a second uniform register after a surface handle",
            Feature::suatom_uniform_array);
    const auto immediate = [&] { return has(arch, Feature::surface_uniform_immediate); };
    if (surface_form() && surface.handle_uniform && !surface.handle_indices.empty() != immediate())
      warning(col(OperandRole::handle),
              fmt::format(
                  "{} prints a uniform-register surface handle {}", name(arch),
                  immediate() ? "with its trailing immediate (`UR4, 0x0`)" : "without a trailing immediate (`UR4`)"),
              "docs/oracles.md");
  }

  // The forms SPA 5.0 architectures differ in: sm_50 has no sparse predicate Ps forms.
  void spa5_forms(Architecture arch) {
    if (i_.ps && !has(arch, Feature::ps_forms)) error(col(OperandRole::ps), missing_ps_form(arch), "docs/oracles.md");
  }

  // UR63 … UR254 exist only where uniform register fields have 8 bits (Blackwell).
  void uniform_registers(Architecture arch) {
    const Address& a = i_.address;
    const auto check = [&](std::optional<uint8_t> number, OperandRole role) {
      if (!number || uniform_register_exists(arch, *number)) return;
      const GenerationInfo& g = generation_info(arch);
      const unsigned bits = uniform_register_bits(arch);
      error(col(role),
            fmt::format("{} does not exist on {} ({}): its uniform registers are UR0–UR{} and URZ ({}-bit fields); "
                        "it exists from {}",
                        uniform_register_name(*number), name(arch), g.name, (1u << bits) - 2, bits,
                        first_architecture_with_uniform_register(*number)),
            "docs/sass128.md");
    };
    check(a.uniform_base ? std::optional<uint8_t>(a.base) : std::nullopt, OperandRole::address);
    check(a.uniform_index, OperandRole::address);
    check(a.descriptor, OperandRole::address);
    check(i_.surface.handle_uniform, OperandRole::handle);
    check(i_.surface.second_uniform, OperandRole::handle);
  }

  void placeholders() {
    if (!i_.has_placeholder()) return;  // the common case, without a walk through the slots
    for (const SlotInfo& s : slot_table())
      if (i_.placeholders[static_cast<int>(s.slot)])
        warning(col(s.slot),
                fmt::format("{} stands for an unassigned {} field value: the instruction prints and encodes but does "
                            "not execute",
                            i_.placeholder_spelling(s.slot), name(s.slot)),
                "docs/spec/nvidia.md §10.3");
  }

  // .P (formatted surface data): nvdisasm reads it, seed 002 defines only .D (raw data).
  void formatted() {
    if (surface_form() && i_.surface.formatted)
      error(col(ModifierSlot::mode),
            fmt::format("{}.{} (formatted surface data) has no semantics on the {} page, which defines only .{} "
                        "(raw data): it prints and encodes but does not execute",
                        info(i_.mnemonic).name, modifier_name(ModifierSlot::mode, mode_formatted), name(Family::SUATOM),
                        modifier_name(ModifierSlot::mode, mode_raw)),
            "seed 002, docs/oracles.md");
  }

  void legality() {
    if (i_.placeholders[static_cast<int>(ModifierSlot::op)] || i_.placeholders[static_cast<int>(ModifierSlot::size)])
      return;
    if ((tables_.legal[static_cast<size_t>(family())][static_cast<size_t>(i_.dialect)][static_cast<size_t>(i_.op)] >>
         static_cast<int>(i_.size)) &
        1u)
      return;  // legal: no reason to make
    if (auto why = illegal_reason(family(), i_.dialect, i_.op, i_.size)) {
      // Illegal only by the SPA 5.0 tables (.128, for one): sm_70+ text may hold it.
      if (spa5() && legal(family(), Dialect::modern, i_.op, i_.size)) *why = spa5_rule(std::move(*why));
      error(i_.columns.column(ModifierSlot::size) ? col(ModifierSlot::size) : col(ModifierSlot::op), *why, "");
    }
  }

  // A size written with a flush it does not apply (.F16x2.FTZ.RN): the size table marks it.
  void f16x2_spelling() {
    if (!(sizes_with_unapplied_flush() & (uint64_t{1} << static_cast<int>(i_.size)))) return;
    for (const SizeSpelling& s : size_spellings())
      if (s.unapplied_flush && s.size == i_.size && s.text == i_.size_spelling)
        warning(col(ModifierSlot::size),
                fmt::format("the .FTZ of {} is not applied: size code {} keeps subnormals, the same operation as {} "
                            "(ASSUMPTION; --f16x2-flush selects flushing)",
                            s.text, info(s.size).atom_code, size_name(s.size)),
                "docs/spec/nvidia.md §4.2");
  }

  // 64-bit data lives in an even register pair that does not reach R255 (§6.1).
  void pair(std::optional<uint8_t> r, OperandRole role, std::string_view what) {
    if (!r || *r == RZ) return;
    if (*r % 2)
      error(col(role), fmt::format("64-bit data needs an even register pair: {} {} is odd", what, register_name(*r)),
            "docs/spec/nvidia.md §6.1");
    else if (*r == 254)
      error(col(role), fmt::format("{} R254 would pair with R255, which is RZ", what),
            "docs/spec/nvidia.md §6.1 (PROPOSED)");
  }

  void data_registers() {
    if (data_registers_ != 2) return;
    // CAST and CAST.SPIN return a 32-bit success flag, not data (§3.4).
    if (i_.op != AtomOp::CAST && i_.op != AtomOp::CAST_SPIN) pair(i_.rd, OperandRole::rd, "Rd");
    if (!compare_) pair(i_.rb, OperandRole::rb, "Rb");
  }

  // ATOM.CAS / ATOMS.CAS / CAST: Rb R2n (32-bit) or R4n (64-bit), not RZ; Rc = Rb+1 / Rb+2 or RZ (§6.2).
  void cas_registers() {
    const int n = data_registers_;
    if (n > 2) return;  // .128 (sm_90): no pairing rule is published
    const uint8_t rb = i_.rb.value_or(RZ);
    const std::string_view page = family() == Family::ATOM ? "seed 000" : "DERIVED from seed 000";
    if (i_.unnamed(OperandRole::rb) || i_.unnamed(OperandRole::rc)) {
      error(col(i_.unnamed(OperandRole::rb) ? OperandRole::rb : OperandRole::rc),
            fmt::format("{}: {} is register field 255 where it is not RZ: the compare or swap operand runs past R254 "
                        "and names no register",
                        opcode(), unnamed_register),
            "docs/spec/nvidia.md §6.2, docs/oracles.md");
      return;
    }
    if (rb == RZ) {
      error(col(OperandRole::rb),
            spa5_rule(fmt::format("{}: the compare register Rb cannot be RZ ({})", opcode(), page)),
            "docs/spec/nvidia.md §6.2");
      return;
    }
    if (rb % (2 * n)) {
      error(col(OperandRole::rb),
            spa5_rule(n == 1 ? fmt::format("{} needs an even compare register R2n, not {} ({}: \"Rb must be R2n+0\")",
                                           opcode(), register_name(rb), page)
                             : fmt::format("{}.64 needs a compare register R4n, not {} ({}: \"Rb must be R4n+0\")",
                                           opcode(), register_name(rb), page)),
            "docs/spec/nvidia.md §6.2");
      return;
    }
    const uint8_t rc = i_.rc.value_or(RZ);
    const int expected = rb + n;
    if (rc != RZ && rc != expected) {
      error(col(OperandRole::rc),
            spa5_rule(fmt::format("{}{}: Rc must be Rb+{} ({}) or RZ, not {}", opcode(), wide(n), n,
                                  register_name(static_cast<uint8_t>(expected)), register_name(rc))),
            "docs/spec/nvidia.md §6.2");
      return;
    }
    if (rc == 254 && n == 2)
      error(col(OperandRole::rc), "the swap pair Rc = R254 would include R255, which is RZ",
            "docs/spec/nvidia.md §6.1 (PROPOSED)");
  }

  void memory_address() {
    const Address& a = i_.address;
    const bool ps_form = i_.ps.has_value();
    if (ps_form && family() == Family::ATOM) {
      // sm_70+ text puts a predicate destination Pu there, with any address: hence spa5_rule().
      if (a.offset != 0 && !a.absolute())
        error(i_.columns.offset,
              spa5_rule(fmt::format("the Ps forms of {} take no immediate offset (seed 000: \"Immediate offsets are "
                                    "not supported for these variants\")",
                                    name(Family::ATOM))),
              "docs/spec/nvidia.md §6.6");
      if (a.absolute())
        error(i_.columns.ra,
              spa5_rule(fmt::format("the Ps forms of {} address [Ra]: there is no absolute [ImmU20] form",
                                    name(Family::ATOM))),
              "docs/spec/nvidia.md §6.6");
    }
    if (spa5()) offset_range();
    if (i_.wide_address() && !a.uniform_base && a.base != RZ && a.base % 2)
      warning(i_.columns.ra,
              fmt::format("a 64-bit address is the register pair Ra:Ra+1, so Ra should be even, not {}",
                          register_name(a.base)),
              "docs/spec/nvidia.md §6.3 (PROPOSED)");
  }

  void offset_range() {
    const Address& a = i_.address;
    const uint32_t column = i_.columns.offset ? i_.columns.offset : i_.columns.column(OperandRole::address);
    if (family() == Family::ATOMS) {
      if (a.offset % 4)
        error(column,
              fmt::format("the {} offset {} is not a multiple of 4 (it is stored divided by 4)", name(Family::ATOMS),
                          signed_hex(a.offset)),
              "docs/spec/nvidia.md §6.5");
      else if (a.absolute() && (a.offset < 0 || a.offset > 0xfffffc))
        error(column,
              fmt::format("the absolute shared address [ImmU24] must be 0 … 0xfffffc, not {}", signed_hex(a.offset)),
              "docs/spec/nvidia.md §6.5");
      else if (!a.absolute() && (a.offset < -0x800000 || a.offset > 0x7ffffc))
        error(column, fmt::format("the offset ImmS24 must be -0x800000 … 0x7ffffc, not {}", signed_hex(a.offset)),
              "docs/spec/nvidia.md §6.5");
      return;
    }
    if (a.absolute() && (a.offset < 0 || a.offset > 0xfffff))
      error(column, fmt::format("the absolute address [ImmU20] must be 0 … 0xfffff, not {}", signed_hex(a.offset)),
            "docs/spec/nvidia.md §6.5");
    else if (!a.absolute() && (a.offset < -0x80000 || a.offset > 0x7ffff))
      error(column, fmt::format("the offset ImmS20 must be -0x80000 … 0x7ffff, not {}", signed_hex(a.offset)),
            "docs/spec/nvidia.md §6.5");
  }

  void surface() {
    const Address& a = i_.address;
    const std::string_view mn = info(i_.mnemonic).name;
    if (a.descriptor || a.uniform_base || a.uniform_index || a.suffix != RegisterSuffix::none || a.offset != 0) {
      error(i_.columns.column(OperandRole::address),
            fmt::format(
                "{} addresses a surface by coordinates: the operand is [Ra], with no offset, index or descriptor", mn),
            "docs/spec/nvidia.md §8.4");
      return;
    }
    const uint8_t ra = a.base;
    if (ra == RZ) {
      error(i_.columns.ra,
            fmt::format("{} coordinates Ra cannot be RZ (seed 002: \"Ra/Rc cannot be RZ register\")", mn),
            "docs/spec/nvidia.md §6.4");
    } else if (!i_.placeholders[static_cast<int>(ModifierSlot::dim)]) {
      const DimInfo& d = info(i_.surface.dim);
      if (ra % d.alignment)
        error(i_.columns.ra,
              fmt::format(".{} reads {} coordinate registers from Ra, so Ra must be a multiple of {}, not {}", d.name,
                          d.coordinates, d.alignment, register_name(ra)),
              "docs/spec/nvidia.md §8.1 (DERIVED)");
      else if (ra + d.coordinates - 1 >= RZ)
        error(i_.columns.ra,
              fmt::format(".{} reads {} coordinate registers from {}: they would reach R255 (RZ)", d.name,
                          d.coordinates, register_name(ra)),
              "docs/spec/nvidia.md §8.1");
    }
    handle();
    if (compare_) surface_cas_vector();
    if (i_.ps && !i_.surface.bindless() && !compare_)
      error(col(OperandRole::ps),
            fmt::format("bound {} .op has no Ps form (seed 002: \"#tsPtrIdxU13 variant with sparse predicate is not "
                        "offered for .op != CAS\")",
                        name(Family::SUATOM)),
            "docs/spec/nvidia.md §6.6");
  }

  void handle() {
    const uint32_t column = col(OperandRole::handle);
    if (i_.surface.bindless()) {
      if (i_.surface.handle_register == RZ)
        error(column, "the bindless handle Rc cannot be RZ (seed 002: \"Ra/Rc cannot be RZ register\")",
              "docs/spec/nvidia.md §6.4");
      else if (spa5() && !i_.surface.handle_indices.empty())
        error(column, "a SPA 5.0 bindless handle is Rc alone: no index follows it", "docs/spec/nvidia.md §8.4");
      return;
    }
    const auto& indices = i_.surface.handle_indices;
    if (spa5() && indices.size() != 1) {
      error(column, "a bound surface takes one index #tsPtrIdxU13", "docs/spec/nvidia.md §8.4");
      return;
    }
    if (spa5() && indices[0] > 0x1fff)
      error(column, fmt::format("#tsPtrIdxU13 is a 13-bit unsigned index: 0 … 0x1fff, not 0x{:x}", indices[0]),
            "docs/spec/nvidia.md §6.5");
  }

  // SUATOM.CAS: Rb holds compare and swap as a vec2 (32-bit) or vec4 (64-bit) (seed 002, §6.2).
  void surface_cas_vector() {
    const int n = data_registers_;
    const uint8_t rb = i_.rb.value_or(RZ);
    if (rb == RZ) {
      error(col(OperandRole::rb),
            fmt::format("{}: Rb holds the compare and swap values and cannot be RZ", surface_cas()),
            "docs/spec/nvidia.md §6.2 (DERIVED)");
      return;
    }
    if (rb % (2 * n))
      error(col(OperandRole::rb),
            fmt::format("{}{}: Rb holds compare and swap as a vec{} and must be a multiple of {}, not {}",
                        surface_cas(), wide(n), 2 * n, 2 * n, register_name(rb)),
            "docs/spec/nvidia.md §6.2 (DERIVED)");
    else if (rb + 2 * n - 1 >= RZ)
      error(col(OperandRole::rb),
            fmt::format("{}: the vec{} at {} would include R255 (RZ)", surface_cas(), 2 * n, register_name(rb)),
            "docs/spec/nvidia.md §6.1 (PROPOSED)");
  }

  // The mnemonic's row, looked up once: the checks ask for its family and whether it is a surface
  // form many times (the decoder validates every word).
  Family family() const { return mnemonic_.family; }
  bool surface_form() const { return mnemonic_.surface; }

  const Instruction& i_;
  const MnemonicInfo& mnemonic_;
  // Asked by several checks: worked out once.
  bool compare_;
  int data_registers_;
  const RuleTables& tables_;
  support::Diagnostics& out_;
  RuleSeverity rules_;
};

}  // namespace

void validate(const Instruction& instruction, support::Diagnostics& diagnostics, RuleSeverity rules) {
  Validator(instruction, diagnostics, rules).run();
}

std::string missing_feature(Architecture arch, std::string_view form, Feature feature) {
  return fmt::format("{} does not exist on {} ({}): it exists from {}", form, name(arch), generation_info(arch).name,
                     first_with(feature));
}

std::string missing_ps_form(Architecture arch) {
  return fmt::format("{} has no sparse predicate Ps forms (nvdisasm {} refuses them): they exist from {}", name(arch),
                     nvdisasm_name(arch), first_with(Feature::ps_forms));
}

std::optional<Feature> size_feature(Size size) {
  if (size == Size::U128) return Feature::b128;
  if (info(size).vector) return Feature::vector_atomics;
  if (size == Size::F32_RN) return Feature::f32_without_ftz;
  return std::nullopt;
}

std::optional<std::string> missing_size_form(Architecture arch, Size size) {
  const std::optional<Feature> feature = size_feature(size);
  if (!feature || has(arch, *feature)) return std::nullopt;
  const std::string_view form = *feature == Feature::b128             ? "a .128 atomic"
                                : *feature == Feature::vector_atomics ? "a vector atomic"
                                                                      : "an f32 atomic without .FTZ";
  return missing_feature(arch, form, *feature);
}

ParsedSass check_sass(std::string_view source, std::string_view file, std::optional<Architecture> architecture) {
  ParsedSass parsed = read_sass(source, file, architecture);
  support::Diagnostics checks;
  for (const Instruction& inst : parsed.instructions) validate(inst, checks);
  ParsedSass out;
  out.instructions = std::move(parsed.instructions);
  out.diagnostics = std::move(parsed.diagnostics);
  out.lines_read = parsed.lines_read;
  out.diagnostics.append(checks);
  out.diagnostics.sort_by_line();
  return out;
}

ParsedSass check_sass(std::string_view source, std::string_view file, std::optional<Architecture> architecture,
                      RuleSeverity rules) {
  if (rules == RuleSeverity::error) return check_sass(source, file, architecture);
  ParsedSass parsed = read_sass(source, file, architecture);
  for (const Instruction& inst : parsed.instructions) validate(inst, parsed.diagnostics, RuleSeverity::warning);
  parsed.diagnostics.sort_by_line();
  return parsed;
}

}  // namespace gpuatom::nvidia
