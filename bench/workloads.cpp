// The pairs' scenarios and the front-ends' inputs (workloads.hpp).
#include "workloads.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "gpuatom/intel/binary/encoder.hpp"
#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"

namespace gpuatom::bench {

std::string read_source_file(const std::string& relative) {
  const std::string path = std::string(GPUATOM_SOURCE_DIR) + "/" + relative;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

uint64_t word_of(Pattern pattern, uint64_t tid) {
  switch (pattern) {
    case Pattern::uncontended: return tid;
    case Pattern::histogram: return tid % 256;
    case Pattern::hot: return 0;
  }
  return 0;
}

uint64_t words_of(Pattern pattern, uint64_t lanes) {
  return pattern == Pattern::uncontended ? lanes : pattern == Pattern::histogram ? 256 : 1;
}

namespace {

const char* address_expression(Pattern pattern) {
  switch (pattern) {
    case Pattern::uncontended: return "addr(buf) + tid * 4";
    case Pattern::histogram: return "addr(buf) + (tid % 256) * 4";
    case Pattern::hot: return "addr(buf)";
  }
  return "";
}

// The bytes of the region a pair's lanes address: their words, at least a page.
uint64_t buffer_bytes(Pattern pattern, uint64_t lanes) {
  return std::max<uint64_t>(4096, words_of(pattern, lanes) * 4);
}

scenario::Scenario load(const std::string& text) {
  auto parsed = scenario::parse_scenario(text, "bench.toml");
  if (auto* d = std::get_if<support::Diagnostics>(&parsed)) throw std::runtime_error(d->format_all());
  return std::get<scenario::Scenario>(std::move(parsed));
}

scenario::Scenario sass_scenario(Pattern pattern, uint64_t lanes, const char* instruction, const char* operand) {
  const std::string address = address_expression(pattern);
  return load(fmt::format(R"TOML(name = "bench"
isa = "sass"
program = "{} R0, [R2], R4 ;"
[launch]
lanes = {}
[[region]]
name = "buf"
size = {}
[lanes]
R2 = "lo({})"
R3 = "hi({})"
R4 = "{}"
)TOML",
                          instruction, lanes, buffer_bytes(pattern, lanes), address, address, operand));
}

// An Intel untyped pair: `program` (whose ADDR and VAL are its addresses and values) over `lanes`
// channels of one dword each.
scenario::Scenario intel_untyped_scenario(const char* program, const char* platform, unsigned group, uint64_t lanes) {
  return load(fmt::format(R"TOML(name = "bench"
isa = "visa"
program = """
{}
"""
options = {{ platform = "{}" }}
[launch]
lanes = {}
group = {}
[[region]]
name = "buf"
size = {}
[lanes]
ADDR = "addr(buf) + tid * 4"
VAL = 1
)TOML",
                          program, platform, lanes, group, lanes * 4));
}

// `global_atomic_add v[2:3], v1, off` (gfx90a, waves of 64, returning nothing), the address in a
// VGPR pair.
scenario::Scenario amd_isa_scenario(Pattern pattern, uint64_t lanes) {
  return load(fmt::format(R"TOML(name = "bench"
isa = "amd"
program = "global_atomic_add v[2:3], v1, off"
[options]
target = "gfx90a"
[launch]
lanes = {}
[[region]]
name = "buf"
size = {}
[lanes]
"v[2:3]" = "{}"
v1 = 1
)TOML",
                          lanes, buffer_bytes(pattern, lanes), address_expression(pattern)));
}

// SIMD8 typed_atomic.add on a 2D surface of u32 texels, one texel per channel: `typed_width`
// texels per row, channel tid at (U, V) = (tid % width, tid / width).
scenario::Scenario intel_typed2d_scenario(uint64_t lanes) {
  const uint64_t rows = (lanes + typed_width - 1) / typed_width;
  return load(fmt::format(R"TOML(name = "bench"
isa = "visa"
program = """
.decl U    v_type=G type=ud num_elts=8 align=GRF
.decl V    v_type=G type=ud num_elts=8 align=GRF
.decl VAL  v_type=G type=ud num_elts=8 align=GRF
.decl OLD  v_type=G type=ud num_elts=8 align=GRF
.decl TEX  v_type=T num_elts=1
typed_atomic.add (M1, 8) TEX U.0 V.0 %null.0 %null.0 VAL.0 %null.0 OLD.0
"""
[launch]
lanes = {}
[[region]]
name = "tex"
size = {}
[[surface]]
header = 6
dim = "2d"
width = {}
height = {}
region = "tex"
[lanes]
U = "tid % {}"
V = "tid / {}"
VAL = 1
)TOML",
                          lanes, rows * typed_width * 4, typed_width, rows, typed_width, typed_width));
}

