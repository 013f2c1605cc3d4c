#include "gpuatom/intel/validator.hpp"

#include <fmt/format.h>

#include <set>
#include <string>

#include "gpuatom/intel/text/printer.hpp"

namespace gpuatom::intel {

namespace {

using support::SourceLocation;

constexpr std::string_view lsc_validation_rule = "docs/intel-igc.md §4.5";

std::string join_sizes(std::span<const uint8_t> sizes, bool with16) {
  std::string out;
  for (size_t i = 0; i < sizes.size(); ++i)
    out += fmt::format("{}{}", i ? (i + 1 == sizes.size() && !with16 ? " or " : ", ") : "", sizes[i]);
  if (with16) out += " or 16";
  return out;
}

class Validator {
 public:
  Validator(const DeclarationTable* declarations, const ValidationOptions& options, support::Diagnostics& diagnostics)
      : decls_(declarations), platform_(options.platform), diagnostics_(diagnostics) {}

  void check(const Instruction& inst) {
    if (!start(inst)) return;
    if (is_lsc(inst.form)) return check_lsc();
    check_op_and_width();
    check_exec_size();
    check_predicate();
    check_roles();
    if (inst.form == Form::typed) check_surface();
    if (inst.form == Form::dword) check_dword_surface();
    for (OperandSlot slot : form_->text_operands) check_operand(slot);
  }

  // The platform's rules alone (validate_platform).
  void check_platform_only(const Instruction& inst) {
    if (!start(inst)) return;
    if (is_lsc(inst.form) || !illegal_reason(inst.form, inst.op, inst.width)) check_platform();
  }

 private:
  // Looks the op up and names the instruction for messages; false (and an error) when it is no atomic.
  bool start(const Instruction& inst) {
    inst_ = &inst;
    form_ = &form_info(inst.form);
    if (is_lsc(inst.form)) {
      const LscOpInfo* op = find_lsc_op(inst.lsc.op);
      if (!op) {
        error(inst.where.op, fmt::format("LSC sub-op 0x{:02x} is not an atomic", inst.lsc.op), lsc_validation_rule);
        return false;
      }
      mnemonic_ = fmt::format("lsc_atomic_{}.{}", op->name, name(inst.lsc.sfid));
      return true;
    }
    op_ = find(inst.op);
    if (!op_) {
      error(inst.where.op, fmt::format("op code 0x{:02x} is not an atomic op", static_cast<unsigned>(inst.op)),
            "docs/spec/intel.md §3.1");
      return false;
    }
    mnemonic_ = fmt::format("{}.{}{}", form_->mnemonic, op_->name, suffix(inst.width));
    return true;
  }

