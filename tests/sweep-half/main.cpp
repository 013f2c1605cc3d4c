// gpuatom-sweep-half: checks numeric::add on EVERY pair of 16-bit operands — all 2^32 f16 pairs
// and all 2^32 bf16 pairs — against GNU MPFR (tests/numeric/mpfr_oracle.hpp), flush off by
// default. NaN results are checked by the rules (MPFR has no payloads) under two policies:
// canonical with the all-ones default NaN (NVIDIA) and propagate with the quiet default (AMD).
//
// One worker thread per core takes first operands from a shared counter and runs all 2^16
// partners; the main thread prints a progress line. Exit status 0 = no mismatch, 1 = mismatches,
// 2 = bad arguments.
//
//   gpuatom-sweep-half [--format f16|bf16|both] [--threads N] [--first A] [--count N] [--flush]
#include <fmt/format.h>
#include <mpfr.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "gpuatom/numeric/arithmetic.hpp"
#include "numeric/mpfr_oracle.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::test::reference_add;

struct Options {
  bool f16 = true;
  bool bf16 = true;
  unsigned threads = 0;
  uint32_t first = 0;      // first "a" operand swept
  uint32_t count = 65536;  // number of "a" operands, each against all 65536 "b"
  bool flush = false;      // flush_inputs and flush_result
};

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "gpuatom-sweep-half: %s\n"
               "usage: gpuatom-sweep-half [--format f16|bf16|both] [--threads N] [--first A] [--count N] [--flush]\n"
               "  checks add(a, b) for every a in [A, A+N) and every 16-bit b against MPFR\n",
               why);
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  auto number = [&](int& i) -> unsigned long {
    if (i + 1 >= argc) usage("missing value");
    char* end = nullptr;
    const unsigned long v = std::strtoul(argv[++i], &end, 0);
    if (*end != '\0') usage("not a number");
    return v;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--format") {
      if (i + 1 >= argc) usage("missing value");
      const std::string_view f = argv[++i];
      o.f16 = f == "f16" || f == "both";
      o.bf16 = f == "bf16" || f == "both";
      if (!o.f16 && !o.bf16) usage("--format is f16, bf16 or both");
    } else if (arg == "--threads") {
      o.threads = static_cast<unsigned>(number(i));
    } else if (arg == "--first") {
      o.first = static_cast<uint32_t>(number(i));
    } else if (arg == "--count") {
      o.count = static_cast<uint32_t>(number(i));
    } else if (arg == "--flush") {
      o.flush = true;
    } else if (arg == "--help" || arg == "-h") {
      usage("help");
    } else {
      usage("unknown argument");
    }
  }
  if (o.first > 65535 || o.count == 0 || o.first + static_cast<uint64_t>(o.count) > 65536) {
    usage("--first/--count must stay within 0..65535");
  }
  if (o.threads == 0) o.threads = std::max(1u, std::thread::hardware_concurrency());
  return o;
}

struct Shared {
  std::atomic<uint32_t> next_a;
  std::atomic<uint64_t> pairs_done{0};
  std::atomic<uint64_t> mismatches{0};
  std::mutex print;
};

template <class F>
void report(Shared& shared, uint64_t a, uint64_t b, const AddRules& rules, uint64_t got, uint64_t want) {
  if (shared.mismatches.fetch_add(1) >= 20) return;
  std::lock_guard lock(shared.print);
  std::fprintf(stderr, "\nMISMATCH %s add(%#06llx, %#06llx) %s = %#06llx, expected %#06llx\n",
               F::frac_bits == 10 ? "f16" : "bf16", static_cast<unsigned long long>(a),
               static_cast<unsigned long long>(b), rules.nan == NanResult::canonical ? "canonical" : "propagate",
               static_cast<unsigned long long>(got), static_cast<unsigned long long>(want));
}

template <class F>
void worker(Shared& shared, const Options& o) {
  const uint32_t end = o.first + o.count;
  const AddRules canonical{o.flush, o.flush, NanResult::canonical, DefaultNan::all_ones};
  const AddRules propagate{o.flush, o.flush, NanResult::propagate, DefaultNan::quiet};
  for (uint32_t a = shared.next_a.fetch_add(1); a < end; a = shared.next_a.fetch_add(1)) {
    for (uint64_t b = 0; b <= 0xffff; ++b) {
      // One MPFR add per pair; the second policy differs only where a NaN is involved, and the
      // oracle decides those without MPFR.
      const uint64_t want = reference_add<F>(a, b, canonical);
      const bool nan_case = is_nan<F>(want);
      const uint64_t want_propagate = nan_case ? reference_add<F>(a, b, propagate) : want;
      const uint64_t got = add<F>(a, b, canonical);
      const uint64_t got_propagate = add<F>(a, b, propagate);
      if (got != want) report<F>(shared, a, b, canonical, got, want);
      if (got_propagate != want_propagate) report<F>(shared, a, b, propagate, got_propagate, want_propagate);
    }
    shared.pairs_done.fetch_add(65536, std::memory_order_relaxed);
  }
}

std::string duration(double seconds) {
  const auto s = static_cast<long>(seconds);
  return s >= 3600 ? fmt::format("{}h{:02}m{:02}s", s / 3600, s / 60 % 60, s % 60)
                   : fmt::format("{}m{:02}s", s / 60, s % 60);
}

template <class F>
uint64_t sweep(const char* name, const Options& o) {
  Shared shared;
  shared.next_a = o.first;
  const uint64_t total = static_cast<uint64_t>(o.count) * 65536;
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < o.threads; ++t) threads.emplace_back([&] { worker<F>(shared, o); });

  auto progress = [&](bool final) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const uint64_t done = shared.pairs_done.load();
    const double rate = elapsed > 0 ? done / elapsed : 0;
    const double eta = rate > 0 ? (total - done) / rate : 0;
    std::lock_guard lock(shared.print);
    std::fprintf(stderr, "\r%-4s %6.2f%%  %llu/%llu pairs  %.1f M pairs/s  elapsed %s  %s  mismatches %llu   %s", name,
                 100.0 * done / total, static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                 rate / 1e6, duration(elapsed).c_str(), final ? "done" : ("eta " + duration(eta)).c_str(),
                 static_cast<unsigned long long>(shared.mismatches.load()), final ? "\n" : "");
    std::fflush(stderr);
  };
  for (int tick = 1; shared.pairs_done.load() < total; ++tick) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (tick % 5 == 0) progress(false);
  }
  for (auto& t : threads) t.join();
  progress(true);
  return shared.mismatches.load();
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  Options run = o;
  if (run.threads > 1 && !mpfr_buildopt_tls_p()) {
    std::fprintf(stderr, "MPFR is not thread-safe (no TLS); using one thread\n");
    run.threads = 1;
  }
  std::fprintf(stderr, "gpuatom-sweep-half: a in [0x%04x, 0x%04x), all b, flush %s, %u threads, MPFR %s\n", run.first,
               run.first + run.count, run.flush ? "on" : "off", run.threads, mpfr_get_version());
  uint64_t mismatches = 0;
  if (run.f16) mismatches += sweep<Half>("f16", run);
  if (run.bf16) mismatches += sweep<BFloat16>("bf16", run);
  std::printf("%s: %llu mismatches\n", mismatches == 0 ? "PASS" : "FAIL", static_cast<unsigned long long>(mismatches));
  return mismatches == 0 ? 0 : 1;
}
