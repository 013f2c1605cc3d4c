#include "gpuatom/support/code_source.hpp"

#include "gpuatom/support/input_error.hpp"

namespace gpuatom::support {

std::string CodeSource::joined_hex() const {
  std::string joined;
  for (const std::string& h : hex) {
    joined += h;
    joined += ' ';
  }
  return joined;
}

CodeSource code_source(std::vector<std::string> hex, std::string file) {
  if (file.empty() && hex.size() == 1 && hex[0] == "-") return {{}, std::string(1, '-')};
  if (!file.empty() && !hex.empty())
    throw InputError("give the bytes either on the command line or with --file, not both");
  if (file.empty() && hex.empty())
    throw InputError("no bytes: give hex bytes on the command line, --file FILE, or - for standard input");
  return {std::move(hex), std::move(file)};
}

bool looks_like_hex_text(const std::string& content) {
  for (char ch : content) {
    const auto c = static_cast<unsigned char>(ch);
    if (!(c == '\n' || c == '\r' || c == '\t' || (c >= 0x20 && c < 0x7F))) return false;
  }
  return true;
}

}  // namespace gpuatom::support