  // LSC atomics (docs/intel-igc.md §4.5, IGC's LscInstVerifier; §4.6 for the platforms).
  void check_lsc() {
    const Instruction& inst = *inst_;
    const LscFields& l = inst.lsc;
    const LscOpInfo* op = find_lsc_op(l.op);
    const bool typed = inst.form == Form::lsc_typed;
    check_platform();
    if (l.data_size != LscDataSize::d16c32 && l.data_size != LscDataSize::d32 && l.data_size != LscDataSize::d64)
      error(inst.where.width,
            fmt::format("{}: LSC atomics take {}, d32 or d64, not {}", mnemonic_,
                        name(LscDataSize::d16c32, l.shape_names), name(l.data_size, l.shape_names)),
            lsc_validation_rule);
    if (l.elems != 1)
      error(inst.where.width, fmt::format("{}: LSC atomics take one element per channel (no x<n>)", mnemonic_),
            lsc_validation_rule);
    if (l.order != LscDataOrder::nontranspose)
      error(inst.where.width, fmt::format("{}: LSC atomics have no transposed form", mnemonic_), lsc_validation_rule);
    // IGC 2.40's verifier: "LSC atomic fadd/fsub only support UGM, TGM, SLM" where the platform has
    // them on shared local memory (it writes lsc_atomic_fadd.slm for nvl-p and cri only).
    const bool slm_float_add = l.sfid == LscSfid::slm && has(platform_, Feature::lsc_slm_float_add);
    if (is_float_add(op->like) && l.sfid != LscSfid::ugm && l.sfid != LscSfid::ugml && !slm_float_add)
      error(
          inst.where.op,
          fmt::format("{}: fadd and fsub take .ugm or .ugml only{}", mnemonic_,
                      l.sfid != LscSfid::slm ? std::string()
                                             : fmt::format(" (.slm too {}; the {} profile has none)",
                                                           availability(Feature::lsc_slm_float_add), name(platform_))),
          lsc_validation_rule);
    if (l.sfid == LscSfid::slm && l.data_size == LscDataSize::d64 && op->like != AtomicOp::CMPXCHG)
      error(inst.where.width, fmt::format("{}: 64-bit atomics on shared local memory are icas only", mnemonic_),
            lsc_validation_rule);
    check_lsc_caching();
    check_lsc_address();
    check_exec_size();
    check_predicate();
    // src1 and src2 (Src0 and Src1) are given exactly as the op's operand count says.
    for (const OperandSlot slot : {OperandSlot::src0, OperandSlot::src1}) {
      const bool used = op->extra_operands > (slot == OperandSlot::src0 ? 0 : 1);
      const bool given = !inst.operand(slot).is_null();
      if (used && !given)
        error(inst.location(slot), fmt::format("{} is missing: {} reads it", operand_name(slot), mnemonic_),
              lsc_validation_rule);
      if (!used && given)
        error(inst.location(slot),
              fmt::format("{} must be %null: {} takes {} operand{}", operand_name(slot), mnemonic_, op->extra_operands,
                          op->extra_operands == 1 ? "" : "s"),
              lsc_validation_rule);
    }
    if (typed && inst.operand(OperandSlot::u).is_null())
      error(inst.location(OperandSlot::u), "U is missing: a typed LSC atomic reads the X coordinate in U",
            lsc_validation_rule);
    for (OperandSlot slot : form_->text_operands)
      if (!inst.operand(slot).is_null()) check_operand(slot);
  }

  // LSC operands: the size the data shape or address size gives; IGC's verifier checks no type,
  // so every integer and float type of that size is clean.
  TypeRule lsc_type_rule(OperandSlot slot) const {
    const LscFields& l = inst_->lsc;
    const bool data = slot == OperandSlot::dst || slot == OperandSlot::src0 || slot == OperandSlot::src1;
    const unsigned bytes = data ? data_element_bytes(l) : slot == OperandSlot::addresses ? address_element_bytes(l) : 4;
    const auto rule = [&](DataType a, DataType b) { return TypeRule{{a, b}, 2, static_cast<uint8_t>(bytes)}; };
    const LscOpInfo* op = find_lsc_op(l.op);
    if (bytes == 8)
      return data && op && op->is_float ? rule(DataType::DF, DataType::UQ) : rule(DataType::UQ, DataType::Q);
    if (bytes == 2) return rule(DataType::UW, DataType::W);
    return data && op && op->is_float ? rule(DataType::F, DataType::UD) : rule(DataType::UD, DataType::D);
  }

  void check_lsc_caching() {
    const LscFields& l = inst_->lsc;
    const bool default_only = l.sfid == LscSfid::ugml || l.sfid == LscSfid::tgm;
    const bool both = l.l1 == l.l3;
    const bool legal = (l.l1 == LscCache::df && l.l3 == LscCache::df) ||
                       (!default_only && l.l1 == LscCache::uc && (both || l.l3 == LscCache::wb));
    if (!legal)
      error(inst_->where.op,
            fmt::format("{}: caching .{}.{} is not one an atomic has: .df.df (none written), .uc.uc or .uc.wb{}",
                        mnemonic_, name(l.l1), name(l.l3), default_only ? " (.ugml and .tgm: .df.df only)" : ""),
            lsc_validation_rule);
  }

