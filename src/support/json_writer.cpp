#include "gpuatom/support/json_writer.hpp"

#include <fmt/format.h>

namespace gpuatom::support::json {

std::string quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20)
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        else
          out.push_back(c);
    }
  }
  return out + "\"";
}

Written boolean(bool value) { return {value ? "true" : "false"}; }
Written string(std::string_view text) { return {quote(text)}; }

Written strings(const std::vector<std::string>& texts) {
  std::vector<Written> items;
  items.reserve(texts.size());
  for (const std::string& t : texts) items.push_back(string(t));
  return array(items);
}

Written array(const std::vector<Written>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out.push_back(',');
    out += items[i].text;
  }
  return {out + "]"};
}

Object& Object::set(std::string_view key, const Written& value) {
  for (auto& member : members_)
    if (member.first == key) {
      member.second = value.text;
      return *this;
    }
  members_.emplace_back(std::string(key), value.text);
  return *this;
}

Written Object::written() const {
  std::string out = "{";
  for (size_t i = 0; i < members_.size(); ++i) {
    if (i) out.push_back(',');
    out += quote(members_[i].first);
    out.push_back(':');
    out += members_[i].second;
  }
  return {out + "}"};
}

}  // namespace gpuatom::support::json
