// Code objects clang-19 compiled (tests/amd-isa/data/code-objects, scripts/amd-code-objects): the
// reader finds each function, and walking its code by instruction_length() lands on every
// instruction llvm-objdump 19 lists, and on the function's end.
#include "gpuatom/amd/isa/code_object.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "gpuatom/amd/isa/instruction_length.hpp"

using namespace gpuatom;
using namespace gpuatom::amd::isa;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::string data_dir = std::string(GPUATOM_SOURCE_DIR) + "/tests/amd-isa/data/code-objects/";
const char* const compiled_for[] = {"gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1150", "gfx1200"};

// llvm-objdump's instruction addresses per function.
std::map<std::string, std::vector<uint64_t>> listed(const std::string& target) {
  std::istringstream in(slurp(data_dir + "kernels-" + target + ".layout"));
  std::map<std::string, std::vector<uint64_t>> out;
  std::vector<uint64_t>* current = nullptr;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string first;
    words >> first;
    if (first == "function") {
      std::string name;
      words >> name;
      current = &out[name];
    } else if (current && !first.empty()) {
      current->push_back(std::stoull(first, nullptr, 16));
    }
  }
  return out;
}

}  // namespace

TEST(AmdCodeObject, EveryInstructionLlvmObjdumpListsIsWalkedTo) {
  for (const char* target : compiled_for) {
    SCOPED_TRACE(target);
    const std::string bytes = slurp(data_dir + "kernels-" + target + ".hsaco");
    ASSERT_FALSE(bytes.empty());
    ASSERT_TRUE(is_amdgpu_elf(bytes));
    const auto read = read_code_object(bytes, "kernels.hsaco");
    ASSERT_TRUE(std::holds_alternative<CodeObject>(read)) << support::format(std::get<support::Diagnostic>(read));
    const CodeObject& object = std::get<CodeObject>(read);
    ASSERT_TRUE(object.target);
    EXPECT_EQ(object.target->name, target);
    const auto expected = listed(target);
    ASSERT_EQ(object.functions.size(), 4u);
    for (const CodeObjectFunction& f : object.functions) {
      SCOPED_TRACE(f.name);
      const auto it = expected.find(f.name);
      ASSERT_NE(it, expected.end());
      std::vector<uint64_t> walked;
      const auto* code = reinterpret_cast<const uint8_t*>(f.code.data());
      size_t at = 0;
      while (at < f.code.size()) {
        walked.push_back(f.address + at);
        const auto size = instruction_length({code + at, f.code.size() - at}, *object.target);
        ASSERT_TRUE(size) << "no instruction at 0x" << std::hex << f.address + at;
        at += *size;
      }
      EXPECT_EQ(at, f.code.size()) << "the last instruction runs past the function's end";
      // objdump lists the padding after a function as its own; the function's instructions come first.
      ASSERT_LE(walked.size(), it->second.size());
      EXPECT_EQ(walked,
                std::vector<uint64_t>(it->second.begin(), it->second.begin() + static_cast<long>(walked.size())));
      EXPECT_GT(walked.size(), 10u);
    }
  }
}

TEST(AmdCodeObject, BadFilesAreRefusedWithTheByteThatIsWrong) {
  const std::string good = slurp(data_dir + "kernels-gfx942.hsaco");
  ASSERT_GT(good.size(), 64u);
  const auto refusal = [](const std::string& bytes) {
    const auto read = read_code_object(bytes, "bad.hsaco");
    EXPECT_TRUE(std::holds_alternative<support::Diagnostic>(read));
    return std::holds_alternative<support::Diagnostic>(read) ? std::get<support::Diagnostic>(read)
                                                             : support::Diagnostic{};
  };
  EXPECT_EQ(refusal("").where.byte_offset, 0u);
  EXPECT_EQ(refusal(good.substr(0, 40)).where.byte_offset, 40u);
  std::string other_machine = good;
  other_machine[0x12] = 62;  // EM_X86_64
  EXPECT_EQ(refusal(other_machine).where.byte_offset, 0x12u);
  std::string unknown_target = good;
  unknown_target[0x30] = 0x2f;  // gfx908
  const support::Diagnostic d = refusal(unknown_target);
  EXPECT_EQ(d.where.byte_offset, 0x30u);
  EXPECT_NE(d.message.find("0x02f"), std::string::npos) << d.message;
  std::string far_sections = good;
  far_sections[0x2f] = 0x7f;  // e_shoff far past the end
  EXPECT_EQ(refusal(far_sections).where.byte_offset, 0x28u);
  // Every truncation is refused or read without touching a byte past the end (ASan checks the latter).
  for (size_t n = 0; n < good.size(); n += 97) (void)read_code_object(good.substr(0, n), "cut.hsaco");
}