  void check_lsc_address() {
    const Instruction& inst = *inst_;
    const LscFields& l = inst.lsc;
    const SourceLocation& at = inst.where.surface;
    if (l.addr_size == LscAddrSize::a16 && l.sfid != LscSfid::slm)
      error(at, fmt::format("{}: :a16 addresses are for .slm only", mnemonic_), lsc_validation_rule);
    if (l.addr_size == LscAddrSize::a64 && (l.sfid == LscSfid::slm || l.sfid == LscSfid::tgm))
      error(at, fmt::format("{}: :a64 addresses are not for .slm or .tgm", mnemonic_), lsc_validation_rule);
    const bool stateful =
        l.addr_type == LscAddrType::bti || l.addr_type == LscAddrType::bss || l.addr_type == LscAddrType::ss;
    if (!stateful && l.sfid == LscSfid::tgm)
      error(at, fmt::format("{}: typed atomics take bti, bss or ss", mnemonic_), lsc_validation_rule);
    if (stateful && l.sfid == LscSfid::slm)
      error(at, fmt::format("{}: .slm takes flat addresses", mnemonic_), lsc_validation_rule);
    // flat(B)[…]: a base register, IGC 2.x's Xe3P address (lsc.hpp).
    const bool base = l.addr_type == LscAddrType::flat && l.surface.is_register;
    if (base && !has(platform_, Feature::lsc_scaled_index))
      error(at,
            fmt::format("{}: the {} profile has no base register in a flat address (flat(B)[…]: {})", mnemonic_,
                        name(platform_), availability(Feature::lsc_scaled_index)),
            "docs/spec/intel.md §9");
    if (!stateful && !base && (l.surface.is_register || l.surface.value != 0))
      error(at, fmt::format("{}: a {} address has no surface (it must be 0)", mnemonic_, name(l.addr_type)),
            lsc_validation_rule);
    if (l.surface.is_register && decls_ && !decls_->general(l.surface.id))
      error(at, fmt::format("the surface variable id {} is not declared", l.surface.id), "docs/spec/intel.md §10.3");
    if (base) check_base_register(at);
    if (l.scale == 0 || (l.scale & (l.scale - 1)))
      error(at, fmt::format("{}: the address scale {} is not a power of two", mnemonic_, l.scale), lsc_validation_rule);
    if (l.addr_size == LscAddrSize::a16 && (l.offset > 0x7FFF || l.offset < -0x7FFF))
      error(at, fmt::format("{}: an :a16 address's offset {} is past ±0x7fff", mnemonic_, l.offset),
            lsc_validation_rule);
  }

  // flat(B)[…]'s B is one 64-bit address, an element of a q or uq variable of the program's own
  // (execution reads its 8 bytes: docs/spec/intel.md §9).
  void check_base_register(const SourceLocation& at) {
    const LscSurface& b = inst_->lsc.surface;
    const GeneralVariable* v = decls_ ? decls_->general(b.id) : nullptr;
    if (!v) return;
    if (v->type != DataType::Q && v->type != DataType::UQ) {
      error(at,
            fmt::format("{}: the base register {} is of type {}; a flat address's base is one 64-bit address "
                        "(type q or uq)",
                        mnemonic_, v->name, info(v->type).text),
            "docs/spec/intel.md §9");
      return;
    }
    const uint32_t at_byte = uint32_t{b.row} * grf_bytes(platform_) + uint32_t{b.col} * 8u;
    if (at_byte + 8 > v->bytes())
      error(at,
            fmt::format("{}: the base register {}({},{}) is past {}'s {} bytes", mnemonic_, v->name, b.row, b.col,
                        v->name, v->bytes()),
            "docs/spec/intel.md §9");
    if (const PredefinedVariable* predefined = find_predefined_variable(decls_->storage(b.id).root_id))
      error(at,
            fmt::format("{}: the base register {} lies in IGC's predefined variable {}, which gpuatom does not model",
                        mnemonic_, v->name, predefined->name),
            "docs/spec/intel.md §2.2");
  }

