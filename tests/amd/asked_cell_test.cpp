// One cell asked for a user who may leave --pcie out (gpuatom/amd/asked_cell.hpp), devices by any
// name (device_named) and spellings read or refused with the valid ones (parse_spelling).
#include "gpuatom/amd/asked_cell.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "gpuatom/amd/spelling.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::amd {
namespace {

Selectors pinned_fine_system() {
  Selectors s;
  s.memory = Memory::pinned_host_dram;
  s.granularity = Granularity::fine;
  s.scope = Scope::system;
  return s;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const support::InputError& e) {
    return e.what();
  }
  return "no error";
}

const AtomicRequest add32 = *find_request("32 bit atomicAdd");

TEST(AskedCell, LeftOutPcieDecidesOnADgpuButNotOnAnApu) {
  const AskedCell dgpu = ask_cell(device(DeviceId::mi300x), add32, pinned_fine_system(), std::nullopt, {});
  EXPECT_FALSE(dgpu.pcie_given);
  EXPECT_TRUE(dgpu.pcie_matters);
  EXPECT_EQ(dgpu.with_pcie.outcome, Outcome::native);
  EXPECT_EQ(dgpu.without_pcie.outcome, Outcome::scope_downgrade);
  EXPECT_EQ(error_of([&] { refuse_pcie_matters(device(DeviceId::mi300x), dgpu); }),
            "--pcie decides this cell on MI300X: ✅ Native with PCIe atomics, ⚠️ Scope Downgrade without; give "
            "--pcie yes or no");
  const AskedCell apu = ask_cell(device(DeviceId::mi300a), add32, pinned_fine_system(), std::nullopt, {});
  EXPECT_FALSE(apu.pcie_matters);
  EXPECT_EQ(&apu.chosen(), &apu.without_pcie);
  EXPECT_EQ(error_of([&] { refuse_pcie_matters(device(DeviceId::mi300a), apu); }), "no error");
}

TEST(AskedCell, GivenPcieAsksOnlyThatCell) {
  const AskedCell cell = ask_cell(device(DeviceId::mi300x), add32, pinned_fine_system(), PcieAtomics::supported, {});
  EXPECT_TRUE(cell.pcie_given);
  EXPECT_FALSE(cell.pcie_matters);
  EXPECT_EQ(cell.chosen().outcome, Outcome::native);
  EXPECT_EQ(cell.chosen().selectors.pcie, PcieAtomics::supported);
}

TEST(AskedCell, PublishedNoteForADeviceOffThePage) {
  const AskedCell cell = ask_cell(device(DeviceId::mi350x), add32, pinned_fine_system(), PcieAtomics::supported, {});
  EXPECT_EQ(published_note(cell.chosen()),
            "MI350X is not on AMD's published tables (ROCm 6.4.3): its outcome rests on ASSUMPTION "
            "amd.mi350x-as-mi300x");
  const AskedCell on_page = ask_cell(device(DeviceId::mi300x), add32, pinned_fine_system(), PcieAtomics::supported, {});
  EXPECT_EQ(published_note(on_page.chosen()), "");
}

TEST(DeviceNamed, OneDeviceOrWhyNot) {
  EXPECT_EQ(device_named("--device", "mi300x"), DeviceId::mi300x);
  EXPECT_EQ(device_named("--device", "MI210"), DeviceId::mi200_pcie);
  EXPECT_EQ(error_of([] { device_named("--device", "MI250X"); }),
            "--device MI250X: the name may mean \"MI200 PCIe\" or \"MI200 A+A\" on AMD's tables; name one of them "
            "(\"MI200 A+A\" when the host CPU is an AMD CPU on Infinity Fabric)");
  EXPECT_EQ(error_of([] { device_named("--device", "gfx1035"); }),
            "--device gfx1035: a gfx10 APU: AMD's tables have no gfx10 APU column");
  EXPECT_EQ(error_of([] { device_named("--dev", "rtx"); }).rfind("--dev rtx: expected one of: ", 0), 0u);
}

TEST(ParseSpelling, ValueOrTheValidSpellings) {
  EXPECT_EQ(parse_spelling("--memory", "pinned", memory_spellings()), Memory::pinned_host_dram);
  EXPECT_EQ(error_of([] { parse_spelling("--pcie", "maybe", pcie_spellings()); }),
            "--pcie maybe: expected one of: " + describe_spellings(pcie_spellings()));
}

}  // namespace
}  // namespace gpuatom::amd
