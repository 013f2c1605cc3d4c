#include "gpuatom/intel/binary/decoder.hpp"

#include <fmt/format.h>

#include <array>

#include "gpuatom/intel/binary/lsc_fields.hpp"

namespace gpuatom::intel {

namespace {

// IGC's SVM sub-opcodes (§2.6), for naming the ones that are not ATOMIC.
std::string_view svm_sub_op_name(uint8_t code) {
  constexpr std::array<std::string_view, 8> names = {"",        "block_ld", "block_st",      "gather",
                                                     "scatter", "atomic",   "gather4scaled", "scatter4scaled"};
  return code < names.size() ? names[code] : "";
}

class Decoder {
 public:
  Decoder(std::span<const uint8_t> bytes, const std::string& file, const DecodeOptions& options,
          support::Diagnostics& d)
      : bytes_(bytes), file_(file), options_(options), diagnostics_(d) {
    for (const FormInfo& f : form_table()) {
      by_opcode_[f.opcode] = &f;
      size_[static_cast<size_t>(f.form)] = encoded_size(f.form, options_.ids);
      for (const LayoutItem& item : f.layout)
        if (item.field == ByteField::raw)
          raw_slots_[static_cast<size_t>(f.form)][static_cast<size_t>(item.slot)] = true;
    }
    for (unsigned code = 0; code < op_by_code_.size(); ++code) op_by_code_[code] = from_code(code);
    for (unsigned code = 0; code < channels_by_code_.size(); ++code)
      channels_by_code_[code] = channels_from_code(static_cast<uint8_t>(code));
    // The width depends on the Op byte's bits 7:5 only.
    for (size_t form = 0; form < width_by_bits_.size(); ++form)
      for (unsigned bits = 0; bits < 8; ++bits)
        width_by_bits_[form][bits] = width_from_op_byte(static_cast<Form>(form), static_cast<uint8_t>(bits << 5));
    for (size_t f = 0; f < codec_by_field_.size(); ++f)
      codec_by_field_[f] = find_lsc_field_codec(static_cast<ByteField>(f));
  }

  std::vector<Instruction> run() {
    std::vector<Instruction> out;
    out.reserve(bytes_.size() / encoded_size(Form::svm, options_.ids));  // the shorter form: an upper bound
    size_t pos = 0;
    while (pos < bytes_.size()) {
      const FormInfo* form = by_opcode_[bytes_[pos]];
      if (!form) {
        error(pos,
              fmt::format("opcode 0x{:02x} is none of TYPED_ATOMIC (0x73), SVM (0x4e), DWORD_ATOMIC (0x7d), "
                          "LSC_UNTYPED (0x89) and LSC_TYPED (0x8a)",
                          bytes_[pos]),
              "docs/spec/intel.md §2.5, §2.6; docs/intel-igc.md §4");
        break;
      }
      size_t size = size_[static_cast<size_t>(form->form)];
      // An LSC surface operand is 3 bytes longer as a register than as an immediate.
      if (is_lsc(form->form)) {
        const size_t tag = pos + lsc_surface_offset(form->form);
        if (tag < bytes_.size() && (bytes_[tag] & vector_operand_class_bits) == 0) size += 3;
      }
      if (bytes_.size() - pos < size) {
        error(pos,
              fmt::format("truncated {}: it takes {} bytes{}, {} remain", form->page_name, size,
                          options_.ids == IdWidth::two ? " with 2-byte ids" : "", bytes_.size() - pos),
              "docs/spec/intel.md §2.5, §2.6");
        break;
      }
      // Decoded in place; one with a bad field is dropped again.
      if (!decode_one(*form, pos, out.emplace_back())) out.pop_back();
      pos += size;
    }
    return out;
  }

