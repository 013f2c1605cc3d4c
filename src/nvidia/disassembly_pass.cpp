#include "gpuatom/nvidia/disassembly_pass.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/binary/unprinted_bits.hpp"
#include "gpuatom/nvidia/listing.hpp"

namespace gpuatom::nvidia {

std::string listed_text(const CodeAtomic& atomic, Architecture arch, bool control) {
  std::string text = print_with_unprinted_bits(*atomic.instruction);
  if (control && word_halves(arch) == 2) text += fmt::format("  /* {} */", describe(control_bits(atomic.word)));
  return text;
}

void DisassemblySurvey::section(std::string_view, Architecture arch, bool) {
  arch_ = arch;
  widths_.push_back(0);
}

void DisassemblySurvey::atomic(const CodeAtomic& atomic, uint32_t) {
  diagnose(atomic.diagnostics);
  if (!atomic.instruction) {
    undecodable_ = true;
    return;
  }
  if (!widths_.empty()) widths_.back() = std::max(widths_.back(), listing_width(listed_text(atomic, arch_, control_)));
}

void DisassemblySurvey::diagnose(const support::Diagnostics& diagnostics) {
  for (const support::Diagnostic& d : diagnostics.all()) diagnose(d);
}

void DisassemblySurvey::diagnose(const support::Diagnostic& d) {
  (d.severity == support::Severity::error ? errors_ : warnings_).add(d);
}

DisassemblyLister::DisassemblyLister(bool control, const std::vector<size_t>& widths, Render render, Write write)
    : control_(control), widths_(widths), render_(std::move(render)), write_(std::move(write)) {}

void DisassemblyLister::section(std::string_view kernel, Architecture arch, bool always_headed) {
  ++section_;
  kernel_ = std::string(kernel);
  arch_ = arch;
  headed_ = false;
  if (always_headed) head();
}

void DisassemblyLister::atomic(const CodeAtomic& atomic, uint32_t line) {
  if (!atomic.instruction) return;  // the survey found none, or nothing is listed
  const std::string text = listed_text(atomic, arch_, control_);
  const bool wide = word_halves(arch_) == 2;
  if (render_) {
    ListedAtomic listed{text, atomic.word.lo,         wide ? std::optional(atomic.word.hi) : std::nullopt, std::nullopt,
                        0,    section_ < 0 ? line : 0};
    if (section_ >= 0) {
      listed.kernel = kernel_;
      listed.address = atomic.address;
    }
    out_ += render_(listed);
  } else if (section_ < 0) {
    out_ += text + "\n";
  } else {
    head();
    append_listing_line(out_, atomic.address, text, atomic.word, arch_, widths_[static_cast<size_t>(section_)]);
  }
  if (out_.size() >= size_t{64} * 1024) flush();
}

void DisassemblyLister::flush() {
  if (!out_.empty()) write_(out_);
  out_.clear();
}

void DisassemblyLister::head() {
  if (headed_ || render_) return;
  out_ += listing_header(arch_, kernel_);
  headed_ = true;
}

}  // namespace gpuatom::nvidia

namespace gpuatom::nvidia {

bool disassemble(const std::function<void(DisassemblyPass&)>& walk, bool control,
                 const std::function<void(uint64_t instructions, support::Diagnostics& errors)>& check,
                 const std::function<void(const support::Diagnostics&)>& report, DisassemblyLister::Render render,
                 DisassemblyLister::Write write) {
  DisassemblySurvey survey(control);
  walk(survey);
  if (!survey.failed() && check) check(survey.instructions(), survey.errors());
  report(survey.errors());
  report(survey.warnings());
  if (survey.failed()) return false;
  DisassemblyLister lister(control, survey.widths(), std::move(render), std::move(write));
  walk(lister);
  return true;
}

}  // namespace gpuatom::nvidia
