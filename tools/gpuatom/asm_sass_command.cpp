// `gpuatom asm sass [--arch sm_XY] FILE|-`: reads SASS atomics, checks them (for the architecture,
// when given), and prints each in canonical form (docs/spec/nvidia.md §10.4); with --encode, each
// Maxwell word beside its text (§11).
//
//   gpuatom asm sass kernel.sass
//   echo 'ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;' | gpuatom asm sass - --encode
//
// On any error nothing is printed to standard output; the diagnostics go to standard error and
// the exit code is 2. Warnings are printed and do not fail. --rules-as-warnings reports the
// rules of the pages (illegal op × size, register pairing, reserved codes) as warnings, as
// `disasm sass` does, so every line disasm prints assembles back to its word:
//
//   gpuatom disasm sass --arch sm_52 --file words.txt | gpuatom asm sass - --encode --arch sm_52 --rules-as-warnings
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "command.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "json_lines.hpp"
#include "nothing_read.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

namespace {

struct AsmArgs {
  std::string isa;
  std::string path;
  bool encode = false;
  bool rules_as_warnings = false;
  bool json = false;
  NothingReadRule nothing_read;
  std::shared_ptr<std::optional<nvidia::Architecture>> architecture =
      std::make_shared<std::optional<nvidia::Architecture>>();
};

// The architecture whose words --encode writes: --arch (sm_61 when not given); 64-bit words for
// sm_5x/sm_6x, 128-bit ones for the generations with 128-bit forms.
nvidia::Architecture word_architecture(const std::optional<nvidia::Architecture>& arch) {
  if (!arch) return nvidia::default_word_architecture;
  if (!nvidia::is_spa5(*arch) && !nvidia::has_sass128_forms(*arch))
    throw BadInput(
        fmt::format("--arch {} with --encode: gpuatom knows no {} words yet (Maxwell/Pascal 64-bit words, "
                    "Volta … Blackwell 128-bit words: sm_70 and later)",
                    nvidia::name(*arch), nvidia::generation_info(*arch).name));
  return *arch;
}

// One instruction's word: a 64-bit one, or a 128-bit one's low and high halves.
struct EncodedWord {
  uint64_t lo;
  std::optional<uint64_t> hi;
  std::string text() const { return hi ? fmt::format("0x{:016x} 0x{:016x}", lo, *hi) : fmt::format("0x{:016x}", lo); }
};

// The word(s) of one instruction, or the reason no word holds it.
std::variant<EncodedWord, support::Diagnostic> encoded(const nvidia::Instruction& inst, nvidia::Architecture arch) {
  if (nvidia::is_spa5(arch)) {
    const auto word = nvidia::encode(inst, arch);
    if (const auto* refused = std::get_if<support::Diagnostic>(&word)) return *refused;
    return EncodedWord{std::get<uint64_t>(word), std::nullopt};
  }
  const auto word = nvidia::encode128(inst, arch);
  if (const auto* refused = std::get_if<support::Diagnostic>(&word)) return *refused;
  const nvidia::Word128& w = std::get<nvidia::Word128>(word);
  return EncodedWord{w.lo, w.hi};
}

// A 128-bit instruction's control bits as `disasm sass --control` prints them, in a comment
// after it ("/* stall 1, yield 1, … */"): set into its word (docs/sass128.md). Nothing else
// changes for a line without one.
void take_control_comments(std::vector<nvidia::Instruction>& instructions, const std::string& source,
                           support::Diagnostics& diagnostics) {
  std::vector<std::string_view> lines;
  for (size_t start = 0; start <= source.size();) {
    const size_t end = std::min(source.find('\n', start), source.size());
    lines.push_back(std::string_view(source).substr(start, end - start));
    start = end + 1;
  }
  for (nvidia::Instruction& inst : instructions) {
    if (inst.where.line == 0 || inst.where.line > lines.size()) continue;
    const std::string_view line = lines[inst.where.line - 1];
    const size_t open = line.find("/* stall");
    if (open == std::string_view::npos) continue;
    const size_t close = line.find("*/", open);
    const std::string_view text =
        line.substr(open + 2, close == std::string_view::npos ? std::string_view::npos : close - open - 2);
    const auto control = nvidia::parse_control_bits(text);
    if (const auto* why = std::get_if<std::string>(&control)) {
      support::SourceLocation at = inst.where;
      at.column = static_cast<uint32_t>(open + 1);
      diagnostics.error(at, fmt::format("control bits: {}", *why), "docs/sass128.md");
      continue;
    }
    inst.kept_bits = nvidia::with_control_bits(inst.kept_bits, std::get<nvidia::ControlBits>(control));
  }
}

int run_asm(const AsmArgs& args) {
  // A listing's header names its code's architecture (docs/listings.md): its words are that one's.
  const auto arch_of = [&](const nvidia::Instruction& inst) {
    return word_architecture(inst.architecture ? inst.architecture : *args.architecture);
  };
  const std::string source = read_input(args.path);
  nvidia::ParsedSass checked = read_and_check(source, args.path, *args.architecture, args.rules_as_warnings);
  support::Diagnostics diagnostics = checked.diagnostics;
  args.nothing_read.check(checked.lines_read, start_of_text(args.path), held_by_text(source), diagnostics);
  if (args.encode) take_control_comments(checked.instructions, source, diagnostics);
  struct Line {
    const nvidia::Instruction* inst;
    std::string text;
    std::optional<EncodedWord> word;
  };
  std::vector<Line> lines;
  if (!diagnostics.has_errors()) {
    for (const nvidia::Instruction& inst : checked.instructions) {
      const std::string text = nvidia::print(inst);
      if (!args.encode) {
        lines.push_back({&inst, text, std::nullopt});
        continue;
      }
      if (!inst.architecture && inst.dialect != nvidia::Dialect::spa5) {
        // No --arch and no listing header: the words would be sm_61's, which this text has none of.
        support::SourceLocation at = inst.where;
        at.column = inst.columns.mnemonic;
        diagnostics.error(
            at,
            fmt::format("the text looks like sm_70+ disassembly ({} in the sm_70+ spelling): give --arch "
                        "(sm_70 … sm_121f) to encode its 128-bit word; without --arch, --encode writes "
                        "{}'s 64-bit words",
                        nvidia::info(inst.mnemonic).name, nvidia::name(nvidia::default_word_architecture)),
            "docs/sass128.md");
        continue;
      }
      const auto word = encoded(inst, arch_of(inst));
      if (const auto* refused = std::get_if<support::Diagnostic>(&word)) {
        diagnostics.add(*refused);
        continue;
      }
      lines.push_back({&inst, text, std::get<EncodedWord>(word)});
    }
  }
  if (args.json) {
    print_json_diagnostics(diagnostics);
    if (diagnostics.has_errors()) return exit_bad_input;
    for (const Line& l : lines)
      print_json_instruction(args.path, l.inst->where.line, l.text, l.word ? std::optional(l.word->lo) : std::nullopt,
                             l.word ? l.word->hi : std::nullopt);
    return exit_ok;
  }
  report(diagnostics);
  if (diagnostics.has_errors()) return exit_bad_input;
  for (const Line& l : lines) {
    if (l.word)
      fmt::print("{:<56} // {}\n", l.text, l.word->text());
    else
      fmt::print("{}\n", l.text);
  }
  return exit_ok;
}

}  // namespace

