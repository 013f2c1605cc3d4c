// The message a step refuses with (support::InputError), or "" when it takes the input: how the
// spelled-atomic tests of each vendor pin a refusal word for word. Header-only.
#pragma once

#include <string>

#include "gpuatom/support/input_error.hpp"

namespace gpuatom::testing {

template <typename Step>
std::string refusal(const Step& step) {
  try {
    step();
  } catch (const support::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace gpuatom::testing
