// print(): an Instruction as llvm-mc 19 prints it, driven by the row's syntax template
// (docs/spec/amd-isa.md §7). Rules from LLVM 19's AMDGPUInstPrinter: printOffset/printFlatOffset
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
  if (target.generation == Generation::gfx12) {
    const int64_t scope = cpol & scope_mask;
    print_th(out, cpol & th_mask, scope);
    constexpr const char* scopes[] = {"", " scope:SCOPE_SE", " scope:SCOPE_DEV", " scope:SCOPE_SYS"};
    out += scopes[scope >> 3];
    return;
  }
  const bool gfx940 = has_gfx940_cache_bits(target);
  if (cpol & cpol_glc) out += (gfx940 && e.cls != InstClass::smrd) ? " sc0" : " glc";
  if (cpol & cpol_slc) out += gfx940 ? " nt" : " slc";
  if ((cpol & cpol_dlc) && target.generation != Generation::gfx9) out += " dlc";
  if ((cpol & cpol_scc) && has(target, "gfx90a-insts")) out += gfx940 ? " sc1" : " scc";
  if (cpol & ~(cpol_glc | cpol_slc | cpol_dlc | cpol_scc)) out += " /* unexpected cache policy bit */";
}

void print_operand(std::string& out, const Instruction& inst, const OperandSlot& slot, int64_t value, const Target& target) {
  const Encoding& e = *inst.encoding;
  switch (slot.kind) {
    case OperandKind::vgpr:
    case OperandKind::vgpr_or_agpr:
    case OperandKind::sgpr:
    case OperandKind::sgpr_or_inline:
      out += register_name(value, slot.dwords, target);
      return;
    case OperandKind::offset:
      if (slot.operand_class == "SMEMOffset") {
        out += hex(value);
      } else if (slot.operand_class == "SMEMOffsetMod") {
        out += " offset:" + hex(value);
      } else if (value != 0) {
        const OffsetRange r = offset_range(e, slot, target);
        // Unsigned classes print the low 16 bits, as printU16ImmDecOperand does.
        out += " offset:" + std::to_string(r.is_signed ? value : (value & 0xffff));
      }
      return;
    case OperandKind::cpol:
      print_cpol(out, e, value, target);
      return;
    case OperandKind::gds:
      if (value) out += " gds";
      return;
    case OperandKind::dmask:
      if (value) out += " dmask:" + hex(value);
      return;
    case OperandKind::dim:
      if (target.generation != Generation::gfx9) out += " dim:SQ_RSRC_IMG_" + std::string(dim_name(value));
      return;
    case OperandKind::flag:
      if (!value) return;
      out += ' ';
      if (slot.operand_class == "R128A16") out += r128_flag_name(target);
      else if (slot.operand_class == "A16") out += "a16";
      else if (slot.operand_class == "TFE") out += "tfe";
      else if (slot.operand_class == "UNorm") out += "unorm";
      else if (slot.operand_class == "LWE") out += "lwe";
      else out += "da";
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
      print_operand(out, instruction, e->operands[i], i < instruction.values.size() ? instruction.values[i] : 0, target);
      break;
    }
  }
  return out;
}

}  // namespace gpuatom::amd::isa
