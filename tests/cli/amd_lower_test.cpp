// `gpuatom amd lower`: the compiler's lowering of a HIP atomic beside AMD's tables, as a user runs
// it — text, --json, --all — and its refusals of bad input (exit 2, a message naming the fix).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli/run_cli.hpp"
#include "common/amd_lowering_corpus.hpp"

namespace {

using nlohmann::json;

TEST(AmdLower, NamesTheInstructionAndTheMatrixOutcome) {
  const CliRun r = run_gpuatom("amd lower --target gfx942 --op add --type f32 --scope system");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("global_atomic_add_f32 sc0 sc1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("32 bit float atomicAdd"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("MI300X"), std::string::npos) << r.out;
}

TEST(AmdLower, SaysPlainlyWhereCompilerAndMatrixDiffer) {
  // gfx90a without -munsafe-fp-atomics: clang-19 loops on a CAS where the hardware has the add.
  const CliRun r = run_gpuatom("amd lower --target gfx90a --op add --type f32");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("cas-loop"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("DIFFERENT: clang-19 emits a CAS loop where the matrix says"), std::string::npos) << r.out;
  const CliRun unsafe = run_gpuatom("amd lower --target gfx90a --op add --type f32 --unsafe-fp-atomics");
  EXPECT_NE(unsafe.out.find("the compiler and the matrix agree"), std::string::npos) << unsafe.out;
  EXPECT_EQ(unsafe.out.find("does not give the correct result"), std::string::npos) << unsafe.out;
}

TEST(AmdLower, SamePathIsNoPromiseOfACorrectResult) {
  // Fine-grained pinned host memory on MI200 PCIe without PCIe atomics: the instruction is issued,
  // as the matrix's path says, and the matrix's outcome says it fails.
  const CliRun r = run_gpuatom(
      "amd lower --target gfx90a --op add --type f32 --unsafe-fp-atomics --location pinned "
      "--fine-grained --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["matrix"]["granularity"], "Fine-grained");
  EXPECT_EQ(j["matrix"]["memory"], "Pinned Host DRAM");
  const CliRun text = run_gpuatom(
      "amd lower --target gfx90a --op add --type f32 --unsafe-fp-atomics --location pinned "
      "--fine-grained");
  const bool correct = j["matrix"]["correct"].get<bool>();
  EXPECT_EQ(text.out.find("does not give the correct result") == std::string::npos, correct) << text.out;
}

// The JSON answer of a sample of corpus cases is what clang-19 printed.
TEST(AmdLower, JsonAgreesWithTheCorpus) {
  const auto cases = amd_lowering_test::read_corpus(amd_lowering_test::corpus_path());
  ASSERT_FALSE(cases.empty());
  for (size_t k = 0; k < cases.size(); k += 997) {
    const auto& c = cases[k];
    const json j = [&] {
      const std::string args =
          "amd lower --json --target " + c.target + " --op " + std::string(gpuatom::amd::name(c.atomic.op)) +
          " --type " + std::string(gpuatom::amd::name(c.atomic.type)) + " --scope " +
          std::string(gpuatom::amd::name(c.atomic.scope)) + " --memory " +
          std::string(gpuatom::amd::name(c.atomic.memory)) + (c.atomic.returned ? " --returned" : " --unused") +
          (c.flags.unsafe_fp_atomics ? " --unsafe-fp-atomics" : "") +
          (c.flags.flush_denormals ? " --flush-denormals" : "");
      const CliRun r = run_gpuatom(args);
      EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.out;
      return json::parse(r.out);
    }();
    EXPECT_EQ(j["lowering"], c.lowering) << c.line;
    EXPECT_EQ(j["instruction"], c.instruction) << c.line;
    EXPECT_TRUE(j["agreement"] == "agree" || j["agreement"] == "differ" || j["agreement"] == "no cell") << j.dump();
  }
}

TEST(AmdLower, JsonCarriesTheMatrixCell) {
  const CliRun r = run_gpuatom("amd lower --target MI300A --op min --type i32 --scope system --unused --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["matrix"]["device"], "MI300A");
  EXPECT_EQ(j["matrix"]["atomic"], "32 bit atomicMin");
  EXPECT_EQ(j["matrix"]["scope"], "System");
  EXPECT_EQ(j["rule"], "system-scope-min-max");
  EXPECT_EQ(j["lowering"], "cas-loop");
  // The verdict follows the matrix's outcome: a CAS loop agrees only with CAS.
  const bool matrix_cas = j["matrix"]["without_pcie"] == "CAS" && j["matrix"]["with_pcie"] == "CAS";
  EXPECT_EQ(j["agreement"], matrix_cas ? "agree" : "differ") << j.dump();
}

TEST(AmdLower, AllListsEveryAtomicOfTheTarget) {
  const CliRun r = run_gpuatom("amd lower --target gfx1100 --all --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const json rows = json::parse(r.out);
  EXPECT_EQ(rows.size(), 54u);  // the valid (op, type) pairs, the two packed adds included
  for (const json& row : rows) EXPECT_EQ(row["target"], "gfx1100");
  const CliRun text = run_gpuatom("amd lower --target gfx1100");
  ASSERT_EQ(text.exit_code, 0) << text.out;
  EXPECT_NE(text.out.find("atomics: the compiler and the matrix differ"), std::string::npos) << text.out;
  const CliRun lds = run_gpuatom("amd lower --target gfx1100 --memory lds");
  EXPECT_NE(lds.out.find("LDS: AMD's tables have no cell"), std::string::npos) << lds.out;
}

TEST(AmdLower, BadInputIsRefusedWithTheFix) {
  const struct {
    const char* args;
    const char* says;
  } cases[] = {
      {"--target gfx9999 --op add --type i32", "--target gfx9999: expected one of: gfx908"},
      {"--target gfx942 --op and --type f32", "HIP has no such atomic"},
      {"--target gfx942 --op add", "missing --type"},
      {"--target gfx942 --op add --type f16", "--type f16: expected one of"},
      {"--target gfx942 --op add --type i32 --returned --unused", "give one of them"},
      {"--target gfx942 --op add --type i32 --device MI300A --scope cluster", "--scope cluster"},
      {"--target gfx942 --op add --type i32 --device \"gfx11 dGPU\"", "not a gfx942 device"},
      {"--target gfx942 --all --op add", "--all prints every op"},
      {"--op add --type i32", "--target is required"},
  };
  for (const auto& c : cases) {
    const CliRun r = run_gpuatom(std::string("amd lower ") + c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.out;
    EXPECT_NE(r.out.find(c.says), std::string::npos) << c.args << "\n" << r.out;
  }
}

}  // namespace
