// Which walk (disassembly_walks.hpp) `disasm sass` makes over what it is given.
#include <fmt/format.h>

#include <filesystem>
#include <memory>
#include <variant>

#include "gpuatom/nvidia/binary/cubin.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/disassembly_walks.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/support/input_error.hpp"
#include "gpuatom/support/nothing_read.hpp"

namespace gpuatom::nvidia {

namespace {

using support::InputError;

// The file a lone argument names, or empty when it is a word (or there are more or none).
std::string lone_file(const std::vector<std::string>& words) {
  if (words.size() != 1) return {};
  const std::string& lone = words[0];
  if (lone == "-") return lone;  // standard input
  if (parse_hex_word(lone)) return {};
  std::error_code error;
  if (std::filesystem::exists(lone, error)) return lone;
  return spelt_as_word(lone) ? std::string() : lone;  // a file name: reading it says that it does not exist
}

std::string from_arch(Architecture arch) { return "--arch " + std::string(name(arch)); }

// `input` is kept alive by the walk: the cubin's sections are views of it.
DisassemblyWalk cubin_walk(const std::string& file, const std::shared_ptr<const std::string>& input,
                           const std::optional<Architecture>& given, bool control) {
  auto read = read_cubin(*input, file);
  if (const auto* why = std::get_if<support::Diagnostic>(&read))
    return {[why = *why](DisassemblyPass& pass) { pass.diagnose(why); }, std::nullopt, {}};
  auto cubin = std::make_shared<const Cubin>(std::get<Cubin>(std::move(read)));
  const Architecture arch = cubin_code_architecture(*cubin, given, file);
  require_control_bits(control, arch, "the cubin");
  return {[input, cubin, arch, file](DisassemblyPass& pass) {
            for (const CubinKernel& k : cubin->kernels) walk_code(k.name, k.code, arch, file, k.file_offset, pass);
          },
          support::start_of_bytes(file),
          cubin->kernels.empty() ? "a cubin with no code section (.text.<kernel>)"
                                 : "a cubin whose code sections are empty"};
}

}  // namespace

DisassemblySource disassembly_source(std::vector<std::string> words, std::string file, bool binary) {
  if (file.empty()) {
    file = lone_file(words);
    if (!file.empty()) words.clear();
  }
  if (file.empty() && words.empty())
    throw InputError(
        "nothing to read: give words (0xed07000100570200 …), a file (a cubin, a listing, a file of words) "
        "or - for standard input");
  if (!file.empty() && !words.empty()) throw InputError("give words or --file F, not both");
  if (binary && file.empty()) throw InputError("--binary reads --file F");
  return {std::move(words), std::move(file)};
}

Architecture disassembly_architecture(const std::optional<Architecture>& given) {
  const Architecture arch = given.value_or(default_word_architecture);
  if (!is_spa5(arch) && !has_sass128_forms(arch))
    throw InputError(fmt::format(
        "--arch {}: gpuatom knows no {} words yet (Maxwell/Pascal 64-bit words: {}; 128-bit words: {})", name(arch),
        generation_info(arch).name, architecture_range(is_spa5), architecture_range(has_sass128_forms)));
  return arch;
}

DisassemblyWalk argument_words_walk(std::vector<std::string> words, Architecture arch,
                                    const std::optional<Architecture>& given, bool control) {
  require_control_bits(control, arch, from_arch(arch));
  if (words.size() % word_halves(arch))
    throw InputError(
        fmt::format("{} words on the command line: a 128-bit word is two 64-bit halves, low then high", words.size()));
  return {[words = std::move(words), arch, given = given.has_value()](DisassemblyPass& pass) {
            walk_argument_words(words, arch, given, pass);
          },
          std::nullopt,
          {}};
}

DisassemblyWalk file_walk(const std::string& file, std::string input, bool binary, Architecture arch,
                          const std::optional<Architecture>& given, bool control) {
  const auto text = std::make_shared<const std::string>(std::move(input));
  if (is_elf(*text)) return cubin_walk(file, text, given, control);
  if (!binary && is_listing(*text))
    return {[text, file, given, control](DisassemblyPass& pass) { walk_listing(*text, file, given, control, pass); },
            support::start_of_text(file), "no instruction line"};
  require_control_bits(control, arch, from_arch(arch));
  if (binary)
    return {[text, file, arch](DisassemblyPass& pass) { walk_code(file, *text, arch, file, 0, pass); },
            support::start_of_bytes(file), "0 bytes of code"};
  return {[text, file, arch, given = given.has_value()](DisassemblyPass& pass) {
            walk_text_words(*text, file, arch, given, pass);
          },
          support::start_of_text(file), std::string(support::held_by_text(*text))};
}

}  // namespace gpuatom::nvidia
