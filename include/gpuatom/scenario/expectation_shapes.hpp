// The kinds of [[expect]] entry and the keys each one takes. The loader reads an entry by finding
// the one shape its keys fit, so that every key of an entry is either checked or refused with
// the keys it may go with: no key is ever read past. The generated reference
// (docs/reference/scenario-format.md) lists these shapes.
#pragma once

#include <span>
#include <string_view>

#include "gpuatom/scenario/scenario.hpp"

namespace gpuatom::scenario {

struct ExpectationShape {
  Expectation::Kind kind;
  std::string_view summary;                    // "every element of a region equals a value"
  std::span<const std::string_view> required;  // keys the entry must have
  std::span<const std::string_view> optional;  // keys it may have besides
};

// Every shape an [[expect]] entry may take; each has a key (its first required one after the
// subject: `each`, `equals`, `permutation` …) that no shape of the same subject shares.
std::span<const ExpectationShape> expectation_shapes();

// Whether `key` is one of the shape's keys.
bool takes(const ExpectationShape& shape, std::string_view key);

}  // namespace gpuatom::scenario
