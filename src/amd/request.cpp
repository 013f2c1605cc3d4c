#include "gpuatom/amd/request.hpp"

#include <fmt/format.h>

#include <array>
#include <string>

#include "gpuatom/amd/rows.hpp"
#include "gpuatom/amd/spelling.hpp"

namespace gpuatom::amd {

namespace {

constexpr std::array<AtomicRequest, 2> wide_requests = {{
    {"128 bit atomicExch", nullptr, 128},
    {"128 bit atomicCAS", nullptr, 128},
}};

// The short form of a row: "add32", "fadd64", "half2add", "bfloat162add", "cas128".
std::string short_form(std::string_view label) {
  const bool is_float =
      label.find("float atomic") != std::string_view::npos && label.find("16bx2") == std::string_view::npos;
  const size_t atomic = label.find("atomic");
  std::string op(label.substr(atomic + 6));
  if (label.starts_with("16bx2")) {
    const size_t space = label.find(' ', 6);
    return std::string(label.substr(6, space - 6)) + op;  // "half2Add", "bfloat162Add"
  }
  return (is_float ? "f" : "") + op + std::string(label.substr(0, label.find(' ')));
}

}  // namespace

std::span<const AtomicRequest> requests_128_bit() { return wide_requests; }

std::optional<AtomicRequest> find_request(std::string_view text) {
  for (const Row& row : rows())
    if (same_spelling(text, row.label) || same_spelling(text, short_form(row.label))) return AtomicRequest::of(row);
  for (const AtomicRequest& request : wide_requests)
    if (same_spelling(text, request.label) || same_spelling(text, short_form(request.label))) return request;
  return std::nullopt;
}

std::string unknown_request_message(std::string_view text) {
  std::string valid;
  for (const Row& row : rows()) valid += fmt::format("{}\"{}\"", valid.empty() ? "" : ", ", row.label);
  for (const AtomicRequest& r : requests_128_bit()) valid += fmt::format(", \"{}\"", r.label);
  return fmt::format(
      "--op {}: expected one of: {} (case, spaces and '-' are ignored; short forms such as "
      "add32, fadd64, half2add, cas128 work too)",
      text, valid);
}

}  // namespace gpuatom::amd
