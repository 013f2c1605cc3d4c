// The walks `disasm sass` makes over what it reads, each driving a DisassemblyPass
// (disassembly_pass.hpp) in the input's order: a kernel's code (a cubin's section, raw code), a
// cuobjdump/nvdisasm listing's words, words given as arguments, and a text of words (one per
// line, two halves for a 128-bit word; // and # start comments). Words on their own are all
// atomics; code and listings pass over their other instructions and Maxwell/Pascal's control words.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/binary/cubin.hpp"
#include "gpuatom/nvidia/disassembly_pass.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

// "0xed07000100570200" or "ed07000100570200": at most 16 hex digits; nothing otherwise.
std::optional<uint64_t> parse_hex_word(std::string_view text);

// Whether an argument is spelt like a word (hex digits, 0x before them or not), valid or not: a
// lone argument that is not is the name of a file.
bool spelt_as_word(std::string_view text);

// The architecture of a cubin's code: the cubin's, or `given` when it names the same target or
// another `a`/`f` variant of it. Throws support::InputError naming both otherwise.
Architecture cubin_code_architecture(const Cubin& cubin, const std::optional<Architecture>& given,
                                     std::string_view file);

// A 128-bit word's control bits are listed only for code whose words keep them (sm_70 on):
// throws support::InputError for `arch` when `control` asks for them on Maxwell/Pascal code
// (`what` names where the architecture came from: "the cubin", "--arch sm_52").
void require_control_bits(bool control, Architecture arch, std::string_view what);

// One kernel's code: its atomics, as the code walker finds them, under a section always headed.
void walk_code(std::string_view kernel, std::string_view code, Architecture arch, std::string_view file,
               uint64_t file_offset, DisassemblyPass& pass);

// A listing's words, listed again with gpuatom's text: a section wherever the architecture or the
// kernel changes; `given` reads sections without a header (default_word_architecture without it).
// With `control`, Maxwell/Pascal code is warned of once: its lines get no control comment.
void walk_listing(std::string_view input, std::string_view file, const std::optional<Architecture>& given, bool control,
                  DisassemblyPass& pass);

// Words given as arguments, each an atomic of `arch` (two halves each for a 128-bit word). When
// no architecture was given (`arch_given` false), two words that are no Maxwell/Pascal atomic but
// one 128-bit word of sm_70 on are an error that says to give --arch.
void walk_argument_words(const std::vector<std::string>& words, Architecture arch, bool arch_given,
                         DisassemblyPass& pass);

// A text of words, one per line (two halves, low then high, for a 128-bit word).
void walk_text_words(std::string_view text, std::string_view file, Architecture arch, bool arch_given,
                     DisassemblyPass& pass);

// What `disasm sass` reads: words given as arguments, or a file ("-": standard input).
struct DisassemblySource {
  std::vector<std::string> words;
  std::string file;  // empty: the words
};

// The source the arguments name: a lone argument that is no word names a file (`disasm sass
// kernel.cubin`); one spelt like a word is a word, reported as a bad one when it is. Throws
// support::InputError when nothing, or both words and a file, are given, or --binary without a file.
DisassemblySource disassembly_source(std::vector<std::string> words, std::string file, bool binary);

// The architecture words and raw code are read for: `given`, else default_word_architecture.
// Throws support::InputError for one whose words gpuatom does not know yet.
Architecture disassembly_architecture(const std::optional<Architecture>& given);

// One walk over what was read, and where the nothing-read rule (support/nothing_read.hpp) points
// when it holds no instruction: words on the command line and an unreadable cubin are not checked.
struct DisassemblyWalk {
  std::function<void(DisassemblyPass&)> walk;
  std::optional<support::SourceLocation> where;
  std::string held;  // what the input holds instead ("no instruction line")
};

// The words on the command line, read for `arch` (disassembly_architecture(given)). Throws
// support::InputError for control bits of Maxwell/Pascal words, or an odd count of 128-bit halves.
DisassemblyWalk argument_words_walk(std::vector<std::string> words, Architecture arch,
                                    const std::optional<Architecture>& given, bool control);

// A file's bytes, by what they are: a cubin (ELF, its own architecture), a listing (unless
// `binary`), raw code with `binary`, else a text of words; the last two read for `arch`
// (disassembly_architecture(given)). Throws support::InputError as cubin_code_architecture and
// require_control_bits do.
DisassemblyWalk file_walk(const std::string& file, std::string input, bool binary, Architecture arch,
                          const std::optional<Architecture>& given, bool control);

}  // namespace gpuatom::nvidia
