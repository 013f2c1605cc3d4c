// Writing JSON, byte for byte as the CLI's nlohmann::ordered_json::dump() writes it: compact (no
// blanks), keys in the order added, UTF-8 kept as is, control characters escaped. The library's
// renderers (report/) build their JSON with this, so the library does not depend on nlohmann_json.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpuatom::support::json {

// `text` as a JSON string, quotes included: "\"a\\nb\"".
std::string quote(std::string_view text);

// A JSON value already written ("null", "true", "\"x\"", "[1,2]", "{…}").
struct Written {
  std::string text;
};
inline const Written null{"null"};
Written boolean(bool value);
Written string(std::string_view text);
Written strings(const std::vector<std::string>& texts);  // an array of strings
Written array(const std::vector<Written>& items);

// An object, its members in the order set; setting a key again replaces its value in place, as
// ordered_json's operator[] does.
class Object {
 public:
  Object& set(std::string_view key, const Written& value);
  Object& set(std::string_view key, std::string_view text) { return set(key, string(text)); }
  Object& set(std::string_view key, const char* text) { return set(key, string(text)); }
  Object& set(std::string_view key, bool value) { return set(key, boolean(value)); }
  Object& set(std::string_view key, const Object& value) { return set(key, value.written()); }
  Written written() const;

 private:
  std::vector<std::pair<std::string, std::string>> members_;
};

}  // namespace gpuatom::support::json
