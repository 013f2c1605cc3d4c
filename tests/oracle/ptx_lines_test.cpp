// Real ptxas output as the judge of the text side: every PTX kernel of tests/oracle/ptx/ (written
// by scripts/generate-oracle-ptx: every atom, red and sured form the PTX ISA allows, one file per
// range of architectures) is assembled for every architecture from its .target on, by ptxas 11.8
// and, where it is installed and the architecture is sm_75 or later, by ptxas 13.0. Each atomic
// line NVIDIA's disassembler prints must be read by gpuatom for that architecture without an
// error, and printed back exactly as NVIDIA printed it.
//
// 11.8 cubins are listed by `cuobjdump -sass`. The 11.8 cuobjdump and nvdisasm refuse CUDA 13
// cubins (a new ELF ABI version), so their code sections are listed by `nvdisasm -b SMxy` as raw
// instructions (docs/oracles.md).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <thread>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/binary/cubin.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "oracle/cubin_oracle.hpp"
#include "oracle/nvdisasm_raw.hpp"
#include "oracle/nvidia_tools.hpp"
#include "oracle/sass_listing.hpp"

namespace {

namespace fs = std::filesystem;
using gpuatom::nvidia::Architecture;
using gpuatom::oracle::listed_by_cuda118;
using gpuatom::oracle::run_tool;

// ptxas 13.0: $GPUATOM_PTXAS13, else the CUDA 13 toolkit's usual place.
std::optional<fs::path> ptxas13() {
  fs::path p = "/usr/local/cuda/bin/ptxas";
  if (const char* env = std::getenv("GPUATOM_PTXAS13"); env && *env) p = env;
  if (!fs::exists(p)) return std::nullopt;
  const auto r = run_tool({p.string(), "--version"});
  if (r.out.find("release 13.") == std::string::npos) return std::nullopt;
  return p;
}

struct PtxFile {
  fs::path path;
  int version = 0;  // .version 7.8 → 78
  Architecture target = Architecture::sm_50;
  bool address32 = false;  // .address_size 32: ptxas -m32, which 11.8 refuses for sm_90 and 13.0 lacks
};

std::vector<PtxFile> ptx_files() {
  std::vector<PtxFile> out;
  static const std::regex version(R"(\.version (\d+)\.(\d+))"), target(R"(\.target (sm_\d+))");
  for (const auto& entry : fs::directory_iterator(fs::path(GPUATOM_SOURCE_DIR) / "tests/oracle/ptx")) {
    if (entry.path().extension() != ".ptx") continue;
    const std::string text = gpuatom::testing::slurp_file(entry.path());
    std::smatch v, t;
    if (!std::regex_search(text, v, version) || !std::regex_search(text, t, target))
      throw std::runtime_error(entry.path().string() + ": no .version or .target");
    const auto arch = gpuatom::nvidia::parse_architecture(t[1].str());
    if (!arch) throw std::runtime_error(entry.path().string() + ": unknown .target " + t[1].str());
    out.push_back({entry.path(), std::stoi(v[1]) * 10 + std::stoi(v[2]), *arch,
                   text.find(".address_size 32") != std::string::npos});
  }
  std::sort(out.begin(), out.end(), [](const PtxFile& a, const PtxFile& b) { return a.path < b.path; });
  return out;
}

// One assembly: a file, an architecture, a ptxas.
struct Job {
  const PtxFile* file;
  Architecture arch;
  bool cuda13;
};

struct Line {
  std::string text;
  std::string source;  // "atom_sm70.ptx sm_75 ptxas 13.0", for messages
};

struct Result {
  std::vector<Line> lines;
  std::vector<gpuatom::oracle::ListedWord> words;        // sm_5x/sm_6x: each atomic line with its word
  std::vector<gpuatom::oracle::ListedWord128> words128;  // sm_70 on (ptxas 11.8): the same, 128-bit
  std::string error;                                     // a tool failed
  // The cubin as gpuatom lists it (read_cubin, atomics_in_code) against the tool's listing, and
  // the tool's listing read back by read_sass (its words checked against its text): what differs.
  std::vector<std::string> listing_differences;
  size_t cubin_atomics = 0;  // atomics gpuatom listed from the cubin
};

Result assemble_and_list(const Job& job, const fs::path& tools, const std::optional<fs::path>& ptxas_13) {
  Result result;
  const std::string source =
      fmt::format("{} {} ptxas {}", job.file->path.filename().string(), name(job.arch), job.cuda13 ? "13.0" : "11.8");
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-ptx");
  const fs::path cubin = dir / "kernel.cubin";
  const fs::path ptxas = job.cuda13 ? *ptxas_13 : tools / "ptxas";
  std::vector<std::string> args = {ptxas.string(),          "-arch", std::string(name(job.arch)),
                                   job.file->path.string(), "-o",    cubin.string()};
  if (job.file->address32) args.push_back("-m32");
  const auto assembled = run_tool(args);
  std::string listing;
  if (!assembled.exited || assembled.exit_code != 0) {
    result.error = source + ": ptxas failed: " + assembled.err;
  } else {
    gpuatom::oracle::ToolListing listed = gpuatom::oracle::list_cubin(cubin, job.arch, job.cuda13, tools, dir);
    if (!listed.error.empty()) result.error = source + ": " + listed.error;
    listing = std::move(listed.text);
  }
  if (result.error.empty()) {
    gpuatom::oracle::CubinReading read = gpuatom::oracle::read_and_compare_cubin(
        cubin, job.arch, job.cuda13, gpuatom::oracle::atomic_lines(listing), true, source);
    result.cubin_atomics += read.atomics;
    result.listing_differences = std::move(read.differences);
    if (!job.cuda13)  // cuobjdump's whole listing, read as check and asm read it: every atomic, its words checked.
      for (std::string& d : gpuatom::oracle::read_listing_back(listing, source))
        result.listing_differences.push_back(std::move(d));
  }
  fs::remove_all(dir);
  for (std::string& text : gpuatom::oracle::atomic_lines(listing)) result.lines.push_back({std::move(text), source});
  if (!job.cuda13 && gpuatom::nvidia::is_spa5(job.arch)) result.words = gpuatom::oracle::atomic_words(listing);
  if (!job.cuda13 && !gpuatom::nvidia::is_spa5(job.arch)) result.words128 = gpuatom::oracle::atomic_words128(listing);
  return result;
}

// Runs the jobs on two threads (the tools are single-threaded; the machine has at least two cores).
std::vector<Result> run_jobs(const std::vector<Job>& jobs, const fs::path& tools, const std::optional<fs::path>& p13) {
  std::vector<Result> results(jobs.size());
  std::atomic<size_t> next{0};
  const auto worker = [&] {
    for (size_t i; (i = next++) < jobs.size();) results[i] = assemble_and_list(jobs[i], tools, p13);
  };
  std::thread other(worker);
  worker();
  other.join();
  return results;
}

// A line fails when it does not parse, draws an error, or prints back differently.
std::optional<std::string> check_line(const std::string& text, Architecture arch) {
  gpuatom::support::Diagnostics diagnostics;
  const auto inst = gpuatom::nvidia::parse_sass_line(text, {"ptxas", 1, 1, std::nullopt}, diagnostics, arch);
  if (inst) gpuatom::nvidia::validate(*inst, diagnostics);
  if (diagnostics.has_errors()) return gpuatom::support::format(diagnostics.all().front());
  if (!inst) return "nothing parsed";
  const std::string printed = gpuatom::nvidia::print(*inst);
  if (printed != text) return "prints back as: " + printed;
  return std::nullopt;
}

TEST(OraclePtxLines, EveryAtomicLinePtxasEmitsReadsAndPrintsBack) {
  GPUATOM_REQUIRE_NVIDIA_TOOLS(tools);
  const std::optional<fs::path> p13 = ptxas13();
  const std::vector<PtxFile> files = ptx_files();
  ASSERT_FALSE(files.empty());
  std::vector<Job> jobs;
  for (const PtxFile& f : files)
    for (const Architecture a : gpuatom::nvidia::architectures()) {
      if (a < f.target || (f.address32 && a >= Architecture::sm_90) || !listed_by_cuda118(a)) continue;
      if (f.version <= 78) jobs.push_back({&f, a, false});  // ptxas 11.8 reads PTX ISA 7.8 at most
      // CUDA 13 dropped sm_5x–sm_72, and 32-bit addressing.
      if (p13 && a >= Architecture::sm_75 && !f.address32) jobs.push_back({&f, a, true});
    }
  const std::vector<Result> results = run_jobs(jobs, tools, p13);

  // Per architecture: each distinct line once (with where it was first seen), and the failures.
  std::map<Architecture, std::map<std::string, std::string>> lines;
  std::map<std::pair<Architecture, bool>, std::set<std::string>> by_ptxas;  // (arch, 13.0?) → lines
  size_t cubin_atomics = 0, listing_differences = 0;
  for (size_t i = 0; i < jobs.size(); ++i) {
    EXPECT_TRUE(results[i].error.empty()) << results[i].error;
    cubin_atomics += results[i].cubin_atomics;
    for (const std::string& d : results[i].listing_differences)
      if (++listing_differences <= 20) ADD_FAILURE() << d;
    for (const Line& l : results[i].lines) {
      lines[jobs[i].arch].emplace(l.text, l.source);
      by_ptxas[{jobs[i].arch, jobs[i].cuda13}].insert(l.text);
    }
  }
  size_t total = 0, failed = 0;
  std::string report =
      fmt::format("{:<7} {:>6} {:>10} {:>10} {:>9}\n", "arch", "lines", "ptxas 11.8", "ptxas 13.0", "accepted");
  for (const auto& [arch, texts] : lines) {
    size_t bad = 0;
    for (const auto& [text, source] : texts)
      if (const auto why = check_line(text, arch)) {
        if (++failed <= 40) ADD_FAILURE() << source << ": " << text << "\n    " << *why;
        ++bad;
      }
    total += texts.size();
    report += fmt::format("{:<7} {:>6} {:>10} {:>10} {:>9}\n", name(arch), texts.size(), by_ptxas[{arch, false}].size(),
                          by_ptxas[{arch, true}].size(), texts.size() - bad);
  }
  report += fmt::format("{:<7} {:>6} {:>10} {:>10} {:>9}   ({} assemblies{})\n", "all", total, "", "", total - failed,
                        jobs.size(), p13 ? ", ptxas 11.8 and 13.0" : ", ptxas 11.8 only: no ptxas 13.0 found");
  report += fmt::format(
      "cubins: {} atomics listed by gpuatom from {} cubins (both ELF ABIs), {} differences from the "
      "tools' listings\n",
      cubin_atomics, jobs.size(), listing_differences);
  std::cout << report;
  EXPECT_EQ(listing_differences, 0u);
  // GPUATOM_PTX_LINES_DIR=dir keeps every distinct line, one file per architecture (dir/sm_90.sass).
  if (const char* keep = std::getenv("GPUATOM_PTX_LINES_DIR"); keep && *keep)
    for (const auto& [arch, texts] : lines) {
      std::ofstream out(fs::path(keep) / fmt::format("{}.sass", name(arch)));
      for (const auto& [text, source] : texts) out << text << '\n';
    }
  RecordProperty("lines", static_cast<int>(total));
  RecordProperty("refused", static_cast<int>(failed));
  EXPECT_EQ(failed, 0u) << "of " << total << " distinct atomic lines";
  // Every architecture gave lines: an empty listing would pass vacuously.
  for (const Architecture a : gpuatom::nvidia::architectures()) {
    if (listed_by_cuda118(a)) {
      EXPECT_GT(lines[a].size(), 100u) << name(a);
    }
  }

  // sm_5x/sm_6x: each atomic word ptxas wrote decodes, for its architecture, to the text cuobjdump
  // printed for it (a dual-issued second instruction is listed without its ';').
  std::map<Architecture, std::map<uint64_t, std::string>> words;
  for (size_t i = 0; i < jobs.size(); ++i)
    for (const auto& w : results[i].words) words[jobs[i].arch].emplace(w.word, w.text);
  size_t decoded = 0, differ = 0;
  std::string word_report;
  for (const auto& [arch, texts] : words) {
    size_t same = 0;
    for (const auto& [word, listed] : texts) {
      const gpuatom::nvidia::Decoded d = gpuatom::nvidia::decode(word, {}, arch);
      std::string got = d.instruction ? gpuatom::nvidia::print(*d.instruction) : "<no instruction>";
      std::string want = listed;
      for (std::string* t : {&got, &want})
        if (t->size() >= 2 && t->compare(t->size() - 2, 2, " ;") == 0) t->resize(t->size() - 2);
      if (got == want && !d.diagnostics.has_errors()) {
        ++same;
      } else if (++differ <= 20) {
        ADD_FAILURE() << fmt::format("{} 0x{:016x}\n  cuobjdump: {}\n    gpuatom: {}\n{}", name(arch), word, want, got,
                                     d.diagnostics.format_all());
      }
    }
    decoded += texts.size();
    word_report += fmt::format("{}: {} words, {} decode to cuobjdump's text\n", name(arch), texts.size(), same);
  }
  std::cout << word_report;
  EXPECT_EQ(differ, 0u) << "of " << decoded << " distinct sm_5x/sm_6x words";
  for (const Architecture a : gpuatom::nvidia::architectures()) {
    if (gpuatom::nvidia::is_spa5(a)) {
      EXPECT_GT(words[a].size(), 100u) << name(a);
    }
  }

  // sm_70 … sm_90: each 128-bit atomic word ptxas 11.8 wrote decodes to the text cuobjdump 11.8
  // printed for it and encodes back to itself, control bits included. On Hopper the 11.8 tools
  // print a 64-bit address without the desc[URn] nvdisasm 13.0 prints for the same word; gpuatom
  // follows 13.0, so desc[URn] is set aside there (docs/oracles.md).
  std::map<Architecture, std::map<std::pair<uint64_t, uint64_t>, std::string>> words128;
  for (size_t i = 0; i < jobs.size(); ++i)
    for (const auto& w : results[i].words128) words128[jobs[i].arch].emplace(std::pair{w.word.lo, w.word.hi}, w.text);
  size_t decoded128 = 0, differ128 = 0;
  std::string report128;
  for (const auto& [arch, texts] : words128) {
    size_t same = 0;
    for (const auto& [halves, listed] : texts) {
      const gpuatom::nvidia::Word128 word{halves.first, halves.second};
      const auto d = gpuatom::nvidia::decode128(word, arch);
      const auto* inst = std::get_if<gpuatom::nvidia::Instruction>(&d);
      const std::string got = gpuatom::oracle::as_cuda118_prints(
          inst ? gpuatom::nvidia::print(*inst) : std::get<gpuatom::support::Diagnostic>(d).message, arch);
      const std::string& want = listed;
      const auto again =
          inst ? gpuatom::nvidia::encode128(*inst, arch) : decltype(gpuatom::nvidia::encode128(*inst, arch)){};
      const auto* back = std::get_if<gpuatom::nvidia::Word128>(&again);
      if (inst && got == want && back && back->lo == word.lo && back->hi == word.hi) {
        ++same;
      } else if (++differ128 <= 20) {
        ADD_FAILURE() << fmt::format(
            "{} 0x{:016x} 0x{:016x}\n  cuobjdump: {}\n    gpuatom: {}{}", name(arch), word.lo, word.hi, want, got,
            back && (back->lo != word.lo || back->hi != word.hi) ? " (re-encodes differently)" : "");
      }
    }
    decoded128 += texts.size();
    report128 += fmt::format("{}: {} 128-bit words, {} decode to cuobjdump's text and encode back\n", name(arch),
                             texts.size(), same);
  }
  std::cout << report128;
  EXPECT_EQ(differ128, 0u) << "of " << decoded128 << " distinct sm_70 … sm_90 words";
  for (const Architecture a : gpuatom::nvidia::architectures()) {
    if (!gpuatom::nvidia::is_spa5(a) && listed_by_cuda118(a)) {
      EXPECT_GT(words128[a].size(), 100u) << name(a);
    }
  }
  // Every word ptxas 11.8 wrote, 64-bit and 128-bit, comes back through gpuatom's own text.
  std::map<Architecture, std::vector<gpuatom::nvidia::Word128>> all;
  for (const auto& [arch, texts] : words)
    for (const auto& listed : texts) all[arch].push_back({listed.first, 0});
  for (const auto& [arch, texts] : words128)
    for (const auto& listed : texts) all[arch].push_back({listed.first.first, listed.first.second});
  gpuatom::oracle::expect_words_through_text(all);
}

}  // namespace

