#include "gpuatom/report/run_options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "gpuatom/report/run_text.hpp"
#include "gpuatom/scenario/scenario.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::report {

scenario::Mode mode_option(const std::string& text) {
  if (const auto mode = mode_named(text)) return *mode;
  throw support::InputError(fmt::format("--mode {}: expected parallel, deterministic or exhaustive", text));
}

std::vector<scenario::RunOptions::DumpRequest> dump_requests(const std::vector<std::string>& args) {
  std::vector<scenario::RunOptions::DumpRequest> out;
  for (const std::string& arg : args) {
    size_t start = 0;
    while (start <= arg.size()) {
      const size_t comma = std::min(arg.find(',', start), arg.size());
      const std::string item = arg.substr(start, comma - start);
      start = comma + 1;
      if (item.empty()) throw support::InputError(fmt::format("--dump '{}': an empty region name", arg));
      const size_t colon = item.find(':');
      scenario::RunOptions::DumpRequest request{item.substr(0, colon), std::nullopt};
      if (colon != std::string::npos) {
        request.type = scenario::parse_element_type(item.substr(colon + 1));
        if (!request.type)
          throw support::InputError(
              fmt::format("--dump {}: '{}' is not an element type (u8 u16 u32 u64 s8 s16 s32 s64 f16 bf16 f32 f64)",
                          item, item.substr(colon + 1)));
      }
      out.push_back(std::move(request));
    }
  }
  return out;
}

uint64_t max_memory_option(const std::string& text) {
  size_t used = 0;
  double number = 0;
  try {
    number = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  std::string unit = text.substr(used);
  unit.erase(std::remove(unit.begin(), unit.end(), ' '), unit.end());
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::pair<const char*, double> units[] = {{"", 1},
                                                  {"B", 1},
                                                  {"K", 1024.0},
                                                  {"KB", 1024.0},
                                                  {"KIB", 1024.0},
                                                  {"M", 1048576.0},
                                                  {"MB", 1048576.0},
                                                  {"MIB", 1048576.0},
                                                  {"G", 1073741824.0},
                                                  {"GB", 1073741824.0},
                                                  {"GIB", 1073741824.0},
                                                  {"T", 1099511627776.0},
                                                  {"TB", 1099511627776.0},
                                                  {"TIB", 1099511627776.0}};
  for (const auto& [name, scale] : units)
    if (used > 0 && unit == name && number > 0 && number * scale < 1.8e19) return static_cast<uint64_t>(number * scale);
  throw support::InputError(
      fmt::format("--max-memory {}: expected a positive size such as 8G, 512M or 1000000 (bytes)", text));
}

}  // namespace gpuatom::report
