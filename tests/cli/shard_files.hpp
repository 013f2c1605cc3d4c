// What the shard tests share: a scratch directory, reading a file, and a result with its times
// taken out (the one part of a merged result that is not the unsharded run's).
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

namespace shard_test {

namespace fs = std::filesystem;

inline fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("gpuatom-shard-" + std::to_string(getpid())) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

inline std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A JSON result without its "seconds" (a run's time, each scenario's and a shard's).
inline nlohmann::json without_times(nlohmann::json j) {
  if (j.is_object()) {
    j.erase("seconds");
    for (auto& [key, value] : j.items()) value = without_times(value);
  } else if (j.is_array()) {
    for (auto& value : j) value = without_times(value);
  }
  return j;
}

// A JUnit report with every time="…" emptied.
inline std::string junit_without_times(const std::string& xml) {
  return std::regex_replace(xml, std::regex("time=\"[0-9.]*\""), "time=\"\"");
}

// The gpuatom command line `args` with its standard output written to `file` (its standard error
// captured as run_gpuatom_command captures it).
inline std::string to_file(const std::string& args, const fs::path& file) {
  return "{ " + std::string(GPUATOM_CLI) + " " + args + " > " + file.string() + "; }";
}

}  // namespace shard_test
