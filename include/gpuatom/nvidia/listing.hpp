// Listings as NVIDIA's disassemblers print them (`cuobjdump -sass`, `nvdisasm -hex`), read and
// written:
//
//   	code for sm_90                                        ← the architecture of what follows
//   		Function : add                                      (also .headerflags @"… EF_CUDA_SM90 …")
//           /*00a0*/                   @P0 REDG.E.ADD.STRONG.GPU [R2.64], R5 ;   /* 0x000000050200098e */
//                                                                              /* 0x008fe8000c10e184 */
//
// An instruction line starts with its address comment; the word comments after it (and on the
// lines after it, as many as the architecture's word has halves) are its word. On Maxwell/Pascal
// a word comment on a line of its own, past an instruction's one word, is a scheduling control
// word and is passed over; `{` … `}` around a dual-issued pair are not part of the text. A
// source is a listing when any line starts with an address comment: then only such lines are
// instructions, headers and labels are context, any other line is reported (ListingReader), and
// instructions that are not atomics are passed over unless their word holds one (an atomic
// gpuatom does not read yet, REDAS, is reported). docs/listings.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

// Whether some line of the source starts with an address comment (`/*0070*/`).
bool is_listing(std::string_view source);

// The mnemonic of an instruction's text: what follows its guard, up to its first '.', blank or
// ';' ("ATOMG" for "@P0 ATOMG.E.ADD …").
std::string_view instruction_mnemonic(std::string_view text);

// One instruction line of a listing.
struct ListingLine {
  uint32_t line = 0;                         // 1-based
  uint64_t address = 0;                      // the address comment's value
  std::string text;                          // the line with its comments and braces blanked:
                                             // columns are the listing's
  std::vector<uint64_t> words;               // the word comments that belong to it, in order
  support::SourceLocation words_at;          // the first word comment (line 0: none)
  std::optional<Architecture> architecture;  // the header's before it, or the one given
  uint32_t header_line = 0;                  // that header's line (0: the one given)
  std::string function;                      // the latest "Function : name" before it, if any
};

// The error for a line whose word comments are not one word of `arch` (1 or 2 halves), if they
// are not; a line without words has none.
std::optional<support::Diagnostic> word_halves_error(const ListingLine& line, Architecture arch);

// A listing's instruction lines, one at a time and in order, each whole (with the word comments
// on the lines after it) when it is handed out; only that line is held, so a large listing is
// read in little memory. `given` (`--arch`) stands where no header names an architecture.
// Every line is an instruction, a word comment, blank, a comment or context (a header, a label);
// any other is reported in diagnostics(), never passed over: a line that starts with a comment
// that is no address comment (`/*00g0*/`, `/* 0040 */`), an atomic without its address comment,
// a word comment of sm_70+ code that belongs to no instruction. A whole sm_70+ word on lines of
// its own (both halves, no address comment) is an instruction the tool printed without its text
// (cuobjdump and nvdisasm 11.8 do so for the Hopper instructions they cannot name, opcode 0x248
// among them): it is passed over unless it holds an atomic, which is reported.
class ListingReader {
 public:
  ListingReader(std::string_view source, const support::FileName& file, std::optional<Architecture> given);
  std::optional<ListingLine> next();  // nothing at the end of the source
  const support::Diagnostics& diagnostics() const { return diagnostics_; }

 private:
  void context_line(std::string_view line, size_t first);
  void words_line(const std::vector<std::pair<uint64_t, uint32_t>>& words);  // value, column
  ListingLine instruction_line(std::string_view line, size_t first, uint64_t address, size_t text_start);
  void textless_word(Architecture arch);  // the halves of `textless_` after a closed word
  void end_textless();                    // a line that is no word comment: an unfinished one is reported

  std::string_view source_;
  support::FileName file_;
  size_t next_line_start_ = 0;
  uint32_t line_number_ = 0;
  std::optional<Architecture> architecture_;
  uint32_t header_line_ = 0;
  std::string function_;
  std::optional<ListingLine> pending_;   // the last instruction line, still taking word comments
  bool open_ = false;                    // whether it still takes them
  bool after_reported_ = false;          // a reported line's word comments may follow it
  std::vector<uint64_t> textless_;       // halves of a word on lines of its own, so far
  support::SourceLocation textless_at_;  // where its first half is
  support::Diagnostics diagnostics_;
};

// Every instruction line of a listing at once (ListingReader), with what was reported.
struct ListingLines {
  std::vector<ListingLine> lines;
  support::Diagnostics diagnostics;
};
ListingLines listing_lines(std::string_view source, const support::FileName& file, std::optional<Architecture> given);

// SASS text in either shape: a listing (is_listing) line by line as above, each line's words
// checked against its text where the architecture is known, both ways (an atomic's word that
// holds another instruction is an error, and so is another instruction's word that holds an
// atomic; a warning says once when no architecture is known to check them), and
// its control bits kept (Instruction::kept_bits) so that encoding it gives the listed word back;
// anything else by parse_sass().
ParsedSass read_sass(std::string_view source, std::string_view file, std::optional<Architecture> architecture);

// A listing's lines, written back in cuobjdump's layout: the header of one kernel's code, and one
// atomic (its address, text and word comments; `text_width`, the largest listing_width() of the
// lines listed together, pads the text so that their comments line up).
size_t listing_width(std::string_view text);  // the text's width from its opcode on
std::string listing_header(Architecture architecture, std::string_view kernel);
std::string listing_line(uint64_t address, std::string_view text, const Word128& word, Architecture architecture,
                         size_t text_width);
// The same line (and its newline) appended to `out`.
void append_listing_line(std::string& out, uint64_t address, std::string_view text, const Word128& word,
                         Architecture architecture, size_t text_width);

}  // namespace gpuatom::nvidia
