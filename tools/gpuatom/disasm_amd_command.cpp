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
#include "gpuatom/amd/isa/binary.hpp"
#include "gpuatom/amd/isa/code_object.hpp"
#include "gpuatom/amd/isa/instruction_length.hpp"
#include "json_lines.hpp"
#include "sass_input.hpp"
#include "visa_input.hpp"

namespace gpuatom::cli {
namespace {

struct DisasmArgs {
  std::vector<std::string> hex;
  std::string file;
  std::string format = "auto";
  AmdTargetOption target;
  bool json = false;
  NothingReadRule nothing_read;
};

// What walking some code found.
struct Walk {
  std::string out;  // the lines printed
  uint64_t atomics = 0, others = 0;
};

// Decodes `code` from its start: atomics printed, other instructions counted, and anything that
// is no instruction of the target an error at its byte offset (the walk stops there).
void walk_code(std::span<const uint8_t> code, uint64_t address, uint64_t file_offset, const amd::isa::Target& target,
               const DisasmArgs& a, const support::FileName& file, std::string_view function, Walk& walk,
               support::Diagnostics& diagnostics) {
  size_t at = 0;
  while (at < code.size()) {
    const std::span<const uint8_t> rest = code.subspan(at);
    const auto decoded = amd::isa::decode(rest, target);
    if (const auto* inst = std::get_if<amd::isa::Instruction>(&decoded)) {
      const std::string text = amd::isa::print(*inst, target);
      if (a.json) {
        walk.out += function.empty() ? json_instruction(file.view(), 0, text)
                                     : json_instruction(file.view(), 0, text, std::nullopt, std::nullopt,
                                                        CodePlace{function, address + at});
      } else if (function.empty()) {
        walk.out += text + "\n";
      } else {
        std::string words;
        for (size_t w = 0; w + 4 <= inst->encoding->bytes; w += 4)
          words += fmt::format(" {:02X}{:02X}{:02X}{:02X}", rest[w + 3], rest[w + 2], rest[w + 1], rest[w]);
        walk.out += fmt::format("\t{:<58} // {:012X}:{}\n", text, address + at, words);
      }
      ++walk.atomics;
      at += inst->encoding->bytes;
      continue;
    }
    const auto& refusal = std::get<amd::isa::DecodeRefusal>(decoded);
    const std::optional<uint32_t> size = amd::isa::instruction_length(rest, target);
    if (size && !refusal.matched_atomic) {  // an instruction, not an atomic: counted
      ++walk.others;
      at += *size;
      continue;
    }
    diagnostics.error({file, 0, 0, file_offset + at},
                      size ? fmt::format("{} ({})", refusal.reason, target.name)
                           : fmt::format("no instruction of {} starts here (first dword 0x{:02X}{:02X}{:02X}{:02X})",
                                         target.name, rest.size() > 3 ? rest[3] : 0, rest.size() > 2 ? rest[2] : 0,
                                         rest.size() > 1 ? rest[1] : 0, rest[0]),
                      "docs/spec/amd-isa.md §2");
    return;
  }
}

int run_disasm(const DisasmArgs& given) {
  DisasmArgs a = given;
  if (a.file.empty() && a.hex.size() == 1 && a.hex[0] == "-") {
    a.file = "-";
    a.hex.clear();
  }
  if (!a.file.empty() && !a.hex.empty())
    throw BadInput("give the bytes either on the command line or with --file, not both");
  if (a.file.empty() && a.hex.empty())
    throw BadInput("no bytes: give hex bytes on the command line, --file FILE, or - for standard input");
  if (a.format != "auto" && a.format != "raw" && a.format != "hex" && a.format != "code-object")
    throw BadInput(fmt::format("--format {}: expected auto, raw, hex or code-object", a.format));
  support::Diagnostics diagnostics;
  const support::FileName file = a.file.empty() ? support::FileName("<command line>") : support::FileName(a.file);
  const amd::isa::Target* target = a.target.target();
  Walk walk;
  std::string_view held = "0 bytes";
  uint64_t read_instructions = 0;
  std::string content;
  if (!a.file.empty()) content = read_input(a.file);
  const bool code_object =
      a.format == "code-object" || (a.format == "auto" && !a.file.empty() && amd::isa::is_amdgpu_elf(content));
  if (code_object) {
    const auto read = amd::isa::read_code_object(content, file);
    if (const auto* refused = std::get_if<support::Diagnostic>(&read)) {
      diagnostics.add(*refused);
    } else {
      const amd::isa::CodeObject& object = std::get<amd::isa::CodeObject>(read);
      if (target && target != object.target)
        throw BadInput(fmt::format("--target {}: the code object is for {} (e_flags); leave --target out or name {}",
                                   target->name, object.target->name, object.target->name));
      target = object.target;
      held = "a code object with no function symbol";
      for (const amd::isa::CodeObjectFunction& f : object.functions) {
        const uint64_t atomics = walk.atomics, others = walk.others;
        if (!a.json) walk.out += fmt::format("{}:\n", f.name);
        walk_code({reinterpret_cast<const uint8_t*>(f.code.data()), f.code.size()}, f.address, f.file_offset, *target,
                  a, file, f.name, walk, diagnostics);
        if (!a.json)
          walk.out += fmt::format("\t; {}: {} atomic{}, {} other instruction{}\n", f.name, walk.atomics - atomics,
                                  walk.atomics - atomics == 1 ? "" : "s", walk.others - others,
                                  walk.others - others == 1 ? "" : "s");
        if (diagnostics.has_errors()) break;
      }
    }
  } else {
    if (!target) throw BadInput("--target is required for bytes (a code object names its own target)");
    std::vector<uint8_t> bytes;
    if (a.file.empty()) {
      std::string joined;
      for (const std::string& h : a.hex) joined += h + " ";
      bytes = parse_amd_hex(joined, file, diagnostics);
    } else if (a.format == "hex" || (a.format == "auto" && looks_like_text(content))) {
      held = held_by_text(content);
      bytes = parse_amd_hex(content, file, diagnostics);
    } else {
      bytes.assign(content.begin(), content.end());
    }
    if (!diagnostics.has_errors()) walk_code(bytes, 0, 0, *target, a, file, {}, walk, diagnostics);
  }
  read_instructions = walk.atomics + walk.others;
  a.nothing_read.check(read_instructions, start_of_bytes(file), held, diagnostics);
  if (a.json)
    print_json_diagnostics(diagnostics);
  else
    print_diagnostics(diagnostics);
  if (diagnostics.has_errors()) return exit_bad_input;
  fmt::print("{}", walk.out);
  return exit_ok;
}

}  // namespace

void add_disasm_amd_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<DisasmArgs>();
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
  cmd->callback([&run, args] { run = [args] { return run_disasm(*args); }; });
}

}  // namespace gpuatom::cli