 private:
  bool decode_one(const FormInfo& form, size_t start, Instruction& inst) {
    bool ok = true;
    inst.form = form.form;
    place(inst.where.start, start);
    // An operand the form has no raw field for is at the instruction's start; the others are
    // placed where their field is read.
    const std::array<bool, slot_count>& raw = raw_slots_[static_cast<size_t>(form.form)];
    for (size_t slot = 0; slot < slot_count; ++slot)
      if (!raw[slot]) place(inst.where.operands[slot], start);
    place(inst.where.predicate, start);
    place(inst.where.surface, start);
    size_t pos = start;
    for (const LayoutItem& item : form.layout) {
      switch (item.field) {
        case ByteField::opcode: pos += 1; break;
        case ByteField::sub_opcode: {
          const uint8_t sub = bytes_[pos];
          if (sub != form.sub_opcode) {
            const std::string_view name = svm_sub_op_name(sub);
            ok = false;
            error(pos,
                  name.empty()
                      ? fmt::format("SVM sub-opcode 0x{:02x} is not ATOMIC (0x05)", sub)
                      : fmt::format("SVM sub-opcode 0x{:02x} ({}) is not ATOMIC (0x05); gpuatom decodes atomics only",
                                    sub, name),
                  "docs/spec/intel.md §2.6");
          }
          pos += 1;
          break;
        }
        case ByteField::op:
          ok &= op_byte(form, pos, inst);
          pos += 1;
          break;
        case ByteField::exec_size:
          ok &= exec_byte(pos, inst);
          pos += 1;
          break;
        case ByteField::predicate:
          ok &= pred_word(pos, inst);
          pos += 2;
          break;
        case ByteField::surface:
          inst.surface = bytes_[pos];
          place(inst.where.surface, pos);
          pos += 1;
          break;
        case ByteField::raw: {
          RawOperand& operand = inst.operand(item.slot);
          place(inst.where.operands[static_cast<size_t>(item.slot)], pos);
          operand.id = read16(pos);
          pos += 2;
          if (options_.ids == IdWidth::four) {
            operand.id |= uint32_t{read16(pos)} << 16;
            pos += 2;
          }
          operand.offset = read16(pos);
          pos += 2;
          break;
        }
        default: ok &= lsc_field(item.field, pos, inst); break;
      }
    }
    if (form.form == Form::lsc_typed) inst.lsc.sfid = LscSfid::tgm;  // no SFID byte: always TGM
    // A flat (or arg) address has no surface: IGC writes the immediate 0 (LSC_CHECK_NULL_VECTOR_OPERAND),
    // but for a flat address's base register (Xe3P, lsc.hpp), which the validator judges by platform.
    const bool base = inst.lsc.addr_type == LscAddrType::flat && inst.lsc.surface.is_register;
    if (is_lsc(form.form) && ok && !base &&
        (inst.lsc.addr_type == LscAddrType::flat || inst.lsc.addr_type == LscAddrType::arg) &&
        (inst.lsc.surface.is_register || inst.lsc.surface.value != 0)) {
      ok = false;
      error(start + lsc_surface_offset(form.form),
            fmt::format("a {} address has no surface: the surface operand must be the immediate 0",
                        name(inst.lsc.addr_type)),
            "docs/intel-igc.md §4.2");
    }
    return ok;
  }

  bool op_byte(const FormInfo& form, size_t pos, Instruction& inst) {
    const uint8_t byte = bytes_[pos];
    place(inst.where.op, pos);
    place(inst.where.width, pos);
    bool ok = true;
    const unsigned code = byte & op_code_bits;
    if (const auto op = op_by_code_[code]) {
      inst.op = *op;
    } else {
      ok = false;
      error(pos,
            fmt::format("op code 0x{:02x} is {}", code, code == 0x0E || code == 0x0F ? "reserved" : "not an atomic op"),
            "docs/spec/intel.md §3.1");
    }
    if (const auto width = width_by_bits_[static_cast<size_t>(form.form)][byte >> 5]) {
      inst.width = *width;
    } else {
      ok = false;
      if (form.form == Form::typed)
        error(pos, fmt::format("Op byte 0x{:02x}: bits 7:6 must be 0", byte), "docs/spec/intel.md §2.5");
      else if (byte & 0x80)
        error(pos, fmt::format("Op byte 0x{:02x}: bit 7 must be 0", byte), "docs/spec/intel.md §2.6");
      else
        error(pos,
              fmt::format("Op byte 0x{:02x}: width bits 6:5 = 11 are invalid (00 32-bit, 01 16-bit, 10 64-bit)", byte),
              "docs/spec/intel.md §2.6");
    }
    return ok;
  }

  // One LSC field at `pos` (moved past it), read by its entry (lsc_fields.hpp); false, reported,
  // when its value is out of range.
  bool lsc_field(ByteField field, size_t& pos, Instruction& inst) {
    const LscFieldCodec* codec = codec_by_field_[static_cast<size_t>(field)];
    if (!codec) {
      pos += 1;
      return true;
    }
    if (codec->location) place(inst.where.*(codec->location), pos);
    lsc_errors_.clear();
    const size_t size = codec->read(bytes_.subspan(pos), inst, lsc_errors_);
    for (LscFieldError& e : lsc_errors_) error(pos + e.at, std::move(e.message), e.rule);
    pos += size;
    return lsc_errors_.empty();
  }

