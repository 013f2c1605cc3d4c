// ELF64 as far as an AMDGPU code object's functions: the file header, the section headers, the
// section-name table and the symbol table with its string table. Every offset is checked against
// the file's size before it is read.
#include "gpuatom/amd/isa/code_object.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/support/byte_reader.hpp"

namespace gpuatom::amd::isa {
namespace {

// The ELF facts the reader needs (the System V gABI; EM_AMDGPU and EF_AMDGPU_MACH are AMD's, as
// LLVM's BinaryFormat/ELF.h and AMDGPUUsage's "ELF Code Object" section give them).
constexpr std::string_view elf_magic =
    "\x7f"
    "ELF";
constexpr uint16_t em_amdgpu = 224;
constexpr uint32_t ef_amdgpu_mach = 0xff;
constexpr uint32_t sht_symtab = 2, sht_strtab = 3, sht_nobits = 8;
constexpr uint64_t shf_execinstr = 0x4;
constexpr uint8_t stt_func = 2;
constexpr uint64_t header_size = 64, section_header_size = 64, symbol_size = 24;

struct Machine {
  uint32_t value;
  std::string_view target;
};
constexpr Machine machines[] = {
    {0x03f, "gfx90a"},       {0x040, "gfx940"},          {0x04b, "gfx941"},        {0x04c, "gfx942"},
    {0x036, "gfx1030"},      {0x037, "gfx1031"},         {0x038, "gfx1032"},       {0x039, "gfx1033"},
    {0x03e, "gfx1034"},      {0x03d, "gfx1035"},         {0x045, "gfx1036"},       {0x041, "gfx1100"},
    {0x046, "gfx1101"},      {0x047, "gfx1102"},         {0x044, "gfx1103"},       {0x043, "gfx1150"},
    {0x04a, "gfx1151"},      {0x055, "gfx1152"},         {0x048, "gfx1200"},       {0x04e, "gfx1201"},
    {0x051, "gfx9-generic"}, {0x053, "gfx10-3-generic"}, {0x054, "gfx11-generic"}, {0x059, "gfx12-generic"},
};

struct Section {
  uint64_t header = 0;  // where its header is, for a refusal
  uint32_t type = 0;
  uint64_t flags = 0, address = 0, offset = 0, size = 0;
  uint32_t link = 0;
};

// A NUL-terminated name at `at` in a string table, or nothing when it runs off the table.
std::optional<std::string_view> name_in(std::string_view table, uint64_t at) {
  if (at >= table.size()) return std::nullopt;
  const size_t end = table.find('\0', at);
  if (end == std::string_view::npos) return std::nullopt;
  return table.substr(at, end - at);
}

}  // namespace

const Target* target_of_machine(uint32_t machine) {
  for (const Machine& m : machines)
    if (m.value == machine) return find_target(m.target);
  return nullptr;
}

bool is_amdgpu_elf(std::string_view bytes) {
  return bytes.substr(0, elf_magic.size()) == elf_magic && bytes.size() >= 20 &&
         (static_cast<unsigned char>(bytes[0x12]) | static_cast<unsigned char>(bytes[0x13]) << 8) == em_amdgpu;
}

std::variant<CodeObject, support::Diagnostic> read_code_object(std::string_view bytes, const support::FileName& file) {
  const support::ByteReader r(bytes, file, "docs/spec/amd-isa.md §2");
  if (bytes.substr(0, elf_magic.size()) != elf_magic)
    return r.refuse(0, "not an ELF file: a code object starts with 0x7f 'E' 'L' 'F'");
  if (!r.has(0, header_size))
    return r.refuse(bytes.size(),
                    fmt::format("the file ends inside the ELF header ({} of {} bytes)", bytes.size(), header_size));
  if (r.get(4, 1) != 2) return r.refuse(4, fmt::format("ELF class {}: AMDGPU code objects are ELF64 (2)", r.get(4, 1)));
  if (r.get(5, 1) != 1) return r.refuse(5, "a big-endian ELF file: AMDGPU code objects are little endian");
  if (r.get(0x12, 2) != em_amdgpu)
    return r.refuse(0x12, fmt::format("ELF machine {} is not EM_AMDGPU ({}): not an AMDGPU code object", r.get(0x12, 2),
                                      em_amdgpu));
  CodeObject object;
  object.machine = static_cast<uint32_t>(r.get(0x30, 4) & ef_amdgpu_mach);
  object.target = target_of_machine(object.machine);
  if (!object.target)
    return r.refuse(0x30, fmt::format("e_flags names EF_AMDGPU_MACH 0x{:03x}, a target gpuatom does not model at "
                                      "instruction level: it knows {}",
                                      object.machine, target_names()));

  const uint64_t table = r.get(0x28, 8), entry_size = r.get(0x3a, 2), count = r.get(0x3c, 2);
  if (count == 0) return object;
  if (entry_size != section_header_size)
    return r.refuse(0x3a,
                    fmt::format("section headers of {} bytes: ELF64 ones are {}", entry_size, section_header_size));
  if (table > bytes.size() || count > (bytes.size() - table) / section_header_size)
    return r.refuse(0x28, fmt::format("the {} section headers at byte 0x{:x} run past the end of the file ({} bytes)",
                                      count, table, bytes.size()));
  std::vector<Section> sections(count);
  for (uint64_t s = 0; s < count; ++s) {
    const uint64_t h = table + s * section_header_size;
    Section& sec = sections[s];
    sec = {h,
           static_cast<uint32_t>(r.get(h + 4, 4)),
           r.get(h + 8, 8),
           r.get(h + 0x10, 8),
           r.get(h + 0x18, 8),
           r.get(h + 0x20, 8),
           static_cast<uint32_t>(r.get(h + 0x28, 4))};
    // Sections without file bytes (SHT_NOBITS = 8) hold no code and are not read.
    if (sec.type != sht_nobits && sec.type != 0 && !r.has(sec.offset, sec.size))
      return r.refuse(h + 0x18, fmt::format("section {} ({} bytes at 0x{:x}) runs past the end of the file ({} bytes)",
                                            s, sec.size, sec.offset, bytes.size()));
  }
  for (const Section& symtab : sections) {
    if (symtab.type != sht_symtab) continue;
    if (symtab.link >= count)
      return r.refuse(
          symtab.header + 0x28,
          fmt::format("the symbol table's string table is section {}, but there are {}", symtab.link, count));
    const Section& strings = sections[symtab.link];
    if (strings.type != sht_strtab)
      return r.refuse(symtab.header + 0x28,
                      fmt::format("the symbol table's string table, section {}, is of type {}, not "
                                  "SHT_STRTAB ({})",
                                  symtab.link, strings.type, sht_strtab));
    const std::string_view names = bytes.substr(strings.offset, strings.size);
    for (uint64_t at = symtab.offset; at + symbol_size <= symtab.offset + symtab.size; at += symbol_size) {
      if ((r.get(at + 4, 1) & 0xf) != stt_func) continue;
      const uint64_t index = r.get(at + 6, 2), value = r.get(at + 8, 8), size = r.get(at + 0x10, 8);
      if (index == 0 || index >= count) continue;  // undefined or special (SHN_ABS …): no code here
      const Section& code = sections[index];
      // No code here: not executable, or a section without file bytes (SHT_NULL, SHT_NOBITS).
      if (!(code.flags & shf_execinstr) || code.type == 0 || code.type == sht_nobits) continue;
      const auto name = name_in(names, r.get(at, 4));
      if (!name) return r.refuse(at, "a function symbol's name runs off its string table");
      if (value < code.address || value - code.address > code.size || size > code.size - (value - code.address))
        return r.refuse(
            at + 8, fmt::format("function {} ({} bytes at 0x{:x}) lies outside its section ({} bytes at 0x{:x})", *name,
                                size, value, code.size, code.address));
      const uint64_t offset = code.offset + (value - code.address);
      object.functions.push_back({std::string(*name), value, offset, bytes.substr(offset, size)});
    }
  }
  std::sort(object.functions.begin(), object.functions.end(),
            [](const CodeObjectFunction& a, const CodeObjectFunction& b) { return a.address < b.address; });
  return object;
}

}  // namespace gpuatom::amd::isa
