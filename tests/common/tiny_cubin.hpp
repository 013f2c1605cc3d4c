// A cubin built in memory for tests: an ELF64 file of the CUDA ≤ 12 ABI (EI_OSABI 0x33, the SM
// number in e_flags) whose `.text.<name>` sections lie where the test says, over one block of
// code. Real cubins have more sections; the reader needs only these (nvidia/binary/cubin.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gpuatom::testing {

struct TinySection {
  std::string name;     // "add" for .text.add
  uint64_t offset = 0;  // into the code block
  uint64_t size = 0;
};

inline std::string tiny_cubin(int sm, const std::string& code, const std::vector<TinySection>& sections) {
  const auto put = [](std::string& out, size_t at, uint64_t value, int bytes) {
    for (int b = 0; b < bytes; ++b) out[at + static_cast<size_t>(b)] = static_cast<char>(value >> (8 * b));
  };
  std::string names(1, '\0');  // the section-name table: "", ".shstrtab", ".text.<name>" …
  const size_t shstrtab_name = names.size();
  names += ".shstrtab";
  names += '\0';
  std::vector<size_t> name_at;
  for (const TinySection& s : sections) {
    name_at.push_back(names.size());
    names += ".text." + s.name;
    names += '\0';
  }
  constexpr size_t header = 64, entry = 64;
  const size_t names_at = header, code_at = names_at + names.size();
  const size_t table_at = code_at + code.size();
  const size_t count = 2 + sections.size();
  std::string out(table_at + count * entry, '\0');
  out.replace(0, 4,
              "\x7f"
              "ELF");
  put(out, 4, 2, 1);       // ELF64
  put(out, 5, 1, 1);       // little endian
  put(out, 6, 1, 1);       // EV_CURRENT
  put(out, 7, 0x33, 1);    // CUDA ≤ 12
  put(out, 8, 7, 1);       // ABI version
  put(out, 0x10, 2, 2);    // ET_EXEC
  put(out, 0x12, 190, 2);  // EM_CUDA
  put(out, 0x14, 1, 4);
  put(out, 0x28, table_at, 8);
  put(out, 0x30, static_cast<uint64_t>(sm), 4);
  put(out, 0x34, header, 2);
  put(out, 0x3a, entry, 2);
  put(out, 0x3c, count, 2);
  put(out, 0x3e, 1, 2);  // the section-name table
  out.replace(names_at, names.size(), names);
  out.replace(code_at, code.size(), code);
  const auto section = [&](size_t index, size_t name, uint32_t type, uint64_t offset, uint64_t size) {
    const size_t at = table_at + index * entry;
    put(out, at, name, 4);
    put(out, at + 4, type, 4);
    put(out, at + 0x18, offset, 8);
    put(out, at + 0x20, size, 8);
  };
  section(1, shstrtab_name, 3, names_at, names.size());  // SHT_STRTAB
  for (size_t i = 0; i < sections.size(); ++i)
    section(2 + i, name_at[i], 1, code_at + sections[i].offset, sections[i].size);  // SHT_PROGBITS
  return out;
}

}  // namespace gpuatom::testing
