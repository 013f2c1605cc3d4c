// ELF (ELF64, and ELF32 for ptxas -m32) as far as a cubin's kernels: the file header, the section headers and the
// section-name string table. Every offset is checked against the file's size before it is read.
#include "gpuatom/nvidia/binary/cubin.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <tuple>
#include <vector>

#include "gpuatom/support/byte_reader.hpp"

namespace gpuatom::nvidia {

namespace {

// The ELF facts a cubin reader needs (the System V gABI; EM_CUDA and the OS ABIs are NVIDIA's).
constexpr std::string_view elf_magic =
    "\x7f"
    "ELF";
constexpr uint8_t elf_little_endian = 1;
constexpr uint16_t em_cuda = 190;
constexpr uint32_t sht_progbits = 1;

// Where ELF32 and ELF64 keep what is read (ptxas -m32 writes ELF32 cubins).
struct ElfLayout {
  uint8_t elf_class;
  int address_bytes;  // e_shoff, sh_offset, sh_size
  uint64_t header_size, section_header_size;
  uint64_t e_shoff, e_flags, e_shentsize, e_shnum, e_shstrndx;
  uint64_t sh_offset, sh_size;
};
constexpr ElfLayout elf_layouts[] = {
    {1, 4, 52, 40, 0x20, 0x24, 0x2e, 0x30, 0x32, 0x10, 0x14},
    {2, 8, 64, 64, 0x28, 0x30, 0x3a, 0x3c, 0x3e, 0x18, 0x20},
};
constexpr std::string_view text_prefix = ".text.";
constexpr std::string_view tool_note = ".note.nv.tkinfo";

// The two cubin ELF ABIs: where each keeps the SM number in e_flags.
struct CubinAbi {
  uint8_t os_abi;
  bool cuda13;
  int sm_shift;
  std::string_view tools;
};
constexpr CubinAbi cubin_abis[] = {
    {0x33, false, 0, "CUDA ≤ 12"},
    {0x41, true, 8, "CUDA 13"},
};

// Each kernel has code of its own: two code sections of one name, or whose bytes overlap, are no
// cubin ptxas writes, and would list the same code again (a 448 KB file of 1,000 sections over one
// code listed 1.4 GB). The refusal names the later section's header.
std::optional<support::Diagnostic> shared_code(const std::vector<CubinKernel>& kernels,
                                               const std::vector<uint64_t>& headers, const support::ByteReader& r) {
  std::vector<size_t> order(kernels.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::tie(kernels[a].name, headers[a]) < std::tie(kernels[b].name, headers[b]);
  });
  for (size_t i = 1; i < order.size(); ++i)
    if (kernels[order[i]].name == kernels[order[i - 1]].name)
      return r.refuse(headers[order[i]],
                      fmt::format("a second code section .text.{}: each kernel has one", kernels[order[i]].name));
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::tie(kernels[a].file_offset, headers[a]) < std::tie(kernels[b].file_offset, headers[b]);
  });
  const auto end = [&](size_t k) { return kernels[k].file_offset + kernels[k].code.size(); };
  std::optional<size_t> furthest;  // of the sections before, the one that ends furthest
  for (const size_t k : order) {
    if (kernels[k].code.empty()) continue;
    if (furthest && kernels[k].file_offset < end(*furthest)) {
      const CubinKernel& earlier = kernels[*furthest];
      return r.refuse(headers[k], fmt::format("code section .text.{} ({} bytes at 0x{:x}) overlaps .text.{} ({} bytes "
                                              "at 0x{:x}): each kernel has code of its own",
                                              kernels[k].name, kernels[k].code.size(), kernels[k].file_offset,
                                              earlier.name, earlier.code.size(), earlier.file_offset));
    }
    if (!furthest || end(k) > end(*furthest)) furthest = k;
  }
  return std::nullopt;
}

}  // namespace

bool is_elf(std::string_view bytes) { return bytes.substr(0, elf_magic.size()) == elf_magic; }