  void check_op_and_width() {
    const Instruction& inst = *inst_;
    if (auto why = illegal_reason(inst.form, inst.op, inst.width)) {
      // illegal_reason already names its rule.
      diagnostics_.error(inst.where.width, *why);
      return;
    }
    check_platform();
    if (inst.form == Form::typed && op_->is_float)
      warning(inst.where.op,
              fmt::format("{} is accepted as the page lists it, but IGC does not lower typed float atomics (its "
                          "typed-atomic message is integer only); operands are read as {} bit patterns",
                          mnemonic_, inst.width == Width::w16 ? "HF" : "F32"),
              "docs/spec/intel.md §3.3");
  }

  // What the platform lacks of what the instruction needs (platform.hpp's features).
  void check_platform() {
    const Instruction& inst = *inst_;
    const std::string_view profile = name(platform_);
    if (is_lsc(inst.form)) {
      const Feature needed = inst.form == Form::lsc_typed ? Feature::lsc_typed : Feature::lsc;
      if (!has(platform_, needed))
        error(inst.where.op,
              fmt::format("{}: the {} profile has no {} atomics (IGC: {})", mnemonic_, profile,
                          needed == Feature::lsc_typed ? "typed LSC" : "LSC", availability(needed)),
              "docs/intel-igc.md §4.6");
      return;
    }
    if (!has(platform_, Feature::legacy_dataport)) {
      error(inst.where.op,
            fmt::format("{}: the {} profile has no legacy data-port atomics (svm_atomic, dword_atomic and typed_atomic "
                        "are {} to {}; IGA 2.40 knows no DC0-DC2 message on {}): write {}",
                        mnemonic_, profile, igc_name(all_platforms().front()), igc_name(last_with_dataport()),
                        igc_name(platform_), lsc_spelling()),
            "docs/spec/intel.md §9");
      return;
    }
    if (inst.width == Width::w16 && !has(platform_, Feature::atomics_16bit))
      error(
          inst.where.width,
          fmt::format("{}: 16-bit atomics are TGLLP+ ({}); the {} profile has none{}", mnemonic_,
                      igc_name(*first_platform_with(Feature::atomics_16bit)), profile,
                      inst.form == Form::typed ? ""
                                               : " (IGC 1.0.12504 writes them for skl and icllp, but lowers them to a "
                                                 "half-word message that Intel's assembler IGA cannot name)"),
          "docs/spec/intel.md §5.1, §9; docs/intel-igc.md §6");
    if (inst.form == Form::svm && inst.width == Width::w64 && !has(platform_, Feature::svm_64bit))
      error(inst.where.width, fmt::format("{}: the {} profile has no 64-bit SVM atomics", mnemonic_, profile),
            "docs/spec/intel.md §5.2, §9");
    const bool float64 = op_->is_float && inst.width == Width::w64;
    const Feature float_feature = float64 ? Feature::float_64 : Feature::float_add;
    if ((float64 || is_float_add(inst.op)) && !has(platform_, float_feature))
      warning(inst.where.op,
              fmt::format("{}: IGC 1.0.12504 writes it for every platform, but its own front end reports {} {} "
                          "(Platform.hpp {}); the {} profile executes it as on {}",
                          mnemonic_, float64 ? "64-bit float atomics" : "float-add atomics",
                          availability(float_feature), float64 ? "hasFP64GlobalAtomicAdd" : "hasFP32GlobalAtomicAdd",
                          profile, igc_name(*first_platform_with(float_feature))),
              "docs/intel-igc.md §2.5");
    if (inst.op == AtomicOp::PREDEC && !has(platform_, Feature::predec))
      error(inst.where.op,
            fmt::format("{}: the {} profile has no PREDEC (IGC reports none {})", mnemonic_, profile,
                        from_on(*first_platform_without(Feature::predec))),
            "docs/spec/intel.md §3.1, §9");
  }

  static Platform last_with_dataport() {
    Platform last = all_platforms().front();
    for (const Platform p : all_platforms())
      if (has(p, Feature::legacy_dataport)) last = p;
    return last;
  }

