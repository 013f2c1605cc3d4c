// Headless Chromium as the browser tests drive it: each run with its own profile (Chromium locks
// a profile, and ctest may run the tests in parallel), stdout and stderr together.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "cli/run_cli.hpp"

namespace browser {

// Where the tests leave their screenshots: build/<preset>/report-test/.
inline std::filesystem::path artifacts() {
  return std::filesystem::path(GPUATOM_CLI).parent_path().parent_path() / "report-test";
}

inline bool have_chromium() { return run_gpuatom_command("command -v chromium").exit_code == 0; }
inline constexpr const char* no_chromium = "chromium is not installed (scripts/install-deps installs it)";

// Makes `work` afresh and writes `gpuatom report` of the bundled examples into it (a suite's
// SetUpTestSuite: the page is written once for the suite's tests).
inline void write_report(const std::filesystem::path& work) {
  std::filesystem::remove_all(work);
  std::filesystem::create_directories(work);
  const CliRun r = run_gpuatom("report --out " + work.string());
  ASSERT_EQ(r.exit_code, 0) << r.out;
}
inline std::string page_url(const std::filesystem::path& work) { return "file://" + (work / "index.html").string(); }

// Runs chromium with `args` (a page, --dump-dom, --screenshot=…, --window-size=…), its profile
// under `work`.
inline std::string chromium(const std::filesystem::path& work, const std::string& args) {
  static int runs = 0;
  const std::filesystem::path profile = work / ("profile-" + std::to_string(::getpid()) + "-" + std::to_string(runs++));
  const std::string flags =
      "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking "
      "--disable-component-update --disable-sync --hide-scrollbars --enable-logging=stderr --v=0 "
      "--run-all-compositor-stages-before-draw --virtual-time-budget=20000 --user-data-dir=" +
      profile.string();
  return run_gpuatom_command("chromium " + flags + " " + args).out;
}

}  // namespace browser
