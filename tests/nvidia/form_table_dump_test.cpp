// One-off: every member of every 128-bit form, written to $GPUATOM_FORM_DUMP when set.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "../../src/nvidia/binary/sass128_forms.hpp"

TEST(FormTableDump, Writes) {
  const char* path = std::getenv("GPUATOM_FORM_DUMP");
  if (!path) GTEST_SKIP();
  std::ofstream out(path);
  for (const auto& f : gpuatom::nvidia::sass128::forms()) {
    out << f.name << '|' << int(f.mnemonic) << '|' << f.opcode << '|' << f.generations << '|' << int(f.address) << '|'
        << f.descriptor_always << '|' << int(f.ops) << '|' << int(f.sizes) << '|' << int(f.orders) << '|' << std::hex
        << f.fixed_low << '|' << f.fixed_high << '|' << f.select_high << '|' << f.select_low << std::dec << '|'
        << f.field_list().size() << ':';
    for (const auto& x : f.field_list()) out << ' ' << int(x.kind) << '@' << int(x.lo) << '+' << int(x.width);
    out << '\n';
  }
}