  // The LSC atomic that does what a legacy one does: the sub-op of the same arithmetic and
  // sources, the shape of its width and the address of its form ("lsc_atomic_iadd.ugm with
  // flat[A]:a64 and d32").
  std::string lsc_spelling() const {
    const Instruction& inst = *inst_;
    std::string_view op = "?";
    for (const LscOpInfo& l : lsc_op_table())
      if (l.like == inst.op && (l.extra_operands > 0) == (op_->src0 != Role::null)) {
        op = l.name;
        break;
      }
    const std::string_view shape = inst.width == Width::w16 ? "d16u32" : inst.width == Width::w64 ? "d64" : "d32";
    std::string_view sfid = "ugm", address = "flat[<address>]:a64";
    if (inst.form == Form::dword && inst.surface == 0) {
      sfid = "slm";
      address = "flat[<offset>]:a32";
    } else if (inst.form == Form::dword) {
      address = "bti(<surface>)[<offset>]:a32";
    } else if (inst.form == Form::typed) {
      sfid = "tgm";
      address = "bti(<surface>)[<u>, <v>, <r>, <lod>]:a32";
    }
    return fmt::format("lsc_atomic_{}.{} with {} and the shape {}", op, sfid, address, shape);
  }

  void check_exec_size() {
    const Instruction& inst = *inst_;
    const unsigned n = inst.exec.channels;
    bool legal = false;
    for (uint8_t s : form_->page_exec_sizes) legal |= s == n;
    const bool with16 = has(platform_, Feature::exec_size_16);
    legal |= n == 16 && with16;
    if (!legal) {
      std::string why =
          fmt::format("{} takes exec size {}", form_->mnemonic, join_sizes(form_->page_exec_sizes, with16));
      if (n == 16)
        why += fmt::format(" (16 only with the {} profile)", platforms_with(Feature::exec_size_16, ", ", " or "));
      error(inst.where.exec_size, fmt::format("exec size {} is not legal: {}", n, why), "docs/spec/intel.md §6.2");
      return;
    }
    const MaskInfo& mask = mask_info(inst.exec.mask);
    if (mask.channel_offset % n != 0) {
      if ((mask.code & 1) && n > 4)
        error(inst.where.mask,
              fmt::format("mask {} (channel offset {}) needs nibble control, which only exec sizes up to 4 have; "
                          "with exec size {} use {}",
                          mask.name, mask.channel_offset, n,
                          n == 8 ? "M1, M3, M5 or M7 (or their _NM forms)" : "M1 or M5 (or their _NM forms)"),
              "docs/spec/intel.md §6.2");
      else
        error(inst.where.mask,
              fmt::format("mask {} (channel offset {}) is not a multiple of exec size {}", mask.name,
                          mask.channel_offset, n),
              "docs/spec/intel.md §6.2");
    } else if (mask.channel_offset + n > 32) {
      error(inst.where.mask,
            fmt::format("mask {} (channel offset {}) with exec size {} reaches past channel 31", mask.name,
                        mask.channel_offset, n),
            "docs/spec/intel.md §6.2");
    }
  }

  void check_predicate() {
    const Instruction& inst = *inst_;
    if (!inst.predicate.present() || !decls_) return;
    const PredicateVariable* p = decls_->predicate(inst.predicate.id);
    if (!p) {
      error(inst.where.predicate, fmt::format("predicate id {} is not declared", inst.predicate.id),
            "docs/spec/intel.md §10.3");
      return;
    }
    const unsigned first = inst.exec.channel_offset();
    const unsigned last = first + inst.exec.channels - 1;
    if (last >= p->num_elts)
      error(inst.where.predicate,
            fmt::format("predicate {} has {} bit{}, but {} channels with mask {} read bits {}-{}", p->name, p->num_elts,
                        p->num_elts == 1 ? "" : "s", inst.exec.channels, mask_info(inst.exec.mask).name, first, last),
            "docs/spec/intel.md §6.2");
  }

