// `gpuatom alu VENDOR OP --old X …`: one atomic computed by the ALU, spelled as each vendor spells it.
//
//   gpuatom alu nvidia ADD.F32.FTZ.RN --old 0x00000001 --src 0x3f800000
//   gpuatom alu nvidia CAS.64 --old 0x5 --src 0x5 --swap 0x9
//   gpuatom alu intel cmpxchg --old 0x7 --src0 0x1 --src1 0x7
//   gpuatom alu amd "32 bit atomicInc" --old 0x11 --operand 0x11
//
// Each vendor's path lives in alu_<vendor>.cpp; the shared result and printing in alu_result.hpp.
#include <fmt/format.h>

#include <memory>

#include "alu_result.hpp"
#include "amd_arguments.hpp"
#include "command.hpp"
#include "gpuatom/intel/platform.hpp"
#include "gpuatom/nvidia/architecture.hpp"

namespace gpuatom::cli {

void add_alu_command(CLI::App& app, Action& run) {
  auto args = std::make_shared<AluArgs>();
  CLI::App* cmd =
      app.add_subcommand("alu", "Compute one atomic operation bit-exactly: new memory value and returned value");
  cmd->footer(
      "Examples:\n"
      "  gpuatom alu nvidia ATOM.E.ADD.F32.FTZ.RN --arch sm_90 --old 1e-40 --src 1.0\n"
      "  gpuatom alu nvidia ADD.F32.FTZ.RN --old 0x00000001 --src 0x3f800000\n"
      "  gpuatom alu nvidia CAS.64 --old 0x5 --src 0x5 --swap 0x9\n"
      "  gpuatom alu intel cmpxchg --old 0x7 --src0 0x1 --src1 0x7\n"
      "  gpuatom alu intel svm_atomic.fadd --platform pvc --old 1.5 --src0 2.25\n"
      "  gpuatom alu intel lsc_atomic_fadd.ugm --old 1.0 --src0 0.5\n"
      "  gpuatom alu amd \"32 bit atomicInc\" --old 0x11 --operand 0x11\n"
      "  gpuatom alu amd global_atomic_add_f32 --target gfx942 --old 1e-40 --operand 0\n"
      "  gpuatom alu nvidia --list --inst SUATOM");
  cmd->add_option("vendor", args->vendor, "nvidia, intel or amd")
      ->required()
      ->check(CLI::IsMember({"nvidia", "intel", "amd"}));
  cmd->add_option(
      "op", args->op,
      "NVIDIA: the instruction as SASS spells it (ATOM.E.ADD.F32.FTZ.RN, ATOMS.CAS.64, RED.E.ADD.F16x2.RN) "
      "or OP[.SIZE]; Intel: svm_atomic.OP, typed_atomic.OP, lsc_atomic_OP or OP[.16|.64] (cmpxchg, add.64); "
      "AMD: the row label (\"64 bit atomicCAS\"), or with --target an instruction as llvm-mc prints "
      "it (global_atomic_add_f32, ds_cmpst_rtn_b32)");
  cmd->add_option("--old", args->old_value,
                  "memory value before the atomic: bits (0x3fc00000, 42, -1 for signed "
                  "types) or a float of the op's type (1.5, -0, -0x1p-149, inf, nan, "
                  "nan(0x1), snan(0x1), bf16x2(1.0, -2.0)); a typed f16(…), bf16(…), f32(…), "
                  "f64(…) of another format is converted exactly or refused, and on an "
                  "integer op gives its bits at the operand's width; the same for every "
                  "operand");
  cmd->add_option("--src", args->src, "NVIDIA: the Rb operand (for CAS: the compare value)");
  cmd->add_option("--swap", args->swap, "NVIDIA CAS: the Rc swap value");
  cmd->add_option("--src0", args->src0, "Intel: Src0 (cmpxchg: new value; fcmpwr: comparand)");
  cmd->add_option("--src1", args->src1, "Intel: Src1 (cmpxchg: comparand; fcmpwr: new value)");
  cmd->add_option("--operand", args->operand,
                  "AMD: the row's value operand, or the instruction's data (a "
                  "compare-and-swap's new value)");
  cmd->add_option("--compare", args->compare, "AMD atomicCAS, cmpswap and cmpst: the compare value; mskor: the mask");
  cmd->add_option("--target", args->target,
                  "AMD instructions: the gfx target (gfx942, MI300X …) whose float rules apply");
  cmd->add_option("--lds-denormals", args->lds_denormals,
                  "AMD instructions on LDS: MODE's denormals kept (default) or flushed");
  cmd->add_option("--l2-add-f32", args->l2_add_f32,
                  "AMD instructions: L2 add_f32 subnormal inputs as the manuals say "
                  "(manuals, default: flushed) or as LLVM reads it (llvm)");
  cmd->add_option("--inf-minus-inf", args->inf_minus_inf,
                  "AMD instructions: the NaN of -inf + +inf, quiet (default) or negative");
  cmd->add_option("--inst", args->inst,
                  "NVIDIA instruction whose op x size table applies: ATOM (default), ATOMS, RED, "
                  "SUATOM, SURED, the sm_70+ ATOMG, REDG, or the sm_90+ REDAS (or spell it in the op: ATOMS.CAS.64)");
  cmd->add_option(
      "--arch", args->arch,
      fmt::format("NVIDIA: the architecture ({}): its spelling and the forms it has", nvidia::architecture_range()));
  cmd->add_option(
      "--platform", args->platform,
      fmt::format("Intel: the platform profile ({}) whose features the op needs", intel::platform_names(", ")));
  cmd->add_option("--data", args->data, "Intel LSC: the data size, d32 (default), d64 or d16c32");
  cmd->add_option("--nan", args->nan, "NVIDIA NaN results: canonical (default, ASSUMPTION) or propagate");
  cmd->add_flag("--f16x2-flush", args->f16x2_flush, "NVIDIA: flush F16x2 subnormals (default keeps them, ASSUMPTION)");
  cmd->add_flag("--safeadd-model", args->safeadd_model, "NVIDIA: execute SAFEADD as a 64-bit add (ASSUMPTION)");
  cmd->add_option("--form", args->form, "Intel: svm (default), typed or dword, whose width rules apply");
  cmd->add_flag("--unsigned", args->unsigned_min_max,
                "AMD: integer min/max use the unsigned overload (default signed)");
  cmd->add_option("--device", args->device,
                  "AMD: run it in one cell of AMD's tables, on this device (a column, product "
                  "or gfx target), with --memory, --granularity, --scope [--pcie] [--strategy]: "
                  "a NOP leaves memory alone, a NoReturn gives nothing back");
  add_cell_options(*cmd, args->cell, false, "AMD with --device: ");
  cmd->add_flag("--json", args->json,
                "print one object: memory, returned (hex; null: none), type, memory_value, "
                "returned_value (typed), why and notes (lists of lines)");
  cmd->add_flag("--list", args->list, "list every legal spelling for the vendor (and --inst / --form)");
  // The action is chosen only when this subcommand was the one parsed.
  cmd->callback([&run, args] {
    run = [args]() -> int {
      if (!args->list && args->op.empty()) throw BadInput("missing the operation (see `gpuatom alu --help`)");
      if (args->vendor == "nvidia") return run_alu_nvidia(*args);
      if (args->vendor == "intel") return run_alu_intel(*args);
      return run_alu_amd(*args);
    };
  });
}

}  // namespace gpuatom::cli