// AMD FP32 atomicAdd with the CAS-emulation strategy, one float per lane.
scenario::Scenario amd_cas_scenario(uint64_t lanes) {
  return load(fmt::format(R"TOML(name = "bench"
isa = "amd"
program = """
"32 bit float atomicAdd" address="addr(buf) + tid * 4" operand="f32(1.0)" scope="device"
"""
[options]
device = "MI200 PCIe"
strategy = "cas"
[launch]
lanes = {}
[[region]]
name = "buf"
size = {}
)TOML",
                          lanes, lanes * 4));
}

// SIMD8 svm_atomic.add and SIMD16 lsc_atomic_iadd.ugm (DG2), returning nothing, as IGC writes an
// atomic whose result is unused.
constexpr const char* svm_add_simd8 = R"(.decl ADDR v_type=G type=uq num_elts=8 align=GRF
.decl OLD  v_type=G type=ud num_elts=8 align=GRF
.decl VAL  v_type=G type=ud num_elts=8 align=GRF
svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0)";
constexpr const char* lsc_add_simd16 = R"(.decl ADDR v_type=G type=uq num_elts=16 align=GRF
.decl VAL  v_type=G type=ud num_elts=16 align=GRF
lsc_atomic_iadd.ugm (M1, 16)  %null:d32  flat[ADDR]:a64  VAL  %null)";

const PairWorkload pairs[] = {
    {"u32_add_uncontended", [](uint64_t n) { return sass_scenario(Pattern::uncontended, n, "ATOM.E.ADD", "1"); }},
    {"u32_add_histogram256", [](uint64_t n) { return sass_scenario(Pattern::histogram, n, "ATOM.E.ADD", "1"); }},
    {"u32_add_hot_address", [](uint64_t n) { return sass_scenario(Pattern::hot, n, "ATOM.E.ADD", "1"); }},
    {"f32_ftz_add_uncontended",
     [](uint64_t n) { return sass_scenario(Pattern::uncontended, n, "ATOM.E.ADD.F32.FTZ.RN", "f32(1.0)"); }},
    {"intel_svm_add_simd8", [](uint64_t n) { return intel_untyped_scenario(svm_add_simd8, "gen12", 8, n); }},
    {"intel_typed2d_add_simd8", intel_typed2d_scenario},
    {"intel_lsc_add_simd16", [](uint64_t n) { return intel_untyped_scenario(lsc_add_simd16, "dg2", 16, n); }},
    {"amd_cas_fp32_add", amd_cas_scenario},
    {"amd_isa_add_uncontended", [](uint64_t n) { return amd_isa_scenario(Pattern::uncontended, n); }},
    {"amd_isa_add_histogram256", [](uint64_t n) { return amd_isa_scenario(Pattern::histogram, n); }},
};

}  // namespace

std::span<const PairWorkload> pair_workloads() { return pairs; }

const PairWorkload& pair_workload(const std::string& name) {
  for (const PairWorkload& p : pairs)
    if (name == p.name) return p;
  throw std::runtime_error("no pair named " + name);
}

namespace {

// The disassembler lines of the SASS corpus (comments dropped).
std::vector<std::string> sass_corpus_lines() {
  std::vector<std::string> lines;
  std::istringstream in(read_source_file("tests/conformance/nvidia/corpus.sass"));
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && !line.starts_with("//")) lines.push_back(line);
  return lines;
}

// The Maxwell words of the words corpus.
std::vector<uint64_t> maxwell_corpus_words() {
  std::vector<uint64_t> words;
  std::istringstream in(read_source_file("tests/conformance/nvidia/words.txt"));
  for (std::string line; std::getline(in, line);)
    if (line.starts_with("0x")) words.push_back(std::stoull(line.substr(0, line.find(' ')), nullptr, 16));
  return words;
}

// The 128-bit words of the CUDA 13 listing for sm_90 (nvdisasm 13.0's, every encoding of each line).
std::vector<nvidia::Word128> sm90_corpus_words() {
  std::vector<nvidia::Word128> words;
  std::istringstream in(read_source_file("tests/conformance/nvidia/cuda13/sm_90.tsv"));
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    std::istringstream fields(line.substr(line.find('\t') + 1));
    for (std::string low, high, bar; fields >> low >> high; fields >> bar)
      words.push_back({std::stoull(low, nullptr, 16), std::stoull(high, nullptr, 16)});
  }
  if (words.empty()) throw std::runtime_error("no sm_90 words");
  return words;
}

}  // namespace