  void check_roles() {
    const Instruction& inst = *inst_;
    const auto role = [&](OperandSlot slot, Role r) {
      const bool is_null = inst.operand(slot).is_null();
      const std::string_view name = slot_name(slot);
      if (r == Role::null && !is_null)
        error(inst.location(slot),
              slot == OperandSlot::src0
                  ? fmt::format("Src0 must be %null.0 for {}: INC, DEC and PREDEC take no Src0", op_->name)
                  : fmt::format("Src1 must be %null.0 for {}: only CMPXCHG and FCMPWR use Src1", op_->name),
              "docs/spec/intel.md §3.2");
      if (r != Role::null && is_null)
        error(inst.location(slot),
              fmt::format("{} is missing: {} reads {} as its {}", name, op_->name, name,
                          r == Role::comparand   ? "comparand"
                          : r == Role::new_value ? "new value"
                                                 : "operand"),
              "docs/spec/intel.md §3.2");
    };
    role(OperandSlot::src0, op_->src0);
    role(OperandSlot::src1, op_->src1);
    if (inst.form == Form::typed && inst.operand(OperandSlot::u).is_null())
      error(inst.location(OperandSlot::u), "U is missing: every surface type takes the X pixel address in U",
            "docs/spec/intel.md §8");
    if (inst.form == Form::dword && inst.operand(OperandSlot::offsets).is_null())
      error(inst.location(OperandSlot::offsets), "Offsets is missing: dword_atomic reads one byte offset per channel",
            "docs/intel-igc.md §3");
    if (inst.form == Form::svm && inst.operand(OperandSlot::addresses).is_null())
      error(inst.location(OperandSlot::addresses),
            "Addresses is missing: svm_atomic reads one byte address per channel", "docs/spec/intel.md §3.2");
  }

  // DWORD_ATOMIC addresses a buffer: shared local memory, the stateless surface or a declared one
  // (IGC's verifier asks only that the surface be declared; docs/intel-igc.md §3.3).
  void check_dword_surface() {
    const Instruction& inst = *inst_;
    if (inst.surface == 0 || inst.surface == 5) return;
    if (inst.surface < first_declared_surface) {
      error(inst.where.surface,
            fmt::format("DWORD_ATOMIC cannot use surface {} (index {}): it is {}", print_surface(inst.surface, decls_),
                        inst.surface, inst.surface == 4 ? "bindless, which gpuatom does not model" : "reserved"),
            "docs/spec/intel.md §2.7");
      return;
    }
    if (decls_ && !decls_->surface(inst.surface))
      error(inst.where.surface, fmt::format("surface index {} is not declared", inst.surface),
            "docs/spec/intel.md §10.3");
  }

