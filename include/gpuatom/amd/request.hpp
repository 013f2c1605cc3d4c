// What a program asks for: one of the page's 27 rows, or a 128-bit Exchange/CAS, which the
// page's note rules out on every AMD GPU (rule A2). Keeping the 128-bit requests here, not among
// the rows, keeps the tables exactly the page's 27 rows.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "gpuatom/amd/rows.hpp"

namespace gpuatom::amd {

struct AtomicRequest {
  std::string_view label;    // "32 bit atomicAdd", "128 bit atomicCAS"
  const Row* row = nullptr;  // the page row; nullptr for a 128-bit request
  int width = 0;

  bool is_128_bit() const { return row == nullptr; }
  static AtomicRequest of(const Row& row) { return {row.label, &row, row.width}; }
};

// "128 bit atomicExch" and "128 bit atomicCAS".
std::span<const AtomicRequest> requests_128_bit();

// A row label or a 128-bit label, ignoring case, spaces, '-' and '_' ("64 bit atomicCAS",
// "64bit-atomiccas"); also the short form "<op><width>" ("cas64", "fadd32", "half2add").
std::optional<AtomicRequest> find_request(std::string_view text);

// What `--op TEXT` says when find_request() finds nothing: every label it takes.
std::string unknown_request_message(std::string_view text);

}  // namespace gpuatom::amd