std::string sass_text_input(size_t lines) {
  const auto corpus = sass_corpus_lines();
  std::string source;
  for (size_t i = 0; i < lines; ++i) source += corpus[i % corpus.size()] + "\n";
  return source;
}

std::vector<uint64_t> maxwell_decode_input(size_t count) { return cycled(maxwell_corpus_words(), count); }

std::vector<nvidia::Instruction> maxwell_encode_input() {
  std::vector<nvidia::Instruction> instructions;
  for (const uint64_t w : maxwell_corpus_words()) {
    nvidia::Decoded d = nvidia::decode(w);
    if (d.instruction && !d.diagnostics.has_errors() &&
        std::holds_alternative<uint64_t>(nvidia::encode(*d.instruction)))
      instructions.push_back(*d.instruction);
  }
  if (instructions.empty()) throw std::runtime_error("no encodable word in the corpus");
  return instructions;
}

std::vector<nvidia::Word128> sass128_decode_input(size_t count) { return cycled(sm90_corpus_words(), count); }

std::vector<nvidia::Instruction> sass128_encode_input() {
  std::vector<nvidia::Instruction> instructions;
  for (const nvidia::Word128& w : sm90_corpus_words())
    if (auto d = nvidia::decode128(w, nvidia::Architecture::sm_90); std::holds_alternative<nvidia::Instruction>(d))
      instructions.push_back(std::get<nvidia::Instruction>(d));
  if (instructions.empty()) throw std::runtime_error("no sm_90 word decodes");
  return instructions;
}

std::string code_walk_input(size_t atomics) {
  const auto corpus = sm90_corpus_words();
  std::string code;
  const auto put = [&](uint64_t v) {
    for (int b = 0; b < 8; ++b) code.push_back(static_cast<char>(v >> (8 * b)));
  };
  for (size_t i = 0; i < atomics; ++i) {
    put(corpus[i % corpus.size()].lo);
    put(corpus[i % corpus.size()].hi);
    put(0x0000000000007918ULL);  // NOP (sm_90)
    put(0x000fc00000000000ULL);
  }
  return code;
}

namespace {

// The words llvm-mc 19 decoded for `target` ("KIND HEX SIZE RECORD …", SIZE 0 where it refused).
std::vector<AmdWord> amd_corpus_words(const char* target_name) {
  const amd::isa::Target* target = amd::isa::find_target(target_name);
  if (!target) throw std::runtime_error(std::string("no AMD target ") + target_name);
  std::vector<AmdWord> words;
  std::istringstream in(read_source_file(fmt::format("data/amd-isa/words/{}.txt", target_name)));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string kind, hex;
    unsigned size = 0;
    fields >> kind >> hex >> size;
    if (size == 0 || size > 12 || hex.size() < 2 * size) continue;
    AmdWord w{target, {}, static_cast<uint8_t>(size)};
    for (unsigned i = 0; i < size; ++i)
      w.bytes[i] = static_cast<uint8_t>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
    words.push_back(w);
  }
  if (words.empty()) throw std::runtime_error(std::string("no decoded AMD words for ") + target_name);
  return words;
}

}  // namespace

std::vector<AmdWord> amd_decode_input(size_t count) {
  std::vector<AmdWord> out;
  for (size_t t = 0; t < amd_word_targets.size(); ++t) {
    const size_t share = count / amd_word_targets.size() + (t < count % amd_word_targets.size() ? 1 : 0);
    const std::vector<AmdWord> words = cycled(amd_corpus_words(amd_word_targets[t]), share);
    out.insert(out.end(), words.begin(), words.end());
  }
  return out;
}

std::vector<uint8_t> visa_decode_input(size_t& count) {
  support::Diagnostics d;
  const std::string file = "tests/conformance/intel/spec_examples.visaasm";
  const intel::Module m = intel::parse_visa(read_source_file(file), file, {}, d);
  std::vector<uint8_t> bytes;
  const size_t wanted = count;
  count = 0;
  while (count < wanted) {
    const size_t before = count;
    for (const intel::Instruction& in : m.instructions)
      if (count < wanted && !intel::encode(in, bytes)) ++count;
    if (count == before) break;  // no example has a binary form
  }
  if (count == 0) throw std::runtime_error("nothing to decode");
  return bytes;
}

}  // namespace gpuatom::bench
