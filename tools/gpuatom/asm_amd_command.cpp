// `gpuatom asm amd FILE|- --target gfx942`: reads AMD assembly, checks it against the target and
// prints it as llvm-mc 19 does (docs/spec/amd-isa.md §2); `--encode` prints each instruction's
// bytes instead, as llvm-mc -show-encoding writes them.
//
//   gpuatom asm amd kernel.s --target gfx942
//   gpuatom asm amd kernel.s --target gfx1100 --encode > kernel.hex   # feeds `gpuatom disasm amd --file`
#include <fmt/format.h>

#include <memory>

#include "amd_isa_input.hpp"
#include "command.hpp"
#include "gpuatom/amd/isa/binary.hpp"
#include "gpuatom/amd/isa/program_text.hpp"
#include "json_lines.hpp"
#include "visa_input.hpp"

namespace gpuatom::cli {
namespace {

struct AmdAsmArgs {
  std::string file;
  AmdTargetOption target;
  bool encode = false;
  bool json = false;
  NothingReadRule nothing_read;
};

int run_amd_asm(const AmdAsmArgs& a) {
  const amd::isa::Target& target = *a.target.target();
  support::Diagnostics diagnostics;
  const amd::isa::Program program = read_amd_text(a.file, target, a.nothing_read, diagnostics);
  if (a.json)
    print_json_diagnostics(diagnostics);
  else
    print_diagnostics(diagnostics);
  if (diagnostics.has_errors()) return exit_bad_input;  // no instruction written
  if (!a.json) {
    fmt::print("{}", amd::isa::program_listing(program, target, a.encode));
    return exit_ok;
  }
  std::string out;
  for (const amd::isa::Instruction& inst : program.instructions) {
    std::string line = json_instruction(a.file, inst.line, amd::isa::print(inst, target));
    if (a.encode) line.insert(line.size() - 2, fmt::format(",\"bytes\":\"{}\"", hex_bytes(amd::isa::encode(inst))));
    out += line;
  }
  fmt::print("{}", out);
  return exit_ok;
}

}  // namespace

void add_asm_amd_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<AmdAsmArgs>();
  CLI::App* cmd = parent.add_subcommand(
      "amd", "Check AMD assembly against a gfx target and print it as llvm-mc does, or encode it");
  cmd->footer(
      "Examples:\n"
      "  gpuatom asm amd kernel.s --target gfx942\n"
      "  echo 'global_atomic_add_f32 v1, v0, s[0:1]' | gpuatom asm amd - --target MI300X --encode\n"
      "Exit codes: 0 ok (warnings on stderr), 2 on any error (nothing on stdout).");
  cmd->add_option("file", args->file, "the assembly file, or - for standard input")->required();
  args->target.add_to(*cmd);
  cmd->add_flag("--encode", args->encode, "print each instruction with its bytes, as llvm-mc -show-encoding does");
  cmd->add_flag("--json", args->json,
                "one JSON object per instruction and per diagnostic on standard output (keys in "
                "docs/reference/cli.md, `gpuatom check sass`; --encode adds \"bytes\")");
  args->nothing_read.add_option(*cmd);
  cmd->callback([&run, args] { run = [args] { return run_amd_asm(*args); }; });
}

}  // namespace gpuatom::cli
