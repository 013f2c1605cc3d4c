// The four rules on which the model disagreed with AMD's published tables (issue 17), pinned on
// representative cells of every device family, each test with the page sentence it rests on. The
// cells are computed by the rules; `make oracle-amd` compares all 14,256 with AMD's tables.
#include "amd/model_helpers.hpp"

using namespace amd_test;

// Rule 1, CAS strategy. "\"CAS emulation\", where software attempts to use CAS emulation." and
// "CAS: Generates the correct result, but the atomic operation is implemented by the compiler for
// this ISA using a compare-and-swap emulation loop." — every row but atomicCAS is a CAS loop, even
// where the device runs it natively; atomicCAS is the primitive and stays Native.
TEST(PublishedTables, CasEmulationLoopsEvenWhereTheRowIsNative) {
  for (const DeviceId d : {DeviceId::mi100, DeviceId::mi200_pcie, DeviceId::mi300x, DeviceId::gfx9_dgpu,
                           DeviceId::gfx10_dgpu, DeviceId::gfx11_apu, DeviceId::gfx12_dgpu}) {
    for (const Scope s : both_scopes) {
      // Native under HW atomics, CAS under CAS emulation, on the same cell.
      EXPECT_EQ(outcome(d, "32 bit atomicAdd", at(device_dram, coarse, s, no_pcie, hw)), Outcome::native);
      const Explanation e = explain(d, "32 bit atomicAdd", at(device_dram, coarse, s, no_pcie, cas));
      EXPECT_EQ(e.outcome, Outcome::cas) << describe(e);
      EXPECT_TRUE(e.fired(RuleId::c1)) << describe(e);
      expect_rows(d, {"64 bit atomicXor", "32 bit atomicExch", "32 bit float atomicAdd"},
                  at(device_dram, coarse, s, with_pcie, cas), Outcome::cas);
      expect_rows(d, {"32 bit atomicCAS", "64 bit atomicCAS"}, at(device_dram, fine, s, no_pcie, cas), Outcome::native);
    }
    // Host memory with PCIe atomics: the CAS reaches it, so every loop is correct.
    expect_rows(d, {"64 bit atomicMin", "16bx2 half2 atomicAdd"}, at(pinned, fine, system_scope, with_pcie, cas),
                Outcome::cas);
  }
  // MI100's no-return float add is a CAS loop under CAS emulation too.
  EXPECT_EQ(outcome(DeviceId::mi100, "32 bit float atomicAdd", at(device_dram, coarse, device_scope, no_pcie, cas)),
            Outcome::cas);
}

// Rule 2, scope downgrade. "Any system-scope atomics sent to this type of memory will not achieve
// system-scope coherency and will instead be downgraded to device-scope as per the programming
// model." — the tables mark none of it: coarse-grained system scope reads like device scope. The
// only downgrade is the PCIe load-op-store: "This downgrades system-scope atomics to device-scope."
TEST(PublishedTables, OnlyThePcieLoadOpStoreDowngradesScope) {
  for (const DeviceId d : {DeviceId::mi100, DeviceId::mi200_aa, DeviceId::mi300x, DeviceId::mi300a, DeviceId::gfx9_apu,
                           DeviceId::gfx11_dgpu, DeviceId::gfx12_dgpu})
    for (const Memory m : all_memories)
      for (const Strategy st : both_strategies)
        for (const PcieAtomics p : both_pcie)
          for (const Row& r : rows()) {
            const Explanation dev = evaluate(device(d), r, at(m, coarse, device_scope, p, st));
            const Explanation sys = evaluate(device(d), r, at(m, coarse, system_scope, p, st));
            EXPECT_EQ(sys.outcome, dev.outcome) << describe(sys);
          }
  // MI300X coarse-grained host memory stays in the L2 (no PCIe stage, so no load-op-store).
  const Explanation coarse_host = explain(DeviceId::mi300x, "32 bit atomicMin", at(pinned, coarse, system_scope));
  EXPECT_EQ(coarse_host.outcome, Outcome::native) << describe(coarse_host);
  EXPECT_EQ(coarse_host.path, path_of({Place::l2}));
  // Fine-grained host memory through PCIe without the AtomicOp: the load-op-store devices downgrade
  // system scope and keep device scope; the NOP devices NOP.
  for (const DeviceId d : {DeviceId::mi300x, DeviceId::gfx12_dgpu}) {
    EXPECT_EQ(outcome(d, "32 bit atomicMin", at(migratable, fine, system_scope)), Outcome::scope_downgrade);
    EXPECT_EQ(outcome(d, "32 bit atomicMin", at(migratable, fine, device_scope, no_pcie, cas)), Outcome::cas);
    EXPECT_EQ(outcome(d, "32 bit atomicMin", at(migratable, fine, system_scope, no_pcie, cas)),
              Outcome::scope_downgrade_cas);
    // Under CAS emulation the downgraded primitive carries the table's "- CAS" too.
    EXPECT_EQ(outcome(d, "32 bit atomicCAS", at(migratable, fine, system_scope, no_pcie, cas)),
              Outcome::scope_downgrade_cas);
    EXPECT_EQ(outcome(d, "32 bit atomicCAS", at(migratable, fine, system_scope, no_pcie, hw)),
              Outcome::scope_downgrade);
  }
  EXPECT_EQ(outcome(DeviceId::mi300x, "32 bit atomicMin", at(migratable, fine, device_scope)), Outcome::native);
  EXPECT_EQ(outcome(DeviceId::gfx12_dgpu, "32 bit atomicMin", at(migratable, fine, device_scope)), Outcome::native);
}

