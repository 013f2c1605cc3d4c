// Fuzz target: the AMD atomic text parser and printer (docs/spec/amd-isa.md §10).
//
// Input: the first byte picks the target (index into the target table), the rest is assembly text.
// Properties, for every instruction the text parses to:
//   1. parse never crashes and diagnostics format;
//   2. print → parse gives one instruction, without errors, of the same encoding row and operand
//      values, which prints the same text — except GFX12 TH_ATOMIC_CASCADE below device scope, which
//      llvm-mc prints as th:TH_ATOMIC_0x4/0x6 that it cannot read back (the parser warns about it).
#include <string>

#include "fuzz_check.hpp"
#include "gpuatom/amd/isa/text.hpp"

using namespace gpuatom;
using namespace gpuatom::amd::isa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const auto all = targets();
  const Target& target = all[data[0] % all.size()];
  const Program program = parse(fuzz::as_text(data + 1, size - 1), target, "fuzz.s");
  bool warned = false;
  for (const support::Diagnostic& d : program.diagnostics) {
    (void)support::format(d);
    warned |= d.severity == support::Severity::warning;
  }
  if (warned) return 0;
  for (const Instruction& instruction : program.instructions) {
    const std::string text = print(instruction, target);
    const Program again = parse(text, target, "fuzz-printed.s");
    FUZZ_CHECK(again.instructions.size() == 1 && again.diagnostics.empty(),
               std::string(target.name) + ": `" + text + "` does not read back" +
                   (again.diagnostics.empty() ? std::string() : ": " + support::format(again.diagnostics[0])));
    FUZZ_CHECK(
        again.instructions[0].encoding == instruction.encoding && again.instructions[0].values == instruction.values,
        std::string(target.name) + ": `" + text + "` reads back as another instruction (" +
            std::string(again.instructions[0].encoding->record) + " vs " + std::string(instruction.encoding->record) +
            ")");
    FUZZ_CHECK(print(again.instructions[0], target) == text, text);
  }
  return 0;
}
