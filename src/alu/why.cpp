#include "gpuatom/alu/why.hpp"

#include <fmt/format.h>

#include <optional>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/numeric/format.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::alu {

namespace {

using numeric::FormatId;

bool is_add(Op op) { return op == Op::add || op == Op::sub; }
bool is_min_max(Op op) { return op == Op::min || op == Op::max; }

std::string nan_rule(const Operation& o) {
  if (is_add(o.op)) {
    switch (o.floats.add.nan) {
      case numeric::NanResult::canonical: return "a NaN result is always the default NaN, whatever the inputs";
      case numeric::NanResult::propagate:
        return "a NaN result is the first NaN operand (memory, then the operand), made quiet";
      case numeric::NanResult::last_exact:
        return "a NaN result is the operand's NaN if it is one, else memory's, bit for bit";
    }
  }
  switch (o.floats.min_max.nan) {
    case numeric::MinMaxNan::number_else_default: return "one NaN gives the other operand; two give the default NaN";
    case numeric::MinMaxNan::number_else_first_quiet:
      return "one NaN gives the other operand; two give the first, made quiet";
    case numeric::MinMaxNan::number_else_first:
      return "one NaN gives the other operand; two give memory's, bit for bit";
    case numeric::MinMaxNan::signaling_wins: return "a signalling NaN wins; quiet NaNs are ignored";
  }
  return "";
}

}  // namespace

std::vector<std::string> why_lines(const Operation& o, uint64_t old, uint64_t operand, uint64_t memory,
                                   std::string_view flush_rule) {
  std::vector<std::string> why;
  if (!is_float(o.type) || !(is_add(o.op) || is_min_max(o.op))) return why;
  const int bits = width_bits(o.type);
  // A scalar's format; packed pairs are explained by the flush comparison only.
  const bool scalar = !is_packed(o.type);
  const FormatId format = element_format(o.type).value_or(FormatId::f32);
  // Flushing: the same atomic with no flush at all.
  Operation kept = o;
  kept.floats.add.flush_inputs = kept.floats.add.flush_result = false;
  kept.floats.min_max.flush_inputs = false;
  const uint64_t unflushed = apply(kept, old, {operand, 0}).memory;
  if (unflushed != memory) {
    const bool inputs = is_add(o.op) ? o.floats.add.flush_inputs : o.floats.min_max.flush_inputs;
    std::string which;
    if (scalar && inputs) {
      if (numeric::is_subnormal(format, old)) which = "the subnormal old value";
      if (numeric::is_subnormal(format, operand))
        which += which.empty() ? "the subnormal operand" : " and the subnormal operand";
    }
    if (!which.empty())
      why.push_back(fmt::format("{} {} flushed to zero before the {} ({}); without the flush memory would be {}", which,
                                which.find(" and ") == std::string::npos ? "is" : "are", name(o.op), flush_rule,
                                support::hex(unflushed, bits / 4)));
    else
      why.push_back(fmt::format("a subnormal {} flushed to zero ({}); without the flush memory would be {}",
                                inputs && !o.floats.add.flush_result ? "input is" : "result is", flush_rule,
                                support::hex(unflushed, bits / 4)));
  }
  if (scalar && numeric::is_nan(format, memory))
    why.push_back(fmt::format("{} ({} {} rule)", nan_rule(o), name(o.type), is_add(o.op) ? "add" : "min/max"));
  return why;
}

}  // namespace gpuatom::alu
