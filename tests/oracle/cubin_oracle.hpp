// One home for how the NVIDIA oracle tests judge a cubin against NVIDIA's listing of it, shared by
// the PTX corpus (ptx_lines_test.cpp: ptxas 11.8 and 13.0 on generated kernels) and the real CUDA
// corpus (cuda_real_test.cpp: nvcc 11.8 and 13.0 on CUB and Thrust):
//
//   - the tool's listing: `cuobjdump -sass` for a CUDA ≤ 12 cubin; for a CUDA 13 cubin, whose ELF
//     the 11.8 tools refuse, `nvdisasm -b SMxy` on each kernel's code section, read raw;
//   - gpuatom's reading of the cubin (read_cubin, atomics_in_code) against the listing's atomic
//     lines, line by line, in order;
//   - the listing read back whole by read_sass, as `check` and `asm` read it;
//   - every atomic word back through gpuatom's own text (word → text → word).
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "common/child_process.hpp"
#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/binary/cubin.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "nvidia/text_round_trip.hpp"
#include "oracle/nvdisasm_raw.hpp"
#include "oracle/sass_listing.hpp"

namespace gpuatom::oracle {

// Runs a tool (GCC 12 warns on designated initializers that leave ChildOptions members out).
inline testing::ChildResult run_tool(std::vector<std::string> args, double kill_after_seconds = 120) {
  testing::ChildOptions options;
  options.args = std::move(args);
  options.kill_after_seconds = kill_after_seconds;
  return testing::run_child(options);
}

// The architectures the CUDA 11.8 tools list: ptxas and nvcc 11.8 build for them, and nvdisasm
// 11.8 lists what ptxas and nvcc 13.0 write for them. The later ones (sm_88, the a/f variants,
// Blackwell) are checked against nvdisasm 13.0's listings in tests/conformance/nvidia/cuda13.
inline bool listed_by_cuda118(nvidia::Architecture a) {
  return a <= nvidia::Architecture::sm_90 && a != nvidia::Architecture::sm_88 &&
         nvidia::variant(a) == nvidia::Variant::base;
}

// The text of a listed line with the dual-issue ';' question set aside (Maxwell/Pascal print a
// pair's second instruction without it) and, on Hopper, desc[URn] as the 11.8 tools print it.
inline std::string comparable(std::string text, nvidia::Architecture arch) {
  if (text.size() >= 2 && text.compare(text.size() - 2, 2, " ;") == 0) text.resize(text.size() - 2);
  return as_cuda118_prints(std::move(text), arch);
}

// The CUDA 11.8 tools' listing of a cubin, or why there is none: cuobjdump -sass for a CUDA ≤ 12
// cubin; for a CUDA 13 one, nvdisasm -b on each code section gpuatom's reader finds (written into
// `scratch`), in section order.
struct ToolListing {
  std::string text;
  std::string error;
};
inline ToolListing list_cubin(const std::filesystem::path& cubin, nvidia::Architecture arch, bool cuda13,
                              const std::filesystem::path& tools, const std::filesystem::path& scratch) {
  ToolListing out;
  if (!cuda13) {
    // cuobjdump takes seconds of CPU on a large cubin (CUB's sorts), minutes on a loaded machine.
    const auto listed = run_tool({(tools / "cuobjdump").string(), "-sass", cubin.string()}, 900);
    if (listed.exit_code != 0) out.error = "cuobjdump failed: " + listed.err;
    out.text = listed.out;
    return out;
  }
  const std::string bytes = testing::slurp_file(cubin);
  const auto read = nvidia::read_cubin(bytes, cubin.string());
  if (const auto* why = std::get_if<support::Diagnostic>(&read)) {
    out.error = support::format(*why);
    return out;
  }
  int n = 0;
  for (const nvidia::CubinKernel& k : std::get<nvidia::Cubin>(read).kernels) {
    const std::filesystem::path raw = scratch / fmt::format("text{}.bin", n++);
    std::ofstream(raw, std::ios::binary) << k.code;
    const auto listed = run_tool({(tools / "nvdisasm").string(), "-b", nvidia::nvdisasm_name(arch), raw.string()}, 900);
    if (listed.exit_code != 0) out.error = "nvdisasm failed: " + listed.err;
    out.text += listed.out;
  }
  return out;
}

// What gpuatom's reading of a cubin found: its atomic words, and what differs from the tool's.
struct CubinReading {
  size_t atomics = 0;                    // atomics gpuatom listed, decoded or not
  std::vector<nvidia::Word128> words;    // every atomic word that decodes, in order
  std::vector<std::string> differences;  // against the tool's listing, or the reader's errors
};

// gpuatom's reading of the cubin (built for `arch`, with the CUDA 13 ELF ABI or not) against
// `listed`, the tool's atomic lines; with no listing (`listed` empty and `have_listing` false),
// only that the cubin reads and every atomic word decodes. `source` names the build in messages.
inline CubinReading read_and_compare_cubin(const std::filesystem::path& cubin, nvidia::Architecture arch, bool cuda13,
                                           const std::vector<std::string>& listed, bool have_listing,
                                           const std::string& source) {
  CubinReading out;
  const std::string bytes = testing::slurp_file(cubin);
  const auto read = nvidia::read_cubin(bytes, cubin.string());
  if (const auto* why = std::get_if<support::Diagnostic>(&read)) {
    out.differences.push_back(source + ": " + support::format(*why));
    return out;
  }
  const nvidia::Cubin& c = std::get<nvidia::Cubin>(read);
  if (c.cuda13_abi != cuda13 || !name(arch).starts_with(name(c.architecture)))
    out.differences.push_back(fmt::format("{}: read as a {} cubin for {}", source,
                                          c.cuda13_abi ? "CUDA 13" : "CUDA ≤ 12", name(c.architecture)));
  std::vector<std::string> ours;
  for (const nvidia::CubinKernel& k : c.kernels) {
    const nvidia::CodeAtomics code = nvidia::atomics_in_code(k.code, arch, cubin.string());
    if (code.diagnostics.has_errors()) out.differences.push_back(source + ": " + code.diagnostics.format_all());
    for (const nvidia::CodeAtomic& a : code.atomics) {
      ours.push_back(a.instruction ? nvidia::print(*a.instruction) : a.diagnostics.format_all());
      if (a.instruction) out.words.push_back(a.word);
      if (!a.instruction && !have_listing)
        out.differences.push_back(fmt::format("{}: atomic at 0x{:x} of {} does not decode: {}", source, a.address,
                                              k.name, a.diagnostics.format_all()));
    }
  }
  out.atomics = ours.size();
  if (!have_listing) return out;
  for (size_t i = 0; i < std::max(ours.size(), listed.size()); ++i) {
    const std::string got = i < ours.size() ? comparable(ours[i], arch) : "<none>";
    const std::string want = i < listed.size() ? comparable(listed[i], arch) : "<none>";
    if (got != want)
      out.differences.push_back(
          fmt::format("{}: atomic {} of the cubin\n     tool: {}\n  gpuatom: {}", source, i, want, got));
  }
  return out;
}

// A cuobjdump listing read whole by read_sass, as `check` and `asm` read it: every atomic read,
// its words checked against its text, no diagnostic. What went wrong, one line each.
inline std::vector<std::string> read_listing_back(const std::string& listing, const std::string& source) {
  std::vector<std::string> out;
  const auto read = nvidia::read_sass(listing, source, std::nullopt);
  for (const auto& d : read.diagnostics.all()) out.push_back("cuobjdump listing read back: " + support::format(d));
  const size_t listed = atomic_lines(listing).size();
  if (read.instructions.size() != listed)
    out.push_back(
        fmt::format("{}: read_sass read {} atomics of the listing's {}", source, read.instructions.size(), listed));
  return out;
}

// Every word, per architecture, comes back through gpuatom's own text: the line `disasm sass
// --control` prints (nvdisasm's text, then the unprinted bits and the control bits as comments),
// read by `asm sass --encode`, is the word again (docs/sass128.md, docs/oracles.md). Prints one
// line per architecture and fails the test for each word that does not come back.
inline void expect_words_through_text(const std::map<nvidia::Architecture, std::vector<nvidia::Word128>>& all) {
  size_t failed = 0;
  std::string report;
  for (const auto& [arch, list] : all) {
    size_t back = 0, commented = 0;
    for (const nvidia::Word128& word : list) {
      if (const auto why = text_round_trip::failure(word, arch)) {
        if (++failed <= 20)
          ADD_FAILURE() << fmt::format("{} 0x{:016x} 0x{:016x}: {}", name(arch), word.lo, word.hi, *why);
        continue;
      }
      ++back;
      if (text_round_trip::disassembled(word, arch)->find("/* unprinted:") != std::string::npos) ++commented;
    }
    report += fmt::format("{}: {} words, {} back through gpuatom's text, {} of them with unprinted bits\n", name(arch),
                          list.size(), back, commented);
  }
  std::cout << report;
  EXPECT_EQ(failed, 0u) << "words that do not come back through gpuatom's text";
}

}  // namespace gpuatom::oracle