  void check_surface() {
    const Instruction& inst = *inst_;
    const std::string name = print_surface(inst.surface, decls_);
    if (inst.surface < first_declared_surface) {
      const PredefinedSurface& s = predefined_surfaces()[inst.surface];
      const std::string_view why = inst.surface == 0 || inst.surface == 5 ? "a buffer, not a typed surface"
                                   : inst.surface == 4                    ? "bindless, which gpuatom does not model"
                                                                          : "reserved";
      error(inst.where.surface,
            fmt::format("TYPED_ATOMIC cannot use surface {} (index {}, {}): it is {}", name, inst.surface, s.meaning,
                        why),
            "docs/spec/intel.md §2.7");
      return;
    }
    std::optional<SurfaceType> type;
    if (decls_) {
      const SurfaceVariable* s = decls_->surface(inst.surface);
      if (!s) {
        error(inst.where.surface, fmt::format("surface index {} is not declared", inst.surface),
              "docs/spec/intel.md §10.3");
        return;
      }
      type = s->type;
      const unsigned accessed = inst.width == Width::w16 ? 2 : 4;
      if (s->element_bytes && *s->element_bytes != accessed)
        error(inst.where.surface,
              fmt::format("surface {} holds {}-byte elements, but {} accesses {}-byte elements", name,
                          *s->element_bytes, mnemonic_, accessed),
              "docs/spec/intel.md §8");
    }
    const bool has_v = !inst.operand(OperandSlot::v).is_null();
    const bool has_r = !inst.operand(OperandSlot::r).is_null();
    if (!type) {
      if (noted_surfaces_.insert(inst.surface).second)
        diagnostics_.note(inst.where.surface,
                          fmt::format("surface {} has no bound surface type (1d, 1d_array, 2d, 2d_array, 3d); V and R "
                                      "are checked for consistency only",
                                      name),
                          "docs/spec/intel.md §8");
      if (has_r && !has_v)
        error(inst.location(OperandSlot::r), "R is given but V is null: no surface type takes R without V",
              "docs/spec/intel.md §8");
      return;
    }
    const SurfaceTypeInfo& t = info(*type);
    const auto coordinate = [&](OperandSlot slot, bool uses, bool given, std::string_view meaning) {
      if (uses && !given)
        error(inst.location(slot),
              fmt::format("{} is missing: surface {} is {}, whose {} is in {}", slot_name(slot), name, t.name, meaning,
                          slot_name(slot)),
              "docs/spec/intel.md §8");
      if (!uses && given)
        error(inst.location(slot),
              fmt::format("{} must be %null.0: surface {} is {}, which has no {} coordinate", slot_name(slot), name,
                          t.name, slot_name(slot)),
              "docs/spec/intel.md §8");
    };
    const bool arrayed_v = *type == SurfaceType::d1_array;
    const bool arrayed_r = *type == SurfaceType::d2_array;
    coordinate(OperandSlot::v, t.uses_v, has_v, arrayed_v ? "array index" : "Y pixel address");
    coordinate(OperandSlot::r, t.uses_r, has_r, arrayed_r ? "array index" : "Z pixel address");
  }

  // An operand as the instruction's own text names it: LSC calls its sources src1 and src2.
  std::string_view operand_name(OperandSlot slot) const {
    if (!is_lsc(inst_->form)) return slot_name(slot);
    switch (slot) {
      case OperandSlot::dst: return "dst";
      case OperandSlot::addresses: return "address";
      case OperandSlot::src0: return "src1";
      case OperandSlot::src1: return "src2";
      default: return slot_name(slot);
    }
  }

  void check_operand(OperandSlot slot) {
    const Instruction& inst = *inst_;
    const RawOperand& operand = inst.operand(slot);
    const SourceLocation& where = inst.location(slot);
    if (operand.is_null()) {
      if (operand.offset != 0)
        error(where, fmt::format("the null operand takes offset 0 (%null.0), not {}", operand.offset),
              "docs/spec/intel.md §10.2");
      return;
    }
    if (operand.id < first_user_variable_id) {
      error(where,
            fmt::format("{} is V{}, one of IGC's predefined variables (ids 1-31), which are not valid atomic operands",
                        operand_name(slot), operand.id),
            "docs/spec/intel.md §2.2");
      return;
    }
    if (!decls_) return;
    const GeneralVariable* v = decls_->general(operand.id);
    if (!v) {
      error(where, fmt::format("{} names variable id {}, which is not declared", operand_name(slot), operand.id),
            "docs/spec/intel.md §10.3");
      return;
    }
    const TypeRule rule = is_lsc(inst.form) ? lsc_type_rule(slot) : type_rule(inst.form, inst.op, inst.width, slot);
    check_type(slot, *v, rule);
    const uint32_t end = operand.offset + uint32_t{inst.exec.channels} * rule.element_bytes;
    if (end > v->bytes())
      error(where,
            fmt::format("{} {} reads bytes {}-{} ({} channels of {} bytes), but {} has {} bytes", operand_name(slot),
                        print_operand(operand, decls_), operand.offset, end - 1, inst.exec.channels, rule.element_bytes,
                        v->name, v->bytes()),
            "docs/spec/intel.md §3.4");
    const DeclarationTable::Storage storage = decls_->storage(operand.id);
    if (const PredefinedVariable* predefined = find_predefined_variable(storage.root_id)) {
      error(where,
            fmt::format("{} {} lies in IGC's predefined variable {}, which gpuatom does not model as an atomic's "
                        "operand",
                        operand_name(slot), print_operand(operand, decls_), predefined->name),
            "docs/spec/intel.md §2.2");
      return;
    }
    const uint32_t grf = grf_bytes(platform_);
    if ((storage.offset + operand.offset) % grf != 0)
      error(where,
            fmt::format("{} {} is not GRF-aligned: byte {} of its storage is not a multiple of {} ({} GRF)",
                        operand_name(slot), print_operand(operand, decls_), storage.offset + operand.offset, grf,
                        name(platform_)),
            "docs/spec/intel.md §3.4");
    const GeneralVariable* root = decls_->general(storage.root_id);
    if (root && root->align.given() && root->align.resolve(grf) < grf && noted_alignment_.insert(root->id).second)
      warning(root->where,
              fmt::format("{} is declared align={} ({} bytes), but raw operands must be GRF-aligned ({} bytes on {})",
                          root->name, alignment_text(root->align), root->align.resolve(grf), grf, name(platform_)),
              "docs/spec/intel.md §3.4");
  }

