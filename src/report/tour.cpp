#include "gpuatom/report/tour.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/semantics.hpp"
#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/amd/rows.hpp"
#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::report {

namespace {

struct Stop {
  std::string_view command;  // what a user would type
  std::string_view lesson;   // why the result is what it is
  alu::Operation operation;
  uint64_t old_value;
  alu::Operands operands;
};

// An AMD instruction's operation as the wave runs it (amd/isa/semantics.hpp), and the ALU operands
// its two data registers give: `first` and `second` in register order (vdata pair, or data0 and data1).
struct AmdInstruction {
  alu::Operation operation;
  alu::Operands operands;
};
AmdInstruction amd_instruction(std::string_view target_name, std::string_view mnemonic, uint64_t first,
                               uint64_t second) {
  const amd::isa::Target& target = *amd::isa::find_target(target_name);
  for (const amd::isa::Encoding& e : amd::isa::encodings()) {
    if (!e.on(target) || e.mnemonic != mnemonic || !e.returns) continue;
    const auto s = std::get<amd::isa::Semantics>(amd::isa::semantics(e));
    const bool value_first = s.order != amd::isa::DataOrder::compare_then_value;
    return {{s.op, s.type, {}}, {value_first ? first : second, value_first ? second : first}};
  }
  throw std::logic_error("tour: no encoding " + std::string(mnemonic));
}

}  // namespace

std::string tour_text() {
  using nvidia::AtomOp;
  using nvidia::Size;
  const auto nv = [](AtomOp op, Size size) { return std::get<alu::Operation>(nvidia::to_alu(op, size)); };
  const Stop stops[] = {
      {"gpuatom alu nvidia ADD.F32.FTZ.RN --old 0x00000001 --src 0x3f800000",
       "F32.FTZ.RN flushes the subnormal old value to zero before adding",
       nv(AtomOp::ADD, Size::F32_FTZ_RN),
       0x00000001,
       {0x3f800000, 0}},
      {"gpuatom alu nvidia ADD.F16x2.RN --old 0x00010001 --src 0x00010000",
       "F16x2 keeps subnormals (ASSUMPTION) and adds each 16-bit lane on its own",
       nv(AtomOp::ADD, Size::F16x2),
       0x00010001,
       {0x00010000, 0}},
      {"gpuatom alu nvidia INC --old 0x00000007 --src 0x00000007",
       "NVIDIA INC wraps to 0 once the old value reaches the bound",
       nv(AtomOp::INC, Size::U32),
       7,
       {7, 0}},
      {"gpuatom alu nvidia DEC --old 0x00000000 --src 0x00000009",
       "NVIDIA DEC of 0 (or of a value above the bound) reloads the bound",
       nv(AtomOp::DEC, Size::U32),
       0,
       {9, 0}},
      {"gpuatom alu nvidia CAS.64 --old 0x5 --src 0x5 --swap 0x9",
       "CAS compares with Rb and stores Rc",
       nv(AtomOp::CAS, Size::U64),
       5,
       {9, 5}},
      {"gpuatom alu intel cmpxchg --old 0x7 --src0 0x1 --src1 0x7", "vISA cmpxchg compares with Src1 and stores Src0",
       intel::to_alu(intel::AtomicOp::CMPXCHG, intel::Width::w32), 7, intel::operands(intel::AtomicOp::CMPXCHG, 1, 7)},
      {"gpuatom alu intel fcmpwr --old 0x80000000 --src0 0x00000000 --src1 0x3f800000",
       "vISA fcmpwr compares floats with Src0 (-0 == +0) and stores Src1",
       intel::to_alu(intel::AtomicOp::FCMPWR, intel::Width::w32), 0x80000000,
       intel::operands(intel::AtomicOp::FCMPWR, 0, 0x3f800000)},
      {"gpuatom alu intel fmin --old 0x3f800000 --src0 0x7fa00000",
       "vISA fmin: a signalling NaN wins, bit-exact",
       intel::to_alu(intel::AtomicOp::FMIN, intel::Width::w32),
       0x3f800000,
       {0x7fa00000, 0}},
      {"gpuatom alu intel predec --old 0x00000000",
       "vISA predec returns the new value",
       intel::to_alu(intel::AtomicOp::PREDEC, intel::Width::w32),
       0,
       {}},
      {"gpuatom alu amd \"32 bit atomicInc\" --old 0x11 --operand 0x11",
       "HIP atomicInc wraps like NVIDIA's INC",
       amd::to_alu(amd::rows()[*amd::find_row("32 bit atomicInc")]),
       0x11,
       {0x11, 0}},
      {"gpuatom run examples/amd/isa-gfx90a-cmpswap-order.toml   # global_atomic_cmpswap, v[4:5] = {9, 5}",
       "AMD global/flat/buffer cmpswap: the first register of the pair is stored, the second compared",
       amd_instruction("gfx90a", "global_atomic_cmpswap", 9, 5).operation, 5,
       amd_instruction("gfx90a", "global_atomic_cmpswap", 9, 5).operands},
      {"gpuatom run examples/amd/isa-gfx90a-cmpswap-order.toml   # ds_cmpst_rtn_b32, data0 = 9, data1 = 5",
       "AMD DS cmpst is the other way round: data0 compared, data1 stored (gfx11's ds_cmpstore swaps back)",
       amd_instruction("gfx90a", "ds_cmpst_rtn_b32", 9, 5).operation, 5,
       amd_instruction("gfx90a", "ds_cmpst_rtn_b32", 9, 5).operands},
  };
  std::string out = "gpuatom tour: one atomic per rule worth seeing. Each line is a command you can run.\n\n";
  for (const Stop& s : stops) {
    const alu::Result r = alu::apply(s.operation, s.old_value, s.operands);
    const int digits = alu::width_bits(s.operation.type) / 4;
    out += fmt::format("$ {}\nmemory={} returned={}\n  ({})\n\n", s.command, support::hex(r.memory, digits),
                       support::hex(r.returned, digits), s.lesson);
  }
  return out;
}

}  // namespace gpuatom::report
