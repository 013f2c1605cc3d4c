// `gpuatom amd lower`: what clang-19 makes of one HIP atomic on one gfx target — the instruction
// with its cache-policy modifiers, or a CAS loop — with LLVM's reason, and AMD's tables' outcome
// for the same atomic beside it (docs/spec/amd-isa.md §8).
//
//   gpuatom amd lower --target gfx942 --op add --type f32 --scope agent --memory global
//   gpuatom amd lower --target MI250X --op max --type f64 --unsafe-fp-atomics --unused --json
//   gpuatom amd lower --target gfx1100 --all
#include <fmt/format.h>

#include "amd_arguments.hpp"
#include "gpuatom/report/amd_lowering_report.hpp"

namespace gpuatom::cli {

void add_amd_lower_command(CLI::App& amd_command, Action& run) {
  auto args = std::make_shared<report::LoweringRequest>();
  CLI::App* cmd = amd_command.add_subcommand(
      "lower",
      "What clang-19 makes of one HIP atomic on one gfx target, beside AMD's tables (docs/spec/amd-isa.md §8)");
  cmd->footer(
      "The lowering follows LLVM 19's rules (checked against the clang-19 corpus data/amd-lowering/clang-19.tsv);\n"
      "the matrix cell is `gpuatom amd outcome` for the target's device, HW atomics, coarse-grained unless\n"
      "--fine-grained, System scope for --scope system and Device for narrower scopes.\n"
      "Examples:\n"
      "  gpuatom amd lower --target gfx942 --op add --type f32 --scope system\n"
      "  gpuatom amd lower --target gfx90a --op add --type f32 --unsafe-fp-atomics --unused\n"
      "  gpuatom amd lower --target gfx1200 --all --memory flat");
  cmd->add_option("--target", args->target,
                  "gfx908, gfx90a, gfx942, gfx1030, gfx1100, gfx1200, or a product or "
                  "column name (MI300X, MI250X, gfx11 dGPU …)")
      ->required();
  cmd->add_option("--op", args->op,
                  "add | sub | and | or | xor | min | max | exchange | cas | inc | dec "
                  "(left out: every op, as --all)");
  cmd->add_option("--type", args->type,
                  "i32 | u32 | i64 | u64 | f32 | f64 | f16x2 | bf16x2 (the packed types: add "
                  "only, through the target builtins)");
  cmd->add_option("--scope", args->scope, "system | agent | workgroup | wavefront | singlethread (default agent)");
  cmd->add_option("--memory", args->memory, "the pointer: global | flat | lds (default global)");
  cmd->add_flag("--unsafe-fp-atomics", args->unsafe_fp_atomics, "compile with -munsafe-fp-atomics");
  cmd->add_flag("--flush-denormals", args->flush_denormals, "compile with -fgpu-flush-denormals-to-zero");
  cmd->add_flag("--fine-grained", args->fine_grained, "the memory is fine-grained (the matrix's Fine-grained)");
  cmd->add_flag("--returned", args->returned, "the pre-op value is used (default)");
  cmd->add_flag("--unused", args->unused, "the pre-op value is not used");
  cmd->add_flag("--all", args->all, "every op and type for the target, as a table");
  cmd->add_option("--device", args->device,
                  "the matrix's column when the target has two (gfx90a: MI200 PCIe or "
                  "MI200 A+A; gfx942: MI300X or MI300A); default the first");
  cmd->add_option("--location", args->location, "the matrix's memory: device | migratable | pinned (default device)");
  cmd->add_flag("--json", args->json, "one JSON object (an array with --all)");
  cmd->callback([&run, args] {
    run = [args] {
      fmt::print("{}", report::amd_lowering_report(*args));
      return exit_ok;
    };
  });
}

}  // namespace gpuatom::cli