std::variant<Cubin, support::Diagnostic> read_cubin(std::string_view bytes, const support::FileName& file) {
  const support::ByteReader r(bytes, file, "docs/listings.md");
  if (!is_elf(bytes)) return r.refuse(0, "not an ELF file: a cubin starts with 0x7f 'E' 'L' 'F'");
  if (!r.has(0, 20))
    return r.refuse(bytes.size(), fmt::format("the file ends inside the ELF header ({} bytes)", bytes.size()));
  const ElfLayout* layout = nullptr;
  for (const ElfLayout& l : elf_layouts)
    if (l.elf_class == r.get(4, 1)) layout = &l;
  if (!layout) return r.refuse(4, fmt::format("ELF class {} is neither ELF32 (1) nor ELF64 (2)", r.get(4, 1)));
  const ElfLayout& e = *layout;
  if (!r.has(0, e.header_size))
    return r.refuse(bytes.size(),
                    fmt::format("the file ends inside the ELF header ({} of {} bytes)", bytes.size(), e.header_size));
  if (r.get(5, 1) != elf_little_endian) return r.refuse(5, "a big-endian ELF file: cubins are little endian");
  if (r.get(0x12, 2) != em_cuda)
    return r.refuse(0x12, fmt::format("ELF machine {} is not EM_CUDA ({}): not a cubin", r.get(0x12, 2), em_cuda));
  const uint64_t os_abi = r.get(7, 1);
  const CubinAbi* abi = nullptr;
  for (const CubinAbi& a : cubin_abis)
    if (a.os_abi == os_abi) abi = &a;
  if (!abi)
    return r.refuse(
        7, fmt::format("ELF OS ABI 0x{:02x} is no cubin ABI gpuatom reads (0x33: CUDA ≤ 12, 0x41: CUDA 13)", os_abi));
  const uint64_t flags = r.get(e.e_flags, 4);
  const uint64_t sm = (flags >> abi->sm_shift) & 0xff;
  const auto architecture = parse_architecture(fmt::format("sm_{}", sm));
  if (!architecture)
    return r.refuse(e.e_flags,
                    fmt::format("e_flags 0x{:08x} names sm_{} ({} cubin ABI), which gpuatom does not know: it knows {}",
                                flags, sm, abi->tools, architecture_names()));
  Cubin cubin{*architecture, abi->cuda13, {}};

  const uint64_t table = r.get(e.e_shoff, e.address_bytes);
  const uint64_t entry_size = r.get(e.e_shentsize, 2), count = r.get(e.e_shnum, 2),
                 names_index = r.get(e.e_shstrndx, 2);
  if (count == 0) return cubin;  // no sections: no kernels
  if (entry_size != e.section_header_size)
    return r.refuse(e.e_shentsize, fmt::format("section headers of {} bytes: ELF{} ones are {}", entry_size,
                                               8 * e.address_bytes, e.section_header_size));
  if (!r.has(table, count * e.section_header_size))
    return r.refuse(e.e_shoff,
                    fmt::format("the {} section headers at byte 0x{:x} run past the end of the file ({} bytes)", count,
                                table, bytes.size()));
  if (names_index >= count)
    return r.refuse(e.e_shstrndx,
                    fmt::format("the section-name table is section {}, but there are {}", names_index, count));
  const uint64_t names_header = table + names_index * e.section_header_size;
  const uint64_t names = r.get(names_header + e.sh_offset, e.address_bytes);
  const uint64_t names_size = r.get(names_header + e.sh_size, e.address_bytes);
  if (!r.has(names, names_size))
    return r.refuse(names_header + e.sh_offset, "the section-name table runs past the end of the file");
  const std::string_view name_table = bytes.substr(names, names_size);

  // ptxas's command line in the `.note.nv.tkinfo` note names the target with its variant
  // ("-arch sm_90a"), which e_flags does not: taken when it names the header's architecture.
  const auto variant_from_note = [&](std::string_view note) {
    constexpr std::string_view flag = "-arch ";
    const size_t at = note.find(flag);
    if (at == std::string_view::npos) return;
    const std::string_view rest = note.substr(at + flag.size());
    const auto named = parse_architecture(rest.substr(0, rest.find_first_of(std::string_view(" \0", 2))));
    if (named && same_base(*named, cubin.architecture)) cubin.architecture = *named;
  };
  std::vector<uint64_t> kernel_headers;  // each kernel's section header, for a refusal
  for (uint64_t s = 1; s < count; ++s) {
    const uint64_t header = table + s * e.section_header_size;
    const uint64_t name_at = r.get(header, 4);
    if (name_at >= name_table.size())
      return r.refuse(header,
                      fmt::format("section {} names byte {} of a {}-byte name table", s, name_at, name_table.size()));
    const size_t end = name_table.find('\0', name_at);
    if (end == std::string_view::npos)
      return r.refuse(names + name_at, fmt::format("section {}'s name is not terminated", s));
    const std::string_view section = name_table.substr(name_at, end - name_at);
    if (section == tool_note) {
      const uint64_t offset = r.get(header + e.sh_offset, e.address_bytes),
                     size = r.get(header + e.sh_size, e.address_bytes);
      if (r.has(offset, size)) variant_from_note(bytes.substr(offset, size));
      continue;
    }
    if (section.substr(0, text_prefix.size()) != text_prefix || r.get(header + 4, 4) != sht_progbits) continue;
    const uint64_t offset = r.get(header + e.sh_offset, e.address_bytes),
                   size = r.get(header + e.sh_size, e.address_bytes);
    if (!r.has(offset, size))
      return r.refuse(header + e.sh_offset,
                      fmt::format("section {} ({} bytes at 0x{:x}) runs past the end of the file ({} bytes)", section,
                                  size, offset, bytes.size()));
    cubin.kernels.push_back({std::string(section.substr(text_prefix.size())), offset, bytes.substr(offset, size)});
    kernel_headers.push_back(header);
  }
  if (auto refused = shared_code(cubin.kernels, kernel_headers, r)) return *refused;
  return cubin;
}

}  // namespace gpuatom::nvidia
