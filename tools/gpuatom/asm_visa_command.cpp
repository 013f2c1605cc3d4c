// `gpuatom asm visa FILE|-`: reads vISA assembly, checks it and prints it canonically
// (docs/spec/intel.md §10.4); `--encode` prints each instruction's bytes instead (§2).
//
//   gpuatom asm visa kernel.visaasm
//   gpuatom asm visa kernel.visaasm --encode > kernel.hex   # feeds `gpuatom disasm visa --file`
#include <fmt/format.h>

#include <memory>

#include "command.hpp"
#include "gpuatom/intel/read_visa.hpp"
#include "gpuatom/intel/text/printer.hpp"
#include "json_lines.hpp"
#include "nothing_read.hpp"
#include "visa_input.hpp"

namespace gpuatom::cli {

namespace {

struct VisaAsmArgs {
  std::string target;
  std::string file;
  bool encode = false;
  bool json = false;
  VisaOptions visa;
  NothingReadRule nothing_read;
};

int run_visa_asm(const VisaAsmArgs& a) {
  support::Diagnostics diagnostics;
  // Lines read past are printed back only by the plain listing; --encode and --json print atomics.
  const intel::Module module =
      read_visa(a.file, a.visa, a.nothing_read, diagnostics, /*keep_others=*/!a.encode && !a.json);
  if (a.json)
    print_json_diagnostics(diagnostics);
  else
    print_diagnostics(diagnostics);
  if (diagnostics.has_errors()) return exit_bad_input;  // no instruction written
  const intel::DeclarationTable* declarations = module.declarations.empty() ? nullptr : &module.declarations;
  if (a.json) {
    // One object per instruction; --encode puts its bytes in "bytes" (hex) — vISA's words are bytes.
    for (const intel::Instruction& inst : module.instructions) {
      std::string line = json_instruction(a.file, inst.where.start.line, intel::print_instruction(inst, declarations));
      if (a.encode) line.insert(line.size() - 2, fmt::format(",\"bytes\":\"{}\"", hex_bytes(intel::encoded(inst))));
      fmt::print("{}", line);
    }
    return exit_ok;
  }
  fmt::print("{}", a.encode ? intel::encoded_listing(module) : intel::print_module(module));
  return exit_ok;
}

}  // namespace

void add_asm_visa_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<VisaAsmArgs>();
  CLI::App* cmd = parent.add_subcommand("visa", "Check assembly text and print it canonically, or encode it");
  cmd->footer(
      "Examples:\n"
      "  gpuatom asm visa kernel.visaasm\n"
      "  gpuatom asm visa kernel.visaasm --encode\n"
      "  echo '...' | gpuatom asm visa -\n"
      "Exit codes: 0 ok (warnings on stderr), 2 on any error (nothing on stdout).");
  cmd->add_option("file", args->file, "the .visaasm file, or - for standard input")->required();
  cmd->add_flag("--encode", args->encode, "print each instruction's bytes as hex (with the instruction as a comment)");
  cmd->add_flag("--json", args->json,
                "one JSON object per instruction and per diagnostic on standard output (keys in "
                "docs/reference/cli.md, `gpuatom check sass`; --encode adds \"bytes\")");
  args->visa.add_to(*cmd);
  args->nothing_read.add_option(*cmd);
  cmd->callback([&run, args] { run = [args] { return run_visa_asm(*args); }; });
}

}  // namespace gpuatom::cli
