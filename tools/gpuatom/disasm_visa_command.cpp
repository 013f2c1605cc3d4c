// `gpuatom disasm visa`: instruction bytes → canonical vISA text (docs/spec/intel.md §2, §10.4).
//
//   gpuatom disasm visa 4E 05 03 00 00 00 20 00 00 00 00 00 …     bytes on the command line
//   gpuatom disasm visa --file kernel.bin                           raw bytes or a hex text file
//   gpuatom disasm visa --file kernel.hex --decls kernel.visaasm    names instead of V<id>
#include <fmt/format.h>

#include <memory>

#include "command.hpp"
#include "gpuatom/intel/read_visa.hpp"
#include "gpuatom/intel/text/printer.hpp"
#include "gpuatom/support/code_source.hpp"
#include "json_lines.hpp"
#include "nothing_read.hpp"
#include "sass_input.hpp"
#include "visa_input.hpp"

namespace gpuatom::cli {

namespace {

struct VisaDisasmArgs {
  std::string target;
  std::vector<std::string> hex;
  std::string file;
  std::string format = "auto";
  std::string decls;
  bool legacy_ids = false;
  bool json = false;
  VisaOptions visa;
  NothingReadRule nothing_read;
};

// The bytes to decode; `held` says what an input without any held ("0 bytes", "only blank lines and
// comments").
std::vector<uint8_t> read_bytes(const VisaDisasmArgs& a, support::Diagnostics& diagnostics, std::string& source_name,
                                std::string_view& held) {
  const support::CodeSource source = support::code_source(a.hex, a.file);
  if (!source.from_file()) {
    source_name = "<command line>";
    return parse_hex(source.joined_hex(), source_name, diagnostics);
  }
  if (a.format != "auto" && a.format != "raw" && a.format != "hex")
    throw BadInput(fmt::format("--format {}: expected auto, raw or hex", a.format));
  source_name = source.file;
  const std::string content = read_input(source.file);
  const bool hex = a.format == "hex" || (a.format == "auto" && support::looks_like_hex_text(content));
  held = hex ? held_by_text(content) : "0 bytes";
  if (hex) return parse_hex(content, source.file, diagnostics);
  return {content.begin(), content.end()};
}

int run_visa_disasm(const VisaDisasmArgs& a) {
  const intel::ValidationOptions validation = a.visa.validation();
  support::Diagnostics diagnostics;
  std::optional<intel::Module> declared;
  if (!a.decls.empty()) {
    support::Diagnostics decl_diagnostics;
    declared = intel::parse_visa(read_input(a.decls), a.decls, {true}, decl_diagnostics);
    if (decl_diagnostics.has_errors()) {
      print_diagnostics(decl_diagnostics);
      return exit_bad_input;
    }
    a.visa.bind(declared->declarations);
  }
  std::string source_name;
  std::string_view held = "0 bytes";
  const std::vector<uint8_t> bytes = read_bytes(a, diagnostics, source_name, held);
  const std::vector<intel::Instruction> instructions =
      intel::decode_visa(bytes, source_name, a.legacy_ids, diagnostics);
  a.nothing_read.check(instructions.size(), start_of_bytes(source_name), held, diagnostics);
  const intel::DeclarationTable* declarations = declared ? &declared->declarations : nullptr;
  intel::validate_decoded(instructions, source_name, declarations, validation, diagnostics);
  if (a.json)
    print_json_diagnostics(diagnostics);
  else
    print_diagnostics(diagnostics);
  if (diagnostics.has_errors()) return exit_bad_input;
  std::string out;
  for (const intel::Instruction& inst : instructions)
    out += a.json ? json_instruction(source_name, 0, intel::print_instruction(inst, declarations))
                  : intel::print_instruction(inst, declarations) + "\n";
  fmt::print("{}", out);
  return exit_ok;
}

}  // namespace

void add_disasm_visa_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<VisaDisasmArgs>();
  CLI::App* cmd = parent.add_subcommand("visa", "Decode instruction bytes and print them as canonical assembly");
  cmd->add_option("bytes", args->hex, "instruction bytes in hex (\"4E 05 03\" or \"4e0503\"), or - for standard input");
  cmd->footer(
      "Examples:\n"
      "  gpuatom disasm visa 4E 05 03 00 00 00 20 00 00 00 00 00 22 00 00 00 00 00 00 00 00 00 00 00 21 00 00 00 00 "
      "00\n"
      "  gpuatom disasm visa --file kernel.hex --decls kernel.visaasm\n"
      "Exit codes: 0 ok, 2 on any error (with the byte offset; nothing on stdout).");
  cmd->add_option("--file", args->file, "a file of raw instruction bytes or of hex text (- for standard input)");
  cmd->add_option("--format", args->format, "how to read --file: auto (default), raw or hex");
  cmd->add_option("--decls", args->decls,
                  "a .visaasm file whose declarations name the ids (its instructions must parse but are not checked)");
  cmd->add_flag("--visa-legacy-ids", args->legacy_ids,
                "raw operands carry 2-byte ids (files before version 3.4; 34/22-byte instructions)");
  cmd->add_flag("--json", args->json,
                "one JSON object per instruction and per diagnostic on standard output (keys in "
                "docs/reference/cli.md, `gpuatom check sass`)");
  args->visa.add_to(*cmd, false);
  args->nothing_read.add_option(*cmd);
  cmd->callback([&run, args] { run = [args] { return run_visa_disasm(*args); }; });
}

}  // namespace gpuatom::cli
