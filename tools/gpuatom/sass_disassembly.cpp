#include "sass_disassembly.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

#include "command.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "json_lines.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

namespace {

// An atomic's text as listed: with --control, a 128-bit word's control bits after it.
std::string text_of(const nvidia::CodeAtomic& atomic, nvidia::Architecture arch, bool control) {
  std::string text = nvidia::print(*atomic.instruction);
  if (control && nvidia::word_halves(arch) == 2)
    text += fmt::format("  /* {} */", nvidia::describe(nvidia::control_bits(atomic.word)));
  return text;
}

// The first walk: diagnostics, instructions read, and each section's widest text.
class Survey final : public DisassemblyPass {
 public:
  explicit Survey(const DisassemblyOptions& options) : options_(options) {}

  void section(std::string_view, nvidia::Architecture arch, bool) override {
    arch_ = arch;
    widths_.push_back(0);
  }
  void words(nvidia::Architecture arch) override { arch_ = arch; }
  void atomic(const nvidia::CodeAtomic& atomic, uint32_t) override {
    diagnose(atomic.diagnostics);
    if (!atomic.instruction) {
      undecodable_ = true;
      return;
    }
    if (!widths_.empty())
      widths_.back() = std::max(widths_.back(), nvidia::listing_width(text_of(atomic, arch_, options_.control)));
  }
  void read(uint64_t instructions) override { instructions_ += instructions; }
  void diagnose(const support::Diagnostics& diagnostics) override {
    for (const support::Diagnostic& d : diagnostics.all()) diagnose(d);
  }
  void diagnose(const support::Diagnostic& d) override {
    (d.severity == support::Severity::error ? errors_ : warnings_).add(d);
  }

  bool failed() const { return undecodable_ || errors_.has_errors(); }
  uint64_t instructions() const { return instructions_; }
  support::Diagnostics& errors() { return errors_; }
  const support::Diagnostics& warnings() const { return warnings_; }
  const std::vector<size_t>& widths() const { return widths_; }

 private:
  const DisassemblyOptions& options_;
  nvidia::Architecture arch_ = nvidia::Architecture::sm_50;
  support::Diagnostics errors_, warnings_;  // apart, so that no error is lost behind the cap
  bool undecodable_ = false;
  uint64_t instructions_ = 0;
  std::vector<size_t> widths_;
};

// The second walk: each line written as it comes, through a buffer of about 64 KiB.
class Printer final : public DisassemblyPass {
 public:
  Printer(const DisassemblyOptions& options, const std::vector<size_t>& widths) : options_(options), widths_(widths) {}
  ~Printer() override { flush(); }

  void section(std::string_view kernel, nvidia::Architecture arch, bool always_headed) override {
    ++section_;
    kernel_ = std::string(kernel);
    arch_ = arch;
    headed_ = false;
    if (always_headed) head();
  }
  void words(nvidia::Architecture arch) override { arch_ = arch; }
  void atomic(const nvidia::CodeAtomic& atomic, uint32_t line) override {
    if (!atomic.instruction) return;  // the survey found none, or nothing is printed
    const std::string text = text_of(atomic, arch_, options_.control);
    const std::optional<uint64_t> high = nvidia::word_halves(arch_) == 2 ? std::optional(atomic.word.hi) : std::nullopt;
    if (section_ < 0) {
      out_ += options_.json ? json_instruction(options_.file, line, text, atomic.word.lo, high) : text + "\n";
    } else if (options_.json) {
      out_ += json_instruction(options_.file, 0, text, atomic.word.lo, high, CodePlace{kernel_, atomic.address});
    } else {
      head();
      nvidia::append_listing_line(out_, atomic.address, text, atomic.word, arch_,
                                  widths_[static_cast<size_t>(section_)]);
    }
    if (out_.size() >= 64 * 1024) flush();
  }
  void read(uint64_t) override {}
  void diagnose(const support::Diagnostics&) override {}
  void diagnose(const support::Diagnostic&) override {}

  void flush() {
    if (!out_.empty()) std::fwrite(out_.data(), 1, out_.size(), stdout);  // main() checks stdout once, at the end
    out_.clear();
  }

 private:
  void head() {
    if (headed_ || options_.json) return;
    out_ += nvidia::listing_header(arch_, kernel_);
    headed_ = true;
  }

  const DisassemblyOptions& options_;
  const std::vector<size_t>& widths_;
  long section_ = -1;
  std::string kernel_;
  nvidia::Architecture arch_ = nvidia::Architecture::sm_50;
  bool headed_ = false;
  std::string out_;
};

}  // namespace

int print_disassembly(const std::function<void(DisassemblyPass&)>& walk, const DisassemblyOptions& options) {
  Survey survey(options);
  walk(survey);
  if (!survey.failed() && options.nothing_read) options.nothing_read(survey.instructions(), survey.errors());
  if (options.json) {
    print_json_diagnostics(survey.errors());
    print_json_diagnostics(survey.warnings());
  } else {
    report(survey.errors());
    report(survey.warnings());
  }
  if (survey.failed()) return exit_bad_input;
  Printer printer(options, survey.widths());
  walk(printer);
  printer.flush();
  return exit_ok;
}

}  // namespace gpuatom::cli