namespace {

// The listing reader, on the shapes cuobjdump and nvdisasm print (no tools needed).
TEST(OraclePtxLines, ListingReaderKeepsAtomicInstructionsAsPrinted) {
  const std::string listing =
      "\t\tFunction : k\n"
      "        /*0008*/                   MOV R1, c[0x0][0x20] ;      /* 0x4c98078000870001 */\n"
      "        /*0098*/         {         IADD32I R23, R0.reuse, 0x12 ;  /* 0x1c00000001270017 */\n"
      "                                                                  /* 0x001fc000fe2008f3 */\n"
      "        /*00a8*/                   SURED.D.BA.1D.ADD.TRAP [R10], R4, 0x58         }\n"
      "                                                                  /* 0xeb5c058000870a04 */\n"
      "        /*00b8*/         {    @!P0 ATOMS.MIN.S32 RZ, [0x2c0], R4 ;  /* 0xec1002c000470fff */\n"
      "        /*00c0*/               @P0 ATOMG.E.ADD.STRONG.GPU PT, R4, [R2.64], R5 ;\n"
      "        /*00d0*/                   REDUX.SUM UR5, R12 ;\n"
      "        /*00e0*/                   REDG.E.ADD.STRONG.GPU [R2.64+0x8], R11 ;  /* 0x0000080b0200098e */\n"
      "        /*00f0*/                   ATOMSX R1 ;\n";
  const std::vector<std::string> expected = {
      "SURED.D.BA.1D.ADD.TRAP [R10], R4, 0x58", "@!P0 ATOMS.MIN.S32 RZ, [0x2c0], R4 ;",
      "@P0 ATOMG.E.ADD.STRONG.GPU PT, R4, [R2.64], R5 ;", "REDG.E.ADD.STRONG.GPU [R2.64+0x8], R11 ;"};
  EXPECT_EQ(gpuatom::oracle::atomic_lines(listing), expected);
}

}  // namespace
