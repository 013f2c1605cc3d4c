// Stress and linearizability (docs/reliability.md): for each vendor, randomized racy programs —
// random atomic ops, widths, operands and addresses on a few words, several groups — run in
// parallel mode on real host threads, and every run is checked with the serial-order checker
// through the `explainable` expectation: the returned values and the final memory must be
// explained by some serial order of the atomics, at every address.
//
// Each vendor runs for GPUATOM_STRESS_SECONDS (default 2: the default suite's short form;
// `make stress MINUTES=N` sets it for the long form). Every program's seed is printed on failure,
// and GPUATOM_STRESS_SEED=S re-runs exactly that program first.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "common/sanitizers.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/scenario.hpp"
#include "gpuatom/support/random.hpp"

namespace {

using gpuatom::support::SplitMix64;
namespace scenario = gpuatom::scenario;

double seconds_per_vendor() {
  if (const char* s = std::getenv("GPUATOM_STRESS_SECONDS")) return std::max(0.1, std::atof(s));
  return gpuatom::testing::under_tsan ? 4 : 2;
}

uint64_t first_seed() {
  if (const char* s = std::getenv("GPUATOM_STRESS_SEED")) return std::strtoull(s, nullptr, 0);
  return static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
}

// A value in 0 … n-1.
uint64_t pick(SplitMix64& random, uint64_t n) { return random.below(n); }

// A per-lane operand expression: small values (0 … range-1) so that CAS compares hit and min/max
// and exchanges collide; different per lane and per instruction.
std::string operand_expression(SplitMix64& random, uint64_t range) {
  const uint64_t a = 1 + pick(random, 1000), b = pick(random, 1000);
  return fmt::format("(tid * {} + {}) % {}", a, b, range);
}

struct Program {
  std::string toml;
  uint64_t atomics = 0;
};

// Lanes and groups: several groups so that host threads race, few lanes so that the serial-order
// search stays small.
struct Shape {
  uint32_t group;
  uint32_t groups;
};

Shape random_shape(SplitMix64& random) {
  return {pick(random, 2) ? 4u : 2u, static_cast<uint32_t>(4 + pick(random, 8))};
}

// The words the programs race on: eight 32-bit words at addr(w), eight 64-bit words at addr(w) + 32.
constexpr const char* region = "[[region]]\nname = \"w\"\nsize = 96\nfill = \"i % 3\"\n";

// Lane tid's word among `words` of `bytes` from byte `base` of w, rotated by `shift`.
std::string word_address(uint64_t base, uint64_t bytes, uint64_t words, uint64_t shift) {
  return fmt::format("addr(w) + {} + {} * ((tid + {}) % {})", base, bytes, shift, words);
}

// NVIDIA: ATOM.E ops on 4 32-bit words and 2 64-bit words of one region; R2:R3 holds its address.
Program sass_program(uint64_t seed) {
  SplitMix64 random(seed);
  const Shape shape = random_shape(random);
  struct Op {
    const char* text;
    bool wide;
    bool cas;
  };
  static const Op ops[] = {
      {"ADD", false, false},    {"ADD.S32", false, false}, {"MIN.S32", false, false}, {"MAX", false, false},
      {"INC", false, false},    {"DEC", false, false},     {"AND", false, false},     {"OR", false, false},
      {"XOR", false, false},    {"EXCH", false, false},    {"CAS", false, true},      {"ADD.F32.FTZ.RN", false, false},
      {"ADD.U64", true, false}, {"MIN.S64", true, false},  {"MAX.U64", true, false},  {"EXCH.64", true, false},
      {"CAS.64", true, true},   {"AND.64", true, false},
  };
  const uint32_t instructions = static_cast<uint32_t>(2 + pick(random, 2));
  std::string program, lanes;
  for (uint32_t k = 0; k < instructions; ++k) {
    const Op& op = ops[pick(random, std::size(ops))];
    // Registers: R(8+8k) destination pair, R(12+8k)… operands (even, for 64-bit and CAS pairs),
    // R(40+2k):R(41+2k) the lane's address.
    const uint32_t rd = 8 + 8 * k, rb = 12 + 8 * k, ra = 40 + 2 * k;
    const std::string address =
        op.wide ? word_address(32, 8, 8, pick(random, 8)) : word_address(0, 4, 8, pick(random, 8));
    lanes += fmt::format("R{0} = \"lo({2})\"\nR{1} = \"hi({2})\"\n", ra, ra + 1, address);
    const uint64_t offset = 0;
    const bool red = !op.cas && std::string(op.text).find("EXCH") == std::string::npos && pick(random, 4) == 0;
    if (red) {
      program += fmt::format("RED.E.{} [R{}+0x{:x}], R{} ;\n", op.text, ra, offset, rb);
    } else if (op.cas) {
      // Rb (even) is the compare value, Rc = Rb+1 (64-bit: the pair Rb+2) the swap value.
      const uint32_t rc = rb + (op.wide ? 2 : 1);
      program += fmt::format("ATOM.E.{} R{}, [R{}+0x{:x}], R{}, R{} ;\n", op.text, rd, ra, offset, rb, rc);
      lanes += fmt::format("R{} = \"{}\"\n", rc, operand_expression(random, 4));
    } else {
      program += fmt::format("ATOM.E.{} R{}, [R{}+0x{:x}], R{} ;\n", op.text, rd, ra, offset, rb);
    }
    if (std::string(op.text) == "ADD.F32.FTZ.RN")
      lanes += fmt::format("R{} = \"f32(1.0) * ((tid + {}) % 3 == 0)\"\n", rb, pick(random, 3));
    else
      lanes += fmt::format("R{} = \"{}\"\n", rb, operand_expression(random, 6));
  }
  Program p;
  p.atomics = uint64_t{instructions} * shape.group * shape.groups;
  p.toml = fmt::format(
      "isa = \"sass\"\nprogram = \"\"\"\n{}\"\"\"\n\n[launch]\nlanes = {}\ngroup = {}\n\n{}\n[lanes]\n{}\n"
      "[[expect]]\nexplainable = true\n\n[[expect]]\nfaults = 0\n",
      program, shape.group * shape.groups, shape.group, region, lanes);
  return p;
}

// Intel: svm_atomic ops (32-bit on 4 words, 64-bit on 2) with per-channel addresses.
Program visa_program(uint64_t seed) {
  SplitMix64 random(seed);
  const Shape shape = random_shape(random);
  struct Op {
    const char* name;
    int sources;  // 0: inc/dec/predec, 1: Src0, 2: Src0 and Src1
    bool can_be_wide;
    bool floating;
  };
  static const Op ops[] = {
      {"add", 1, true, false},    {"sub", 1, true, false},    {"inc", 0, true, false},  {"dec", 0, true, false},
      {"min", 1, true, false},    {"max", 1, true, false},    {"xchg", 1, true, false}, {"cmpxchg", 2, true, false},
      {"and", 1, true, false},    {"or", 1, true, false},     {"xor", 1, true, false},  {"imin", 1, true, false},
      {"imax", 1, true, false},   {"predec", 0, true, false}, {"fmax", 1, false, true}, {"fmin", 1, false, true},
      {"fcmpwr", 2, false, true},
  };
  const uint32_t g = shape.group;
  std::string decls = fmt::format(
      ".decl A32 v_type=G type=uq num_elts={0} align=GRF\n"
      ".decl A64 v_type=G type=uq num_elts={0} align=GRF\n",
      g);
  std::string program, lanes;
  const uint32_t instructions = static_cast<uint32_t>(2 + pick(random, 2));
  // Per instruction: one address variable (each channel its word), Dst and sources of the width.
  for (uint32_t k = 0; k < instructions; ++k) {
    const Op& op = ops[pick(random, std::size(ops))];
    const bool wide = op.can_be_wide && pick(random, 3) == 0;
    const char* type = wide                                                               ? "uq"
                       : op.floating                                                      ? "f"
                       : std::string(op.name) == "imin" || std::string(op.name) == "imax" ? "d"
                                                                                          : "ud";
    decls += fmt::format(
        ".decl AD{0} v_type=G type=uq num_elts={1} align=GRF\n"
        ".decl D{0} v_type=G type={2} num_elts={1} align=GRF\n"
        ".decl S{0} v_type=G type={2} num_elts={1} align=GRF\n"
        ".decl C{0} v_type=G type={2} num_elts={1} align=GRF\n",
        k, g, type);
    const std::string dst = pick(random, 4) == 0 ? "%null.0" : fmt::format("D{}.0", k);
    const std::string src0 = op.sources >= 1 ? fmt::format("S{}.0", k) : "%null.0";
    const std::string src1 = op.sources >= 2 ? fmt::format("C{}.0", k) : "%null.0";
    program +=
        fmt::format("svm_atomic.{}{} (M1, {}) AD{}.0 {} {} {}\n", op.name, wide ? ".64" : "", g, k, dst, src0, src1);
    lanes += fmt::format("AD{} = \"{}\"\n", k,
                         wide ? word_address(32, 8, 8, pick(random, 8)) : word_address(0, 4, 8, pick(random, 8)));
    const auto value = [&](const std::string& name) {
      if (op.floating)
        lanes += fmt::format("{} = \"f32(1.0) * ((tid + {}) % 3)\"\n", name, pick(random, 3));
      else
        lanes += fmt::format("{} = \"{}\"\n", name, operand_expression(random, 6));
    };
    if (op.sources >= 1) value(fmt::format("S{}", k));
    if (op.sources >= 2) value(fmt::format("C{}", k));
  }
  // Float ops and integer ops share the 32-bit words: fill with small integers that are also
  // small float bit patterns (denormals); the checker compares bits, whatever the op.
  Program p;
  p.atomics = uint64_t{instructions} * g * shape.groups;
  p.toml = fmt::format(
      "isa = \"visa\"\nprogram = \"\"\"\n{}{}\"\"\"\n\n[launch]\nlanes = {}\ngroup = {}\n\n{}\n[lanes]\n{}\n"
      "[[expect]]\nexplainable = true\n\n[[expect]]\nfaults = 0\n",
      decls, program, g * shape.groups, g, region, lanes);
  return p;
}

// AMD: the page's rows on device memory (native atomics), 32-bit rows on 4 words, 64-bit on 2.
Program amd_program(uint64_t seed) {
  SplitMix64 random(seed);
  const Shape shape = random_shape(random);
  static const char* rows32[] = {"32 bit atomicAdd",       "32 bit atomicSub",      "32 bit atomicMin",
                                 "32 bit atomicMax",       "32 bit atomicInc",      "32 bit atomicDec",
                                 "32 bit atomicExch",      "32 bit atomicCAS",      "32 bit atomicAnd",
                                 "32 bit atomicOr",        "32 bit atomicXor",      "32 bit float atomicAdd",
                                 "32 bit float atomicMin", "32 bit float atomicMax"};
  static const char* rows64[] = {"64 bit atomicAdd",  "64 bit atomicMin", "64 bit atomicMax",
                                 "64 bit atomicExch", "64 bit atomicCAS", "64 bit atomicAnd",
                                 "64 bit atomicOr",   "64 bit atomicXor", "64 bit float atomicAdd"};
  const uint32_t operations = static_cast<uint32_t>(2 + pick(random, 2));
  static const char* devices[] = {"MI100", "MI200 PCIe", "MI300X", "gfx11 dGPU", "gfx12 dGPU"};
  const char* device = devices[pick(random, std::size(devices))];
  std::string program;
  for (uint32_t k = 0; k < operations; ++k) {
    const bool wide = pick(random, 3) == 0;
    const std::string row = wide ? rows64[pick(random, std::size(rows64))] : rows32[pick(random, std::size(rows32))];
    const std::string address = wide ? word_address(32, 8, 8, pick(random, 8)) : word_address(0, 4, 8, pick(random, 8));
    const bool floating = row.find("float") != std::string::npos;
    const std::string operand = floating
                                    ? fmt::format("{}(1.0) * ((tid + {}) % 3)", wide ? "f64" : "f32", pick(random, 3))
                                    : operand_expression(random, 6);
    program += fmt::format("\"{}\" address=\"{}\" operand=\"{}\"", row, address, operand);
    if (row.find("CAS") != std::string::npos) program += fmt::format(" compare=\"{}\"", operand_expression(random, 4));
    program += fmt::format(" result=\"r{}\"\n", k);
  }
  Program p;
  p.atomics = uint64_t{operations} * shape.group * shape.groups;
  p.toml = fmt::format(
      "isa = \"amd\"\nprogram = \"\"\"\n{}\"\"\"\n\n[options]\ndevice = \"{}\"\n\n[launch]\nlanes = {}\ngroup = "
      "{}\n\n{}\n"
      "[[expect]]\nexplainable = true\n\n[[expect]]\nfaults = 0\n",
      program, device, shape.group * shape.groups, shape.group, region);
  return p;
}

// Runs programs made by `make` for the configured time; every run must pass its expectations.
void stress(const char* vendor, Program (*make)(uint64_t)) {
  scenario::RunOptions options;
  options.mode = scenario::Mode::parallel;
  options.threads = std::max(2u, std::thread::hardware_concurrency());
  options.quiet = true;
  const double budget = seconds_per_vendor();
  const auto start = std::chrono::steady_clock::now();
  uint64_t seed = first_seed(), runs = 0, atomics = 0, refused = 0;
  std::cout << "[ stress   ] " << vendor << ": first seed " << seed << " (GPUATOM_STRESS_SEED=" << seed
            << " reproduces it), " << budget << " s\n";
  do {
    const Program p = make(seed);
    auto loaded = scenario::parse_scenario(p.toml, fmt::format("{}-stress-{}.toml", vendor, seed));
    ASSERT_TRUE(std::holds_alternative<scenario::Scenario>(loaded))
        << "seed " << seed << ": the generated scenario does not load:\n"
        << std::get<gpuatom::support::Diagnostics>(loaded).format_all() << p.toml;
    const scenario::Scenario& s = std::get<scenario::Scenario>(loaded);
    auto result = scenario::run_scenario(s, options);
    // An AMD row the chosen device cannot execute (n/a) is refused before anything runs: not a
    // program to check. Anything else refused is a bug of the generator.
    if (const auto* d = std::get_if<gpuatom::support::Diagnostics>(&result);
        d && d->format_all().find(" is n/a on ") != std::string::npos) {
      ++refused;
      seed = SplitMix64(seed).next();
      continue;
    }
    ASSERT_TRUE(std::holds_alternative<scenario::RunReport>(result))
        << "seed " << seed << ": the generated scenario is refused:\n"
        << std::get<gpuatom::support::Diagnostics>(result).format_all() << p.toml;
    const scenario::RunReport& report = std::get<scenario::RunReport>(result);
    for (const auto& e : report.expectations)
      ASSERT_TRUE(e.passed) << "seed " << seed << " (GPUATOM_STRESS_SEED=" << seed << "): " << e.what << ": "
                            << e.detail << "\n"
                            << p.toml;
    ++runs;
    atomics += p.atomics;
    seed = SplitMix64(seed).next();
  } while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < budget);
  std::cout << "[ stress   ] " << vendor << ": " << runs << " programs, " << atomics << " atomics, every run explained";
  if (refused) std::cout << " (" << refused << " programs with an operation the device cannot execute skipped)";
  std::cout << "\n";
  EXPECT_GT(runs, 0u);
}

TEST(StressLinearizability, NvidiaSass) { stress("sass", sass_program); }
TEST(StressLinearizability, IntelSvm) { stress("visa", visa_program); }
TEST(StressLinearizability, Amd) { stress("amd", amd_program); }

}  // namespace
