#include "gpuatom/intel/text/spelling.hpp"

#include <fmt/format.h>

#include <array>

namespace gpuatom::intel {

namespace {

constexpr std::string_view lsc_prefix = "lsc_atomic_";

struct Prefix {
  const char* text;
  const char* short_name;
  Form form;
};
constexpr std::array<Prefix, 3> prefixes = {{
    {"svm_atomic.", "svm", Form::svm},
    {"typed_atomic.", "typed", Form::typed},
    {"dword_atomic.", "dword", Form::dword},
}};

std::variant<Instruction, std::string> parse_lsc(std::string_view text, LscDataSize data) {
  const size_t dot = text.find('.');
  const std::string_view name = text.substr(0, dot);
  const LscOpInfo* info = find_lsc_op(name);
  if (!info) {
    std::string valid;
    for (const LscOpInfo& i : lsc_op_table()) valid += fmt::format("{}{}", valid.empty() ? "" : " ", i.name);
    return fmt::format("unknown LSC atomic 'lsc_atomic_{}': expected lsc_atomic_ followed by one of {}", name, valid);
  }
  Instruction inst;
  inst.lsc.op = info->code;
  inst.op = info->like;
  inst.lsc.data_size = data;
  // The SFID, where one is spelled; the cache and address modifiers change nothing computed.
  if (dot != std::string_view::npos) {
    const std::string_view sfid = text.substr(dot + 1, text.find('.', dot + 1) - dot - 1);
    if (const auto parsed = parse_lsc_sfid(sfid)) inst.lsc.sfid = *parsed;
  }
  inst.form = inst.lsc.sfid == LscSfid::tgm ? Form::lsc_typed : Form::lsc_untyped;
  return inst;
}

std::string op_names() {
  std::string out;
  for (const AtomicOpInfo& i : atomic_op_table()) out += fmt::format("{}{}", out.empty() ? "" : " ", i.name);
  return out;
}

}  // namespace

std::optional<Form> spelled_form(std::string_view spelling) {
  if (spelling.starts_with(lsc_prefix)) return Form::lsc_untyped;
  for (const Prefix& p : prefixes)
    if (spelling.starts_with(p.text)) return p.form;
  return std::nullopt;
}

std::optional<Form> parse_form_name(std::string_view name) {
  for (const Prefix& p : prefixes)
    if (name == p.short_name) return p.form;
  return std::nullopt;
}

std::variant<Instruction, std::string> parse_spelling(std::string_view spelling, Form form, LscDataSize data) {
  if (spelling.starts_with(lsc_prefix)) return parse_lsc(spelling.substr(lsc_prefix.size()), data);
  std::string_view text = spelling;
  for (const Prefix& p : prefixes)
    if (text.starts_with(p.text)) {
      text.remove_prefix(std::string_view(p.text).size());
      form = p.form;
    }
  Instruction inst;
  inst.form = form;
  for (Width w : {Width::w16, Width::w64}) {
    const std::string_view sfx = suffix(w);
    if (text.size() > sfx.size() && text.ends_with(sfx)) {
      inst.width = w;
      text.remove_suffix(sfx.size());
    }
  }
  if (text.size() > 3 && text.ends_with(".32")) text.remove_suffix(3);
  const auto op = parse_op(text);
  if (!op) return fmt::format("unknown vISA atomic op '{}': expected {} (docs/spec/intel.md §3.1)", text, op_names());
  inst.op = *op;
  if (auto why = illegal_reason(form, *op, inst.width)) return *why;
  return inst;
}

}  // namespace gpuatom::intel