// Rule 3, HW strategy. "CAS: Generates the correct result, but the atomic operation is implemented
// by the compiler for this ISA using a compare-and-swap emulation loop." — a row the device has no
// instruction for is the compiler's CAS loop, never n/a.
TEST(PublishedTables, HwAtomicsWithoutAnInstructionAreTheCompilersCasLoop) {
  const Selectors coarse_device = at(device_dram, coarse, device_scope, no_pcie, hw);
  // Float min/max on MI100, MI200, MI300; FP64 add on MI100, gfx9, gfx10, gfx11, gfx12.
  for (const DeviceId d :
       {DeviceId::mi100, DeviceId::mi200_pcie, DeviceId::mi200_aa, DeviceId::mi300x, DeviceId::mi300a})
    expect_rows(d, {"32 bit float atomicMin", "32 bit float atomicMax"}, coarse_device, Outcome::cas);
  for (const DeviceId d : {DeviceId::mi100, DeviceId::gfx9_dgpu, DeviceId::gfx10_dgpu, DeviceId::gfx11_dgpu,
                           DeviceId::gfx11_apu, DeviceId::gfx12_dgpu})
    expect_rows(d, {"64 bit float atomicAdd"}, coarse_device, Outcome::cas);
  expect_rows(DeviceId::gfx9_apu, rows_of(RowGroup::floating), coarse_device, Outcome::cas);
  const Explanation e = explain(DeviceId::gfx11_dgpu, "64 bit float atomicAdd", at(device_dram, fine, system_scope));
  EXPECT_EQ(e.outcome, Outcome::cas) << describe(e);  // the CAS loop reaches the IF, the instruction would not
  EXPECT_EQ(e.rules(), (std::vector<RuleId>{RuleId::a1, RuleId::p4, RuleId::p5, RuleId::c2, RuleId::c3}));
  // The loop follows the path: without PCIe atomics a NOP device NOPs it, a load-op-store device
  // downgrades it at system scope, and an APU or A+A reaches host memory over the fabric.
  EXPECT_EQ(outcome(DeviceId::mi200_pcie, "32 bit float atomicMin", at(pinned, fine, device_scope)), Outcome::nop);
  EXPECT_EQ(outcome(DeviceId::mi200_pcie, "32 bit float atomicMin", at(pinned, fine, device_scope, with_pcie)),
            Outcome::cas);
  EXPECT_EQ(outcome(DeviceId::mi300x, "32 bit float atomicMin", at(pinned, fine, system_scope)),
            Outcome::scope_downgrade_cas);
  EXPECT_EQ(outcome(DeviceId::mi200_aa, "32 bit float atomicMin", at(pinned, fine, system_scope)), Outcome::cas);
  EXPECT_EQ(outcome(DeviceId::gfx9_apu, "32 bit float atomicAdd", at(pinned, fine, system_scope)), Outcome::cas);
  // The first reading is one switch away.
  ModelOptions na;
  ASSERT_FALSE(set_switch(na, "amd.no-hw-instruction", "na"));
  EXPECT_EQ(outcome(DeviceId::gfx11_dgpu, "64 bit float atomicAdd", at(device_dram, coarse, device_scope), na),
            Outcome::not_applicable);
}

