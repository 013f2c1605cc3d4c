// Where a disassembler's bytes come from (`disasm visa`, `disasm amd`): hex on the command line,
// or a file ("-": standard input) read as hex text or raw code. One home for how the two are told
// apart and for the refusals when both or neither are given.
#pragma once

#include <string>
#include <vector>

namespace gpuatom::support {

struct CodeSource {
  std::vector<std::string> hex;  // bytes in hex, as given on the command line
  std::string file;              // a file to read, "-" for standard input; empty: the bytes are `hex`

  bool from_file() const { return !file.empty(); }
  // The command-line hex as one text (each argument followed by a blank), for a hex reader.
  std::string joined_hex() const;
};

// The source the arguments name: a lone "-" among the hex is standard input, as `--file -`.
// Throws InputError when both hex and a file, or neither, are given.
CodeSource code_source(std::vector<std::string> hex, std::string file);

// Whether a file read as bytes is hex text rather than code: it holds only printable ASCII and
// blanks, which every encoded instruction has bytes outside of (--format auto is guessed so).
bool looks_like_hex_text(const std::string& content);

}  // namespace gpuatom::support
