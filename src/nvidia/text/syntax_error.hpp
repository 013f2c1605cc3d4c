// The one error the text readers throw: where on the line, what is wrong, and the spec rule.
// parse_sass_line() turns it into a Diagnostic; nothing outside the parser sees it.
#pragma once

#include <cstdint>
#include <string>

namespace gpuatom::nvidia::detail {

struct SyntaxError {
  uint32_t column;
  std::string message;
  std::string rule;  // "docs/spec/nvidia.md §10.2"
};

inline constexpr const char* grammar_rule = "docs/spec/nvidia.md §10.2";
inline constexpr const char* modern_rule = "docs/spec/nvidia.md §10.3";
inline constexpr const char* lexical_rule = "docs/spec/nvidia.md §10.1";

}  // namespace gpuatom::nvidia::detail
