// gpuatom-bench-guard: one fixed workload, with callgrind's instrumentation and collection on only
// around the work, so that `valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no`
// counts the instructions of the work and nothing else (scripts/bench-guard divides them by the
// units and compares them with the budgets).
//
//   gpuatom-bench-guard --list                        every workload: name, units, unit
//   gpuatom-bench-guard WORKLOAD [--extra-percent P]  runs it once
//
// --extra-percent P does P % more units of the same work inside the counted region while the
// units reported stay the same: a slowdown of P % per unit, made on purpose, which the guard's own
// test uses to show that such a change fails.
#include <fmt/format.h>
#include <valgrind/callgrind.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "../workloads.hpp"
#include "gpuatom/amd/isa/binary.hpp"
#include "gpuatom/intel/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/report/page_results.hpp"
#include "gpuatom/scenario/bind.hpp"

namespace gpuatom::bench {
namespace {

// Work of `units` units, prepared before the count starts; calling it does the work once.
using Work = std::function<void()>;

struct GuardWorkload {
  std::string name;
  const char* unit;
  uint64_t units;
  std::function<Work(uint64_t units)> prepare;
};

// Failing work must not pass for cheap work: each runs to completion or throws.
void require(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(what);
}

// A pair's executor side: its scenario in parallel mode on one host thread (one thread, so that
// the count does not depend on how the threads met).
Work pair_work(const PairWorkload& pair, uint64_t lanes) {
  auto s = std::make_shared<scenario::Scenario>(pair.scenario(lanes));
  return [s, lanes] {
    scenario::RunOptions options;
    options.mode = scenario::Mode::parallel;
    options.threads = 1;
    options.quiet = true;
    const scenario::RunResult result = scenario::run_scenario(*s, options);
    const auto* report = std::get_if<scenario::RunReport>(&result);
    require(report != nullptr && report->counters.operations == lanes && report->counters.faults == 0,
            "the pair's run did not do every lane's atomic");
  };
}

// Keeps a result the compiler could otherwise find unused.
inline void keep(size_t value) { asm volatile("" : : "r"(value) : "memory"); }

template <class T, class Each>
Work each_of(std::vector<T> items, Each each) {
  return [items = std::move(items), each] {
    for (const T& item : items) each(item);
  };
}

std::vector<GuardWorkload> workloads() {
  std::vector<GuardWorkload> list;
  for (const PairWorkload& pair : pair_workloads())
    list.push_back({fmt::format("pair/{}", pair.name), "lane", 1 << 14,
                    [&pair](uint64_t lanes) { return pair_work(pair, lanes); }});
  list.push_back({"front_end/sass_text_lines", "line", 4096, [](uint64_t n) -> Work {
                    return [source = sass_text_input(n), n] {
                      require(nvidia::parse_sass(source, "guard.sass").instructions.size() == n,
                              "a line did not parse");
                    };
                  }});
  list.push_back({"front_end/maxwell_decode_words", "word", 16384, [](uint64_t n) {
                    return each_of(maxwell_decode_input(n), [](uint64_t w) {
                      require(nvidia::decode(w).instruction.has_value(), "a word did not decode");
                    });
                  }});
  list.push_back({"front_end/maxwell_encode_words", "word", 16384, [](uint64_t n) {
                    return each_of(cycled(maxwell_encode_input(), n), [](const nvidia::Instruction& in) {
                      require(std::holds_alternative<uint64_t>(nvidia::encode(in)), "an instruction did not encode");
                    });
                  }});
  list.push_back({"front_end/sass128_decode_words", "word", 16384, [](uint64_t n) {
                    return each_of(sass128_decode_input(n), [](const nvidia::Word128& w) {
                      keep(nvidia::decode128(w, nvidia::Architecture::sm_90).index());
                    });
                  }});
  list.push_back({"front_end/sass128_encode_words", "word", 16384, [](uint64_t n) {
                    return each_of(cycled(sass128_encode_input(), n), [](const nvidia::Instruction& in) {
                      keep(nvidia::encode128(in, nvidia::Architecture::sm_90).index());
                    });
                  }});
  list.push_back({"front_end/sass128_code_walk_words", "word", 16384, [](uint64_t n) -> Work {
                    return [code = code_walk_input(n / 2), n] {
                      const auto atomics = nvidia::atomics_in_code(code, nvidia::Architecture::sm_90, "guard.cubin");
                      require(atomics.atomics.size() == n / 2, "the atomics did not all list");
                    };
                  }});
  list.push_back({"front_end/visa_binary_decode_instructions", "instruction", 16384, [](uint64_t n) -> Work {
                    size_t count = n;
                    return [bytes = visa_decode_input(count), count] {
                      support::Diagnostics diagnostics;
                      require(intel::decode(bytes, "guard.isa", {}, diagnostics).size() == count,
                              "the stream did not decode back");
                    };
                  }});
  list.push_back({"front_end/amd_decode_words", "word", 4096, [](uint64_t n) {
                    return each_of(amd_decode_input(n), [](const AmdWord& w) {
                      require(std::holds_alternative<amd::isa::Instruction>(amd::isa::decode(w.span(), *w.target)),
                              "an AMD word did not decode");
                    });
                  }});
  // The page `gpuatom report FILE` writes for one small scenario, its run done before the count:
  // what rendering costs, AMD matrices included.
  list.push_back({"report/one_scenario_page", "page", 1, [](uint64_t n) -> Work {
                    auto loaded = scenario::load_scenario(std::string(GPUATOM_SOURCE_DIR) +
                                                          "/examples/nvidia/inc-race-small.toml");
                    require(std::holds_alternative<scenario::Scenario>(loaded), "the example did not load");
                    std::vector<report::ExampleResult> results{
                        report::run_for_page(std::get<scenario::Scenario>(loaded), std::nullopt, 1)};
                    return [results = std::move(results), n] {
                      for (uint64_t i = 0; i < n; ++i) keep(report::html_report(results, "guard", true).size());
                    };
                  }});
  return list;
}

int run(const std::vector<std::string>& args) {
  const auto list = workloads();
  if (args.size() == 1 && args[0] == "--list") {
    for (const GuardWorkload& w : list) fmt::print("{} {} {}\n", w.name, w.units, w.unit);
    return 0;
  }
  unsigned extra_percent = 0;
  if (args.size() == 3 && args[1] == "--extra-percent") {
    const std::string& p = args[2];
    if (std::from_chars(p.data(), p.data() + p.size(), extra_percent).ptr != p.data() + p.size())
      throw std::invalid_argument("--extra-percent takes a whole number, not '" + p + "'");
  } else if (args.size() != 1) {
    throw std::invalid_argument("usage: gpuatom-bench-guard --list | WORKLOAD [--extra-percent P]");
  }
  for (const GuardWorkload& w : list) {
    if (w.name != args[0]) continue;
    // What is built once per process (tables made on first use) is not a unit's cost: a small
    // run first, uncounted and at full speed, before callgrind instruments anything.
    w.prepare(std::min<uint64_t>(w.units, 64))();
    const Work work = w.prepare(w.units);
    const uint64_t extra_units = w.units * extra_percent / 100;
    const Work extra = extra_units > 0 ? w.prepare(extra_units) : Work([] {});
    CALLGRIND_START_INSTRUMENTATION;
    CALLGRIND_TOGGLE_COLLECT;
    work();
    extra();
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_STOP_INSTRUMENTATION;
    fmt::print("{} {} {}\n", w.name, w.units, w.unit);
    return 0;
  }
  throw std::invalid_argument("no workload named '" + args[0] + "' (--list names them)");
}

}  // namespace
}  // namespace gpuatom::bench

int main(int argc, char** argv) {
  try {
    return gpuatom::bench::run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpuatom-bench-guard: %s\n", e.what());
    return 2;
  }
}
