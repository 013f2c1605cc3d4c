// Helpers for the AMD wave tests: instructions built from the encoding table by mnemonic and
// operand values (no text parser), lane values from a function of tid, and one run of a wave
// program on a memory in any of the three modes.
#pragma once

#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/exec/wave.hpp"
#include "gpuatom/amd/isa/instruction.hpp"
#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/exec/exhaustive.hpp"
#include "gpuatom/exec/lane_machine.hpp"
#include "gpuatom/exec/run.hpp"
#include "gpuatom/memory/device_memory.hpp"

namespace gpuatom::amd::isa::testing {

// Where the wave tests place their global buffer and their LDS window.
inline constexpr uint64_t buf = 0x100000;
inline constexpr uint64_t lds = 0x200000;

constexpr int64_t v(int n) { return vgpr_code_base + n; }
constexpr int64_t a(int n) { return agpr_code_base + n; }
constexpr int64_t s(int n) { return n; }

inline const Target& target(std::string_view name) {
  const Target* t = find_target(name);
  if (!t) throw std::runtime_error("no target " + std::string(name));
  return *t;
}

// The encoding of `mnemonic` on `t` that returns or not and has (or lacks) the operand `with`
// (e.g. "saddr", "vaddr", "soffset"), first in table order.
inline const Encoding& encoding(const Target& t, std::string_view mnemonic, bool returns, std::string_view with = "",
                                std::string_view without = "", std::string_view syntax_has = "") {
  for (const Encoding& e : encodings())
    if (e.on(t) && e.mnemonic == mnemonic && e.returns == returns && !e.parser_only &&
        (with.empty() || e.operand(with)) && (without.empty() || !e.operand(without)) &&
        (syntax_has.empty() || e.syntax.find(syntax_has) != std::string_view::npos))
      return e;
  throw std::runtime_error("no encoding " + std::string(mnemonic) + " on " + std::string(t.name));
}

// An instruction with the named operand values (the rest 0; a tied vdata_in takes vdata's).
inline Instruction make(const Encoding& e, std::map<std::string, int64_t> values) {
  Instruction in;
  in.encoding = &e;
  for (const OperandSlot& slot : e.operands) {
    auto found = values.find(std::string(slot.name));
    if (found == values.end() && slot.name == "vdata_in") found = values.find("vdata");
    in.values.push_back(found == values.end() ? 0 : found->second);
  }
  return in;
}

class TidValues final : public exec::LaneValues {
 public:
  explicit TidValues(std::function<uint64_t(uint64_t)> f) : f_(std::move(f)) {}
  std::variant<uint64_t, exec::LaneValueError> value(uint64_t tid, uint64_t, uint64_t) const override {
    return f_(tid);
  }
  bool values(uint64_t first, uint32_t count, uint32_t, uint64_t* out) const override {
    for (uint32_t k = 0; k < count; ++k) out[k] = f_(first + k);
    return true;
  }
  const std::optional<exec::AffineLanes>& affine() const override { return none_; }
  bool is_constant() const override { return false; }

 private:
  std::function<uint64_t(uint64_t)> f_;
  std::optional<exec::AffineLanes> none_;
};

inline RegisterInit init(int64_t code, std::function<uint64_t(uint64_t)> f, uint8_t dwords = 1) {
  return {code, dwords, std::make_shared<TidValues>(std::move(f))};
}

struct Region {
  std::string name;
  uint64_t base, size;
};

// One complete run: memory with the regions (filled by `fill`), the waves eager (so their
// registers can be read afterwards), in deterministic or parallel mode.
class WaveRun {
 public:
  using Machine = exec::LaneMachine<WaveIsaLanes>;
  WaveRun(const WaveIsaProgram& p, std::vector<Region> regions,
          const std::function<void(memory::DeviceMemory&)>& fill = {})
      : p_(p),
        machine_({p.lanes, p.wave_size}, {p.wave_size, true, false}, false,
                 [this](memory::DeviceMemory&, const exec::GroupSettings& settings) {
                   return std::make_unique<Machine::Group>(machine_.memory, settings, p_);
                 }) {
    for (const Region& r : regions)
      if (!machine_.memory.add_region({r.name, r.base, r.size, {}})) throw std::runtime_error("region " + r.name);
    if (fill) fill(machine_.memory);
    if (machine_.begin_groups()) throw std::runtime_error("a wave's registers cannot be set");
  }
  exec::RunResult run(exec::Mode mode, uint64_t seed = 1) {
    exec::RunOptions o;
    o.mode = mode;
    o.seed = seed;
    o.threads = 2;
    return exec::run(machine_.agents(), o);
  }
  uint64_t reg(int64_t code, uint64_t tid, uint32_t dwords = 1) const {
    return machine_.lanes(tid / p_.wave_size).value(code, static_cast<uint32_t>(tid % p_.wave_size), dwords);
  }
  uint64_t load(uint64_t address, unsigned bytes = 4) {
    const auto v = machine_.memory.load(address, bytes);
    if (!v) throw std::runtime_error("load failed");
    return *v;
  }
  memory::DeviceMemory& memory() { return machine_.memory; }
  std::span<exec::Agent* const> agents() { return machine_.agents(); }

 private:
  const WaveIsaProgram& p_;
  Machine machine_;
};

// A program of compiled instructions for `t`, `lanes` lanes in waves of `wave`.
inline WaveIsaProgram program(const Target& t, uint64_t lanes, uint32_t wave, std::vector<Instruction> code,
                              std::vector<RegisterInit> inits, const FloatRulesOptions& floats = {}) {
  WaveIsaProgram p;
  p.target = &t;
  p.lanes = lanes;
  p.wave_size = wave;
  for (const Instruction& in : code) {
    auto c = compile(in, t, floats);
    if (auto* why = std::get_if<std::string>(&c)) throw std::runtime_error(*why);
    p.code.push_back(std::get<WaveIsaInstruction>(std::move(c)));
  }
  p.inits = std::move(inits);
  p.use_all();
  return p;
}

}  // namespace gpuatom::amd::isa::testing
