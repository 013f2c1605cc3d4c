#include "sass_input.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include <fmt/format.h>

#include "command.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/nvidia/validator.hpp"

namespace gpuatom::cli {

std::string read_input(const std::string& path) {
  if (path == "-") {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    return buffer.str();
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw BadInput(fmt::format("{}: is a directory, not a file", path));
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw BadInput(fmt::format("{}: cannot open the file: {}", path, errno ? std::strerror(errno) : "unknown error"));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw BadInput(fmt::format("{}: cannot read the file", path));
  return text;
}

void add_architecture_option(CLI::App& command, std::shared_ptr<std::optional<nvidia::Architecture>> target,
                             const std::string& what) {
  command.add_option_function<std::string>(
      "--arch",
      [target](const std::string& text) {
        const auto architecture = nvidia::parse_architecture(text);
        if (!architecture)
          throw CLI::ValidationError("--arch", fmt::format("unknown architecture '{}': expected one of {} (or SM52 …)",
                                                           text, nvidia::architecture_names()));
        *target = *architecture;
      },
      what);
}

void report(const support::Diagnostics& diagnostics) {
  for (const support::Diagnostic& d : diagnostics.all()) fmt::print(stderr, "{}\n", support::format(d));
}

nvidia::ParsedSass read_and_check(const std::string& source, const std::string& path,
                                  std::optional<nvidia::Architecture> architecture, bool rules_as_warnings) {
  if (!rules_as_warnings) return nvidia::check_sass(source, path, architecture);
  nvidia::ParsedSass parsed = nvidia::read_sass(source, path, architecture);
  for (const nvidia::Instruction& inst : parsed.instructions)
    nvidia::validate(inst, parsed.diagnostics, nvidia::RuleSeverity::warning);
  parsed.diagnostics.sort_by_line();
  return parsed;
}

}  // namespace gpuatom::cli