// Rule 4, NOP at the edges. "Any atomic not supported by the PCIe bus will be a NOP and give
// incorrect result." — atomicSub is no PCIe AtomicOp; and the IF cannot forward a float atomic the
// L2 alone executes: "If the float atomics access write-uncached memory, they cannot be forwarded
// to the Infinity Fabric, resulting in a NOP and an incorrect outcome."
TEST(PublishedTables, NopWhereNeitherTheFabricNorPcieCarriesTheAtomic) {
  for (const DeviceId d :
       {DeviceId::mi100, DeviceId::mi200_pcie, DeviceId::gfx9_dgpu, DeviceId::gfx10_dgpu, DeviceId::gfx11_dgpu}) {
    EXPECT_EQ(outcome(d, "32 bit atomicSub", at(pinned, fine, device_scope, with_pcie)), Outcome::nop);
    EXPECT_EQ(outcome(d, "32 bit atomicAdd", at(pinned, fine, device_scope, with_pcie)), Outcome::native);
    EXPECT_EQ(outcome(d, "32 bit atomicAdd", at(pinned, fine, device_scope, no_pcie)), Outcome::nop);
  }
  EXPECT_EQ(outcome(DeviceId::mi300x, "32 bit atomicSub", at(pinned, fine, system_scope, with_pcie)),
            Outcome::scope_downgrade);
  EXPECT_EQ(outcome(DeviceId::gfx12_dgpu, "32 bit atomicSub", at(pinned, fine, system_scope, with_pcie)),
            Outcome::scope_downgrade);
  // Float atomics the L2 alone has: NOP on fine-grained memory, even on Device DRAM.
  EXPECT_EQ(outcome(DeviceId::mi200_pcie, "64 bit float atomicAdd", at(device_dram, fine, device_scope)), Outcome::nop);
  EXPECT_EQ(outcome(DeviceId::gfx10_dgpu, "64 bit float atomicMin", at(device_dram, fine, system_scope)), Outcome::nop);
  EXPECT_EQ(outcome(DeviceId::gfx11_apu, "32 bit float atomicMax", at(migratable, fine, device_scope)), Outcome::nop);
  EXPECT_EQ(outcome(DeviceId::mi100, "16bx2 half2 atomicAdd", at(device_dram, fine, device_scope)), Outcome::nop);
  EXPECT_EQ(outcome(DeviceId::mi100, "16bx2 half2 atomicAdd", at(device_dram, coarse, system_scope)),
            Outcome::no_return);
}

// Rule 4, the MI200 A+A edge. "\"No PCIe atomics\" means the system does not support PCIe atomics
// between the accelerator and peer/host-memory." — AMD's CAS-emulation tables treat MI200 A+A host
// memory as MI200 PCIe's (P8), while its HW tables follow the A+A sentence: "the atomic operation
// will be forwarded to the remote location and will succeed if supported by Infinity Fabric".
TEST(PublishedTables, Mi200AaHostMemoryUnderCasEmulationNeedsPcieAtomics) {
  for (const Memory m : host_memories)
    for (const Scope s : both_scopes) {
      const Explanation e = explain(DeviceId::mi200_aa, "32 bit atomicAdd", at(m, fine, s, no_pcie, cas));
      EXPECT_EQ(e.outcome, Outcome::nop) << describe(e);
      EXPECT_TRUE(e.fired(RuleId::p8)) << describe(e);
      EXPECT_EQ(outcome(DeviceId::mi200_aa, "32 bit atomicCAS", at(m, fine, s, no_pcie, cas)), Outcome::nop);
      EXPECT_EQ(outcome(DeviceId::mi200_aa, "32 bit atomicAdd", at(m, fine, s, with_pcie, cas)), Outcome::cas);
      EXPECT_EQ(outcome(DeviceId::mi200_aa, "32 bit atomicAdd", at(m, fine, s, no_pcie, hw)), Outcome::native);
      EXPECT_EQ(outcome(DeviceId::mi200_aa, "32 bit atomicAdd", at(m, coarse, s, no_pcie, cas)), Outcome::cas);
    }
}