void add_asm_sass_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<AsmArgs>();
  CLI::App* cmd = parent.add_subcommand(
      "sass", "Check SASS atomics and print them in canonical form (optionally with their words)");
  cmd->add_option(
         "file", args->path,
         "SASS text, one instruction per line, or a cuobjdump/nvdisasm listing (its atomics; '-' reads standard input)")
      ->required();
  cmd->footer(
      "Examples:\n"
      "  gpuatom asm sass kernel.sass\n"
      "  echo 'ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;' | gpuatom asm sass - --encode");
  cmd->add_flag("--encode", args->encode,
                "print each instruction's word beside its text: a Maxwell/Pascal 64-bit word, or a 128-bit word as "
                "two 64-bit halves, low then high (sm_70 on), its control bits from a listing's word or a "
                "`/* stall 1, yield 1, … */` comment as disasm --control prints it, else zero");
  add_architecture_option(
      *cmd, args->architecture,
      "read and check the text for this architecture (sm_50 … sm_121f); with --encode, the word "
      "is the one nvdisasm of that architecture reads (sm_50 … sm_62, sm_70 … sm_121f; default sm_61)");
  cmd->add_flag("--rules-as-warnings", args->rules_as_warnings,
                "report the pages' rules (op × size, register pairs, reserved codes) as warnings, as disasm does");
  cmd->add_flag("--json", args->json,
                "one JSON object per instruction and per diagnostic on standard output "
                "(keys in docs/reference/cli.md, `gpuatom check`)");
  args->nothing_read.add_option(*cmd);
  cmd->callback([&run, args] { run = [args] { return run_asm(*args); }; });
}

}  // namespace gpuatom::cli