  void check_type(OperandSlot slot, const GeneralVariable& v, const TypeRule& rule) {
    if (rule.accepts(v.type)) return;
    std::string expected(info(rule.accepted[0]).name);
    if (rule.accepted_count > 1) expected += fmt::format(" or {}", info(rule.accepted[1]).name);
    const DataTypeInfo& actual = info(v.type);
    const std::string_view rule_ref = inst_->width == Width::w64   ? "docs/spec/intel.md §3.4, §5.2"
                                      : inst_->width == Width::w16 ? "docs/spec/intel.md §3.4, §5.1"
                                                                   : "docs/spec/intel.md §3.4";
    if (actual.bytes != rule.element_bytes) {
      error(inst_->location(slot),
            fmt::format("{} of {} must have type {} ({}-byte elements); {} has type {} ({} byte{})", operand_name(slot),
                        mnemonic_, expected, rule.element_bytes, v.name, actual.name, actual.bytes,
                        actual.bytes == 1 ? "" : "s"),
            std::string(rule_ref));
      return;
    }
    const DataTypeInfo& want = info(rule.accepted[0]);
    // IGC types the variables of its SVM and DWORD atomics without regard to the op's signedness
    // (D Src0 for an unsigned min, UD Dst for minsint): the op decides, so only TYPED, whose
    // operand types are the page's alone, warns about signedness (docs/oracles.md, "IGC").
    if (want.is_float == actual.is_float && inst_->form != Form::typed) return;
    const std::string_view difference = want.is_float != actual.is_float ? "integer vs float" : "signedness differs";
    warning(inst_->location(slot),
            fmt::format("{} of {} should have type {}; {} has type {} ({})", operand_name(slot), mnemonic_, expected,
                        v.name, actual.name, difference),
            std::string(rule_ref));
  }

  void error(const SourceLocation& where, std::string message, std::string_view rule) {
    diagnostics_.error(where, std::move(message), std::string(rule));
  }
  void warning(const SourceLocation& where, std::string message, std::string_view rule) {
    diagnostics_.warning(where, std::move(message), std::string(rule));
  }

  const DeclarationTable* decls_;
  Platform platform_;
  support::Diagnostics& diagnostics_;
  const Instruction* inst_ = nullptr;
  const FormInfo* form_ = nullptr;
  const AtomicOpInfo* op_ = nullptr;
  std::string mnemonic_;
  std::set<uint32_t> noted_surfaces_;
  std::set<uint32_t> noted_alignment_;
};

}  // namespace

void validate(std::span<const Instruction> instructions, const DeclarationTable* declarations,
              const ValidationOptions& options, support::Diagnostics& diagnostics) {
  Validator validator(declarations, options, diagnostics);
  for (const Instruction& inst : instructions) validator.check(inst);
}

void validate_platform(const Instruction& instruction, Platform platform, support::Diagnostics& diagnostics) {
  Validator(nullptr, {platform}, diagnostics).check_platform_only(instruction);
}

}  // namespace gpuatom::intel
