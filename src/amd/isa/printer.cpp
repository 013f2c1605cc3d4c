// print(): an Instruction as llvm-mc 19 prints it, driven by the row's syntax template
// (docs/spec/amd-isa.md §10). Rules from LLVM 19's AMDGPUInstPrinter: printOffset/printFlatOffset
// (offset omitted when 0; signed for global/scratch and all of GFX12), printSMEMOffset (hex),
// printCPol/printTH/printScope (the cache-policy words per family), printDMask, printDim, the
// named-bit flags.
#include <cstdio>
#include <string>

#include "gpuatom/amd/isa/text.hpp"
#include "registers.hpp"
#include "text_syntax.hpp"

namespace gpuatom::amd::isa {
namespace {

std::string hex(int64_t value) {
  char buffer[32];
  if (value < 0)
    std::snprintf(buffer, sizeof buffer, "-0x%llx", static_cast<unsigned long long>(-value));
  else
    std::snprintf(buffer, sizeof buffer, "0x%llx", static_cast<unsigned long long>(value));
  return buffer;
}

void print_th(std::string& out, int64_t th, int64_t scope) {
  if (th == 0) return;
  out += " th:TH_ATOMIC_";
  if (th & th_cascade) {
    // Below device scope llvm prints the raw number (docs/spec/amd-isa.md §3).
    if (scope >= 16)
      out += (th & th_nt) ? "CASCADE_NT" : "CASCADE_RT";
    else
      out += hex(th);
  } else if (th & th_nt) {
    out += (th & th_return) ? "NT_RETURN" : "NT";
  } else if (th & th_return) {
    out += "RETURN";
  } else {
    out += hex(th);
  }
}

void print_cpol(std::string& out, const Encoding& e, int64_t cpol, const Target& target) {
  if (has(target, Feature::gfx12)) {
    const int64_t scope = cpol & scope_mask;
    print_th(out, cpol & th_mask, scope);
    constexpr const char* scopes[] = {"", " scope:SCOPE_SE", " scope:SCOPE_DEV", " scope:SCOPE_SYS"};
    out += scopes[scope >> 3];
    return;
  }
  const bool gfx940 = has_gfx940_cache_bits(target);
  if (cpol & cpol_glc) out += (gfx940 && e.cls != InstClass::smrd) ? " sc0" : " glc";
  if (cpol & cpol_slc) out += gfx940 ? " nt" : " slc";
  if ((cpol & cpol_dlc) && !has(target, Feature::gfx9)) out += " dlc";
  if ((cpol & cpol_scc) && has(target, Feature::gfx90a_insts)) out += gfx940 ? " sc1" : " scc";
  if (cpol & ~(cpol_glc | cpol_slc | cpol_dlc | cpol_scc)) out += " /* unexpected cache policy bit */";
}

// A scalar operand as LLVM's printer writes it. A code that names no register of the operand's
// width (a 128-bit resource at xnack_mask, lds_direct as an soffset) prints as the register
// there with LLVM's comment, as llvm-mc's disassembler does.
std::string scalar_text(int64_t code, const OperandSlot& slot, const Target& target) {
  const std::string register_class = slot.operand_class.starts_with("SReg_")
                                         ? std::string(slot.operand_class)
                                         : "SReg_" + std::to_string(32 * slot.dwords);
  const std::string invalid = "/*Invalid register, operand has '" + register_class + "' register class*/";
  if (code == 254) return "src_lds_direct" + invalid;
  const bool is_exec = code == exec_code || code == exec_code + 1;
  if ((slot.operand_class.find("XEXEC") != std::string_view::npos && is_exec) ||
      (slot.operand_class.find("XM0") != std::string_view::npos && code == m0_code(target) && slot.dwords == 1))
    return register_name(code, slot.dwords, target) + invalid;
  const bool tuple = slot.dwords > 1;
  // LLVM's SGPR file holds s0–s105 on every generation; tuples reaching past GFX9's s101 still
  // print as SGPRs. null has every width.
  if (code == null_code(target)) return "null";
  const bool sgpr_tuple = slot.dwords > 2 && code >= 0 && code <= last_sgpr(target) && code + slot.dwords - 1 <= 105;
  if (is_vgpr_code(code) || is_agpr_code(code)) return register_name(code, slot.dwords, target) + invalid;
  if (slot.kind == OperandKind::sgpr && ((code >= 128 && code <= 208) || (code >= 240 && code <= 248)))
    return register_name(code, 1, target) + "/*Invalid immediate*/";
  if (code >= 235 && code <= 253) return register_name(code, 1, target);
  const bool ttmp_tuple = code >= ttmp_base && code + slot.dwords - 1 < ttmp_base + 16;
  if (sgpr_tuple) return "s[" + std::to_string(code) + ":" + std::to_string(code + slot.dwords - 1) + "]";
  if (!tuple || ttmp_tuple || slot.dwords == 2) return register_name(code, slot.dwords, target);
  std::string name = register_name(code, 2, target);
  if (name.starts_with("<")) name = register_name(code, 1, target);
  return name + invalid;
}

void print_operand(std::string& out, const Instruction& inst, const OperandSlot& slot, int64_t value,
                   const Target& target) {
  const Encoding& e = *inst.encoding;
  switch (slot.kind) {
    case OperandKind::vgpr:
    case OperandKind::vgpr_or_agpr: out += register_name(value, slot.dwords, target); return;
    case OperandKind::sgpr:
    case OperandKind::sgpr_or_inline: out += scalar_text(value, slot, target); return;
    case OperandKind::offset:
      if (slot.operand_class == "SMEMOffset") {
        out += hex(value);
      } else if (slot.operand_class == "SMEMOffsetMod") {
        out += " offset:" + hex(value);
      } else if (value != 0) {
        const OffsetRange r = offset_range(e, slot, target);
        // Signed classes sign-extend their field width (SignExtend32 in printOffset/printFlatOffset),
        // unsigned ones print the low 16 bits (printU16ImmDecOperand).
        if (r.is_signed) {
          const int64_t field = value & ((int64_t{1} << r.bits) - 1);
          out += " offset:" +
                 std::to_string(field >= (int64_t{1} << (r.bits - 1)) ? field - (int64_t{1} << r.bits) : field);
        } else {
          out += " offset:" + std::to_string(value & 0xffff);
        }
      }
      return;
    case OperandKind::cpol: print_cpol(out, e, value, target); return;
    case OperandKind::gds:
      if (value) out += " gds";
      return;
    case OperandKind::dmask:
      if (value) out += " dmask:" + hex(value);
      return;
    case OperandKind::dim:
      if (!has(target, Feature::gfx9)) out += " dim:SQ_RSRC_IMG_" + std::string(dim_name(value));
      return;
    case OperandKind::flag:
      if (!value) return;
      out += ' ';
      if (slot.operand_class == "R128A16")
        out += r128_flag_name(target);
      else if (slot.operand_class == "A16")
        out += "a16";
      else if (slot.operand_class == "TFE")
        out += "tfe";
      else if (slot.operand_class == "UNorm")
        out += "unorm";
      else if (slot.operand_class == "LWE")
        out += "lwe";
      else
        out += "da";
      return;
  }
}

}  // namespace

std::string print(const Instruction& instruction, const Target& target) {
  const Encoding* e = instruction.encoding;
  if (!e) return "<no instruction>";
  std::string out(e->mnemonic);
  for (const SyntaxPiece& piece : syntax_pieces(e->syntax)) {
    if (!piece.operand) {
      out += piece.text;
      continue;
    }
    for (size_t i = 0; i < e->operands.size(); ++i) {
      if (e->operands[i].name != piece.text) continue;
      print_operand(out, instruction, e->operands[i], i < instruction.values.size() ? instruction.values[i] : 0,
                    target);
      break;
    }
  }
  return out;
}

}  // namespace gpuatom::amd::isa
