// How a disassembly of atomics (a cubin, raw code, a listing's words, words on their own) is
// printed: the input is walked twice (disassembly_walks.hpp), once by a DisassemblySurvey, which
// keeps only the diagnostics, the count of instructions read and each section's text width, then,
// when nothing is wrong, by a DisassemblyLister, which writes line by line as it decodes. So bad
// input prints nothing, and no output is held whole: a 256 MiB cubin lists in the memory of its
// bytes.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

// One walk over the input. A walker calls these in the input's order.
class DisassemblyPass {
 public:
  virtual ~DisassemblyPass() = default;
  // A kernel's code or a listing's section begins: the atomics after it are listed under its
  // header ("code for sm_90", "Function : kernel"). `always_headed`: the header is printed even
  // when no atomic follows (a cubin lists each kernel), else only before the section's first one.
  virtual void section(std::string_view kernel, Architecture arch, bool always_headed) = 0;
  // Words given on their own follow (the command line, a file of words), read for `arch`: each
  // is printed as a plain line, without a section.
  virtual void words(Architecture arch) = 0;
  // One atomic: of the current section, or a word on its own; `line` is the line of a text of
  // words, 0 for code.
  virtual void atomic(const CodeAtomic& atomic, uint32_t line) = 0;
  // Instructions read (atomics or not), for the rule that reading nothing is an error.
  virtual void read(uint64_t instructions) = 0;
  // What the walker found besides single atomics (a truncated word, a listing's bad line).
  virtual void diagnose(const support::Diagnostics& diagnostics) = 0;
  virtual void diagnose(const support::Diagnostic& diagnostic) = 0;
};

// An atomic's text as listed: nvdisasm's text, then a 128-bit word's unprinted bits where it has
// any ("  /* unprinted: 0x… 0x… */", binary/unprinted_bits.hpp), then with `control` its control
// bits ("  /* stall 1, yield 1, … */"); a 64-bit word keeps them apart, in control words.
std::string listed_text(const CodeAtomic& atomic, Architecture arch, bool control);

// The first walk: diagnostics (errors and warnings apart, so that no error is lost behind the
// cap on what is listed), instructions read, and each section's widest text.
class DisassemblySurvey final : public DisassemblyPass {
 public:
  explicit DisassemblySurvey(bool control) : control_(control) {}

  void section(std::string_view kernel, Architecture arch, bool always_headed) override;
  void words(Architecture arch) override { arch_ = arch; }
  void atomic(const CodeAtomic& atomic, uint32_t line) override;
  void read(uint64_t instructions) override { instructions_ += instructions; }
  void diagnose(const support::Diagnostics& diagnostics) override;
  void diagnose(const support::Diagnostic& diagnostic) override;

  // An error, or a word that decodes to no instruction: nothing is to be listed.
  bool failed() const { return undecodable_ || errors_.has_errors(); }
  uint64_t instructions() const { return instructions_; }
  support::Diagnostics& errors() { return errors_; }
  const support::Diagnostics& warnings() const { return warnings_; }
  const std::vector<size_t>& widths() const { return widths_; }

 private:
  bool control_;
  Architecture arch_ = Architecture::sm_50;
  support::Diagnostics errors_, warnings_;
  bool undecodable_ = false;
  uint64_t instructions_ = 0;
  std::vector<size_t> widths_;
};

// One atomic as the lister hands it to a line renderer (JSON, say).
struct ListedAtomic {
  std::string_view text;                   // listed_text()
  uint64_t word = 0;                       // a 64-bit word, or a 128-bit word's low half
  std::optional<uint64_t> word_high;       // a 128-bit word's high half
  std::optional<std::string_view> kernel;  // in a section (code, a listing): its kernel, with `address`
  uint64_t address = 0;
  uint32_t line = 0;  // a text of words' line, 0 for code
};

// The second walk: each atomic written as it comes, through a buffer of about 64 KiB given to
// `write`. Without a `render`er, as cuobjdump lists code (a header per section, each atomic with
// its address and word comments, listing.hpp) and words on their own as their text alone; with
// one, each atomic is the line it renders, and no header is written.
class DisassemblyLister final : public DisassemblyPass {
 public:
  using Render = std::function<std::string(const ListedAtomic&)>;
  using Write = std::function<void(std::string_view)>;
  // `widths`: the survey's, one per section.
  DisassemblyLister(bool control, const std::vector<size_t>& widths, Render render, Write write);
  ~DisassemblyLister() override { flush(); }
  DisassemblyLister(const DisassemblyLister&) = delete;
  DisassemblyLister& operator=(const DisassemblyLister&) = delete;

  void section(std::string_view kernel, Architecture arch, bool always_headed) override;
  void words(Architecture arch) override { arch_ = arch; }
  void atomic(const CodeAtomic& atomic, uint32_t line) override;
  void read(uint64_t) override {}
  void diagnose(const support::Diagnostics&) override {}
  void diagnose(const support::Diagnostic&) override {}
  void flush();

 private:
  void head();

  bool control_;
  const std::vector<size_t>& widths_;
  Render render_;
  Write write_;
  long section_ = -1;
  std::string kernel_;
  Architecture arch_ = Architecture::sm_50;
  bool headed_ = false;
  std::string out_;
};

// Both walks over the input: the survey; `check` given its count of instructions, when nothing
// failed, to add the nothing-read rule's error; `report` given the errors, then the warnings; and,
// when nothing failed, the lister. Returns whether the input was listed.
bool disassemble(const std::function<void(DisassemblyPass&)>& walk, bool control,
                 const std::function<void(uint64_t instructions, support::Diagnostics& errors)>& check,
                 const std::function<void(const support::Diagnostics&)>& report, DisassemblyLister::Render render,
                 DisassemblyLister::Write write);

}  // namespace gpuatom::nvidia
