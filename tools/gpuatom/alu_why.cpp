#include "alu_why.hpp"

#include <optional>

#include <fmt/format.h>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/numeric/format.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::cli {

namespace {

using numeric::FormatId;

bool is_add(alu::Op op) { return op == alu::Op::add || op == alu::Op::sub; }
bool is_min_max(alu::Op op) { return op == alu::Op::min || op == alu::Op::max; }

std::string nan_rule(const alu::Operation& o) {
  if (is_add(o.op)) {
    switch (o.floats.add.nan) {
      case numeric::NanResult::canonical: return "a NaN result is always the default NaN, whatever the inputs";
      case numeric::NanResult::propagate: return "a NaN result is the first NaN operand (memory, then the operand), made quiet";
      case numeric::NanResult::last_exact: return "a NaN result is the operand's NaN if it is one, else memory's, bit for bit";
    }
  }
  switch (o.floats.min_max.nan) {
    case numeric::MinMaxNan::number_else_default: return "one NaN gives the other operand; two give the default NaN";
    case numeric::MinMaxNan::number_else_first_quiet: return "one NaN gives the other operand; two give the first, made quiet";
    case numeric::MinMaxNan::number_else_first: return "one NaN gives the other operand; two give memory's, bit for bit";
    case numeric::MinMaxNan::signaling_wins: return "a signalling NaN wins; quiet NaNs are ignored";
  }
  return "";
}

}  // namespace

std::vector<std::string> why_lines(const alu::Operation& o, uint64_t old, uint64_t operand, uint64_t memory,
                                   std::string_view flush_rule) {
  std::vector<std::string> why;
  if (!alu::is_float(o.type) || !(is_add(o.op) || is_min_max(o.op))) return why;
  const int bits = alu::width_bits(o.type);
  // A scalar's format; packed pairs are explained by the flush comparison only.
  const bool scalar = !alu::is_packed(o.type);
  const FormatId format = alu::element_format(o.type).value_or(FormatId::f32);
  // Flushing: the same atomic with no flush at all.
  alu::Operation kept = o;
  kept.floats.add.flush_inputs = kept.floats.add.flush_result = false;
  kept.floats.min_max.flush_inputs = false;
  const uint64_t unflushed = alu::apply(kept, old, {operand, 0}).memory;
  if (unflushed != memory) {
    const bool inputs = is_add(o.op) ? o.floats.add.flush_inputs : o.floats.min_max.flush_inputs;
    std::string which;
    if (scalar && inputs) {
      if (numeric::is_subnormal(format, old)) which = "the subnormal old value";
      if (numeric::is_subnormal(format, operand)) which += which.empty() ? "the subnormal operand" : " and the subnormal operand";
    }
    if (!which.empty())
      why.push_back(fmt::format("{} {} flushed to zero before the {} ({}); without the flush memory would be {}", which,
                                which.find(" and ") == std::string::npos ? "is" : "are", alu::name(o.op), flush_rule,
                                support::hex(unflushed, bits / 4)));
    else
      why.push_back(fmt::format("a subnormal {} flushed to zero ({}); without the flush memory would be {}",
                                inputs && !o.floats.add.flush_result ? "input is" : "result is", flush_rule,
                                support::hex(unflushed, bits / 4)));
  }
  if (scalar && numeric::is_nan(format, memory))
    why.push_back(fmt::format("{} ({} {} rule)", nan_rule(o), alu::name(o.type), is_add(o.op) ? "add" : "min/max"));
  return why;
}

}  // namespace gpuatom::cli
