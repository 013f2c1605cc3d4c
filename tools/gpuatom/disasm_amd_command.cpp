// `gpuatom disasm amd --target gfx942 BYTES…`: AMD instruction bytes → text as llvm-mc 19 prints it
// (docs/spec/amd-isa.md §2). The bytes come in hex on the command line or in a file (hex text,
// raw code, or an AMDGPU code object, `.hsaco` or `.o`, whose functions are listed with the
// address of each atomic and a count of their other instructions, as llvm-objdump lays them out).
//
//   gpuatom disasm amd --target gfx90a 0x00,0x80,0x09,0xdd,0x02,0x01,0x7f,0x00
//   gpuatom disasm amd --target gfx942 DD348000 00000001
//   gpuatom disasm amd --file kernel.hsaco                      (the target comes from the file)
#include <fmt/format.h>

#include <memory>

#include "amd_isa_input.hpp"
#include "command.hpp"
#include "gpuatom/amd/isa/code_listing.hpp"
#include "gpuatom/amd/isa/code_object.hpp"
#include "gpuatom/amd/isa/hex_bytes.hpp"
#include "gpuatom/support/code_source.hpp"
#include "json_lines.hpp"
#include "sass_input.hpp"
#include "visa_input.hpp"

namespace gpuatom::cli {
namespace {

struct AmdDisasmArgs {
  std::vector<std::string> hex;
  std::string file;
  std::string format = "auto";
  AmdTargetOption target;
  bool json = false;
  NothingReadRule nothing_read;
};

// What the walk printed (`out`) and how many instructions it read.
struct Printed {
  std::string out;
  uint64_t instructions = 0;
  std::string_view held = "0 bytes";
};

void print_listing(const amd::isa::CodeListing& listing, const AmdDisasmArgs& a, const support::FileName& file,
                   std::string_view function, Printed& printed) {
  printed.instructions += listing.atomics.size() + listing.others;
  if (!a.json && !function.empty()) {
    printed.out += amd::isa::function_listing_text(function, listing);
    return;
  }
  if (!a.json) {
    for (const amd::isa::ListedAtomic& atomic : listing.atomics) printed.out += atomic.text + "\n";
    return;
  }
  for (const amd::isa::ListedAtomic& atomic : listing.atomics)
    printed.out += function.empty() ? json_instruction(file.view(), 0, atomic.text)
                                    : json_instruction(file.view(), 0, atomic.text, std::nullopt, std::nullopt,
                                                       CodePlace{function, atomic.address});
}

// A code object: each function walked in address order, until the first error.
void walk_code_object(const std::string& content, const amd::isa::Target* target, const AmdDisasmArgs& a,
                      const support::FileName& file, Printed& printed, support::Diagnostics& diagnostics) {
  const auto read = amd::isa::read_code_object(content, file);
  if (const auto* refused = std::get_if<support::Diagnostic>(&read)) {
    diagnostics.add(*refused);
    return;
  }
  const amd::isa::CodeObject& object = std::get<amd::isa::CodeObject>(read);
  if (target && target != object.target)
    throw BadInput(fmt::format("--target {}: the code object is for {} (e_flags); leave --target out or name {}",
                               target->name, object.target->name, object.target->name));
  printed.held = "a code object with no function symbol";
  for (const amd::isa::CodeObjectFunction& f : object.functions) {
    amd::isa::CodeListing listing;
    amd::isa::walk_code({reinterpret_cast<const uint8_t*>(f.code.data()), f.code.size()}, f.address, f.file_offset,
                        *object.target, file, listing, diagnostics);
    print_listing(listing, a, file, f.name, printed);
    if (diagnostics.has_errors()) break;
  }
}

int run_amd_disasm(const AmdDisasmArgs& given) {
  AmdDisasmArgs a = given;
  const support::CodeSource source = support::code_source(a.hex, a.file);
  a.file = source.file;
  if (a.format != "auto" && a.format != "raw" && a.format != "hex" && a.format != "code-object")
    throw BadInput(fmt::format("--format {}: expected auto, raw, hex or code-object", a.format));
  support::Diagnostics diagnostics;
  const support::FileName file = a.file.empty() ? support::FileName("<command line>") : support::FileName(a.file);
  const amd::isa::Target* target = a.target.target();
  Printed printed;
  const std::string content = a.file.empty() ? std::string() : read_input(a.file);
  if (a.format == "code-object" || (a.format == "auto" && !a.file.empty() && amd::isa::is_amdgpu_elf(content))) {
    walk_code_object(content, target, a, file, printed, diagnostics);
  } else {
    if (!target) throw BadInput("--target is required for bytes (a code object names its own target)");
    std::vector<uint8_t> bytes;
    if (!source.from_file()) {
      bytes = amd::isa::parse_hex_bytes(source.joined_hex(), file, diagnostics);
    } else if (a.format == "hex" || (a.format == "auto" && support::looks_like_hex_text(content))) {
      printed.held = held_by_text(content);
      bytes = amd::isa::parse_hex_bytes(content, file, diagnostics);
    } else {
      bytes.assign(content.begin(), content.end());
    }
    amd::isa::CodeListing listing;
    if (!diagnostics.has_errors()) amd::isa::walk_code(bytes, 0, 0, *target, file, listing, diagnostics);
    print_listing(listing, a, file, {}, printed);
  }
  a.nothing_read.check(printed.instructions, start_of_bytes(file), printed.held, diagnostics);
  if (a.json)
    print_json_diagnostics(diagnostics);
  else
    print_diagnostics(diagnostics);
  if (diagnostics.has_errors()) return exit_bad_input;
  fmt::print("{}", printed.out);
  return exit_ok;
}

}  // namespace

void add_disasm_amd_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<AmdDisasmArgs>();
  CLI::App* cmd = parent.add_subcommand(
      "amd", "Decode AMD instruction bytes or a code object and print the atomics as llvm-mc does");
  cmd->add_option("bytes", args->hex,
                  "bytes in hex (0x00,0x80,… as llvm-mc writes them, or dwords DD098000 as "
                  "llvm-objdump does), or - for standard input");
  cmd->footer(
      "Examples:\n"
      "  gpuatom disasm amd --target gfx90a 0x00,0x80,0x09,0xdd,0x02,0x01,0x7f,0x00\n"
      "  gpuatom disasm amd --file kernel.hsaco\n"
      "Exit codes: 0 ok, 2 on any error (with the byte offset; nothing on stdout).");
  cmd->add_option("--file", args->file, "a code object (.hsaco, .o), raw code, or hex text (- for standard input)");
  cmd->add_option("--format", args->format, "how to read --file: auto (default), raw, hex or code-object");
  args->target.add_to(*cmd, false);
  cmd->add_flag("--json", args->json,
                "one JSON object per instruction and per diagnostic on standard output (keys in "
                "docs/reference/cli.md, `gpuatom check sass`)");
  args->nothing_read.add_option(*cmd);
  cmd->callback([&run, args] { run = [args] { return run_amd_disasm(*args); }; });
}

}  // namespace gpuatom::cli
