// What the AMD instruction subcommands (asm, disasm, check amd) share: the `--target` option and
// the text reader with the nothing-read rule.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "gpuatom/amd/isa/text.hpp"
#include "gpuatom/support/diagnostic.hpp"
#include "nothing_read.hpp"

namespace gpuatom::cli {

// `--target gfx942` (a gfx name, a generic target or a product such as MI300X), resolved by
// amd::isa::find_target; refused with the list of targets otherwise. Required unless `optional`.
struct AmdTargetOption {
  std::string name;
  void add_to(CLI::App& command, bool required = true);
  // The target named, or nullptr when none was given; throws BadInput for an unknown name.
  const amd::isa::Target* target() const;
};

// The instructions of an AMD assembly text (a file or - for standard input), with every
// diagnostic in `diagnostics` and the nothing-read rule applied.
amd::isa::Program read_amd_text(const std::string& file, const amd::isa::Target& target, const NothingReadRule& rule,
                                support::Diagnostics& diagnostics);

}  // namespace gpuatom::cli