  bool exec_byte(size_t pos, Instruction& inst) {
    const uint8_t byte = bytes_[pos];
    place(inst.where.exec_size, pos);
    place(inst.where.mask, pos);
    inst.exec.mask = static_cast<uint8_t>(byte >> exec_mask_shift);
    if (byte & exec_size_reserved_bit) {
      error(pos, fmt::format("Exec_size byte 0x{:02x}: bit 3 must be 0", byte), "docs/spec/intel.md §2.3");
      return false;
    }
    const auto channels = channels_by_code_[byte & exec_size_code_bits];
    if (!channels) {
      error(pos,
            fmt::format("Exec_size byte 0x{:02x}: size code {} is not 0-5 (1-32 channels)", byte,
                        byte & exec_size_code_bits),
            "docs/spec/intel.md §2.3");
      return false;
    }
    inst.exec.channels = static_cast<uint8_t>(*channels);
    return true;
  }

  bool pred_word(size_t pos, Instruction& inst) {
    const uint16_t word = read16(pos);
    place(inst.where.predicate, pos);
    bool ok = true;
    if (word & pred_reserved_bit) {
      ok = false;
      error(pos, fmt::format("Pred word 0x{:04x}: bit 12 is reserved and must be 0", word), "docs/spec/intel.md §2.4");
    }
    const unsigned control = (word >> pred_control_shift) & 3;
    if (control == 3) {
      ok = false;
      error(pos, fmt::format("Pred word 0x{:04x}: control 11 is reserved (00 per channel, 01 .any, 10 .all)", word),
            "docs/spec/intel.md §2.4");
    }
    inst.predicate.id = word & pred_id_bits;
    inst.predicate.control = static_cast<PredicateControl>(control & 3);
    inst.predicate.invert = (word & pred_invert_bit) != 0;
    if (!inst.predicate.present() && (word & ~pred_id_bits & ~pred_reserved_bit)) {
      ok = false;
      error(pos, fmt::format("Pred word 0x{:04x}: control or invert bits set without a predicate id", word),
            "docs/spec/intel.md §2.4");
    }
    return ok;
  }

  uint16_t read16(size_t pos) const { return static_cast<uint16_t>(bytes_[pos] | (bytes_[pos + 1] << 8)); }

  support::SourceLocation at(size_t pos) const {
    support::SourceLocation where;
    place(where, pos);
    return where;
  }
  // The location of byte `pos`, written field by field into an instruction: building a temporary
  // and copying it makes the copy's wide loads wait for the temporary's narrow stores, which was
  // most of the decoding time. `where` is a default one (an instruction decoded in place, or a
  // message's), whose line and column are already the 0 of a byte offset.
  void place(support::SourceLocation& where, size_t pos) const {
    where.file = file_;
    where.byte_offset = options_.base_offset + pos;
  }

  void error(size_t pos, std::string message, std::string_view rule) {
    diagnostics_.error(at(pos), std::move(message), std::string(rule));
  }

  std::span<const uint8_t> bytes_;
  support::FileName file_;  // interned once: every location copies it
  const DecodeOptions& options_;
  support::Diagnostics& diagnostics_;
  std::array<const FormInfo*, 256> by_opcode_{};             // the form each opcode byte starts, or null
  std::array<size_t, 5> size_{};                             // encoded bytes per Form (LSC: with an immediate surface)
  std::array<std::array<bool, slot_count>, 5> raw_slots_{};  // per Form: the operand slots it has a raw field for
  std::vector<LscFieldError> lsc_errors_;                    // one field's, reused
  // The tables' answers per Op byte code and per field, looked up once per decode, not per
  // instruction.
  std::array<std::optional<AtomicOp>, op_code_bits + 1> op_by_code_{};
  std::array<std::optional<unsigned>, exec_size_code_bits + 1> channels_by_code_{};
  std::array<std::array<std::optional<Width>, 8>, 5> width_by_bits_{};  // per Form, by the Op byte's bits 7:5
  std::array<const LscFieldCodec*, static_cast<size_t>(ByteField::lsc_surface) + 1> codec_by_field_{};
};

}  // namespace

std::vector<Instruction> decode(std::span<const uint8_t> bytes, const std::string& file, const DecodeOptions& options,
                                support::Diagnostics& diagnostics) {
  return Decoder(bytes, file, options, diagnostics).run();
}

}  // namespace gpuatom::intel
