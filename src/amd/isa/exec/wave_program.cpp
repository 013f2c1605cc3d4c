// Compiling AMD atomic instructions for the wave (amd/isa/exec/wave.hpp), and the wave's
// registers, addresses and results (docs/spec/amd-isa.md §11).
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>

#include "../registers.hpp"
#include "gpuatom/amd/isa/exec/wave.hpp"
#include "gpuatom/support/bits.hpp"

namespace gpuatom::amd::isa {

namespace {

int64_t value_of(const Instruction& in, std::string_view slot, int64_t otherwise = -1) {
  const int64_t* v = in.value(slot);
  return v ? *v : otherwise;
}

uint8_t dwords_of(const Encoding& e, std::string_view slot) {
  const OperandSlot* s = e.operand(slot);
  return s ? s->dwords : 0;
}

}  // namespace

BufferResource BufferResource::from(const std::array<uint32_t, 4>& words) {
  BufferResource v;
  v.base = words[0] | (uint64_t{words[1] & 0xffffu} << 32);
  v.stride = (words[1] >> 16) & 0x3fffu;
  v.num_records = words[2];
  v.word3 = words[3];
  return v;
}

// docs/spec/amd-isa.md §11.3. GFX9 (CDNA): a raw buffer (stride 0) checks the byte offset against
// num_records, a structured one the index. GFX10+: V# word 3 bits 29:28 (OOB_SELECT) choose:
// 0 index and offset within the stride, 1 index only, 2 raw bytes, 3 no check. An atomic is in or
// out as a whole.
bool buffer_in_range(const Target& target, const BufferResource& v, uint64_t index, uint64_t offset, unsigned bytes) {
  const uint64_t end = offset + bytes;
  if (has(target, Feature::gfx9)) {
    if (v.stride == 0) return end <= v.num_records;
    return index < v.num_records;
  }
  switch ((v.word3 >> 28) & 3u) {
    case 0: return index < v.num_records && end <= v.stride;
    case 1: return index < v.num_records;
    case 2: return index * v.stride + end <= v.num_records;
    default: return true;
  }
}

uint32_t scalar_source(const Target& target, int64_t code, const std::array<uint32_t, scalar_codes>& sgprs) {
  if (has(target, Feature::gfx10_insts) && code == null_code(target)) return 0;  // null reads 0 (gfx10+)
  if (code >= 0 && code < scalar_codes) return sgprs[static_cast<size_t>(code)];
  if (code == 128) return 0;
  if (code >= 129 && code <= 192) return static_cast<uint32_t>(code - 128);
  if (code >= 193 && code <= 208) return static_cast<uint32_t>(-(code - 192));
  static constexpr float floats[] = {0.5f, -0.5f, 1.0f, -1.0f, 2.0f, -2.0f, 4.0f, -4.0f};
  if (code >= 240 && code <= 247) return std::bit_cast<uint32_t>(floats[code - 240]);
  if (code == 248) return 0x3e22f983u;  // 1 / (2π), the f32 inline constant
  return 0;
}

std::variant<WaveIsaInstruction, std::string> compile(const Instruction& in, const Target& target,
                                                      const FloatRulesOptions& floats) {
  if (!in.encoding) return std::string("an instruction without an encoding");
  const Encoding& e = *in.encoding;
  if (!e.on(target)) return fmt::format("{} ({}) is not an encoding of {}", e.mnemonic, e.record, target.name);
  if (in.values.size() != e.operands.size())
    return fmt::format("{}: {} operand values for {} operands", e.mnemonic, in.values.size(), e.operands.size());
  const auto sem = semantics(e);
  if (const auto* why = std::get_if<NotExecuted>(&sem)) return why->reason;
  WaveIsaInstruction c;
  c.instruction = in;
  c.semantics = std::get<Semantics>(sem);
  c.operation = operation(c.semantics, target, floats);
  c.cls = e.cls;
  c.offset = value_of(in, "offset", 0);
  const bool returns = c.semantics.returns;
  switch (e.cls) {
    case InstClass::flat:
      c.vaddr = value_of(in, "vaddr");
      c.vaddr_dwords = dwords_of(e, "vaddr");
      c.saddr = value_of(in, "saddr");
      c.saddr_dwords = dwords_of(e, "saddr");
      c.data = value_of(in, "vdata");
      if (returns) c.dst = value_of(in, "vdst");
      break;
    case InstClass::ds:
      if (value_of(in, "gds", 0) != 0)
        return fmt::format("{} gds: the global data share is not modelled (docs/spec/amd-isa.md §11.1)", e.mnemonic);
      c.vaddr = value_of(in, "addr");
      c.vaddr_dwords = 1;
      c.data = value_of(in, "data0");
      c.data1 = value_of(in, "data1");
      if (returns) c.dst = value_of(in, "vdst");
      break;
    case InstClass::mubuf:
      c.vaddr = value_of(in, "vaddr");
      c.vaddr_dwords = dwords_of(e, "vaddr");
      c.srsrc = value_of(in, "srsrc");
      c.soffset = value_of(in, "soffset");
      c.data = returns ? value_of(in, "vdata_in", value_of(in, "vdata")) : value_of(in, "vdata");
      if (returns) c.dst = value_of(in, "vdata");
      c.idxen = e.syntax.find(" idxen") != std::string_view::npos;
      c.offen = e.syntax.find("offen") != std::string_view::npos;
      break;
    case InstClass::smrd:
      c.saddr = value_of(in, "sbase");
      c.saddr_dwords = dwords_of(e, "sbase");
      c.soffset = value_of(in, "soffset");
      c.data = value_of(in, "sdata");
      if (returns) c.dst = value_of(in, "sdst", c.data);
      break;
    case InstClass::mimg:
    case InstClass::vimage: return std::string("image atomics do not execute here (docs/spec/amd-isa.md §11.1)");
  }
  return c;
}

void WaveIsaProgram::use(int64_t first, uint32_t dwords) {
  for (uint32_t k = 0; k < dwords; ++k)
    if (const auto index = vector_index(first + k); index && v_slot[*index] < 0)
      v_slot[*index] = static_cast<int16_t>(v_count++);
}

void WaveIsaProgram::use_all() {
  for (const WaveIsaInstruction& c : code) {
    if (c.scalar()) continue;
    const uint32_t n = c.semantics.data_registers();
    const uint32_t pairs = c.cls != InstClass::ds && c.semantics.order != DataOrder::value ? 2 : 1;
    use(c.vaddr, std::max<uint32_t>(c.vaddr_dwords, 1));
    use(c.data, n * pairs);
    use(c.data1, n);
    use(c.dst, n);
  }
  for (const RegisterInit& init : inits) use(init.code, init.dwords);
  for (const int64_t reg : kept) use(reg, 1);
  init_slots.clear();
  for (const RegisterInit& init : inits)
    init_slots.push_back({slot(init.code), init.dwords > 1 ? slot(init.code + 1) : int16_t{-1}});
  for (WaveIsaInstruction& c : code) {
    const unsigned n = c.semantics.data_registers();
    c.fast = c.cls == InstClass::flat && c.vaddr_dwords == 2 && c.semantics.order == DataOrder::value &&
             slot(c.vaddr) >= 0 && slot(c.vaddr + 1) >= 0 && slot(c.data) >= 0 && (n < 2 || slot(c.data + 1) >= 0);
    c.vaddr_slots = {slot(c.vaddr), slot(c.vaddr + 1)};
    c.data_slots = {slot(c.data), n > 1 ? slot(c.data + 1) : int16_t{-1}};
  }
  plan_direct(*this);
}

namespace {

// The registers an instruction names, as (first code, dwords) runs: every register operand.
std::vector<std::pair<int64_t, uint32_t>> register_runs(const WaveIsaInstruction& c) {
  std::vector<std::pair<int64_t, uint32_t>> runs;
  const Encoding& e = *c.instruction.encoding;
  for (size_t k = 0; k < e.operands.size(); ++k) {
    const OperandKind kind = e.operands[k].kind;
    if (kind == OperandKind::vgpr || kind == OperandKind::vgpr_or_agpr || kind == OperandKind::sgpr ||
        kind == OperandKind::sgpr_or_inline)
      runs.push_back({c.instruction.values[k], e.operands[k].dwords});
  }
  return runs;
}

bool overlaps(std::pair<int64_t, uint32_t> a, int64_t code, uint32_t dwords) {
  return a.first < code + dwords && code < a.first + a.second;
}

}  // namespace

// Which fast instructions read only registers that one affine 64-bit init (the address pair) and
// one constant init (the data) set and nothing writes; which inits only those instructions read.
void plan_direct(WaveIsaProgram& p) {
  const auto written = [&](int64_t code, uint32_t dwords) {
    for (const WaveIsaInstruction& c : p.code)
      if (c.semantics.returns && c.dst >= 0 && overlaps({c.dst, c.semantics.data_registers()}, code, dwords))
        return true;
    return false;
  };
  const auto init_of = [&](int64_t code, uint32_t dwords) -> const RegisterInit* {
    const RegisterInit* found = nullptr;
    for (const RegisterInit& init : p.inits) {
      if (!overlaps({init.code, init.dwords}, code, dwords)) continue;
      if (found || init.code != code || init.dwords != dwords) return nullptr;  // set in pieces, or twice
      found = &init;
    }
    return found;
  };
  for (WaveIsaInstruction& c : p.code) {
    c.direct = false;
    if (!c.fast) continue;
    const uint32_t n = c.semantics.data_registers();
    const RegisterInit* address = init_of(c.vaddr, 2);
    const RegisterInit* data = init_of(c.data, n);
    if (!address || !data || written(c.vaddr, 2) || written(c.data, n)) continue;
    const auto& affine = address->value->affine();
    if (!affine || affine->half != exec::AffineLanes::Half::whole || !data->value->is_constant()) continue;
    const auto v = data->value->value(0, p.wave_size);
    if (!std::holds_alternative<uint64_t>(v)) continue;
    c.direct = true;
    c.direct_address = address->value;
    c.direct_value = std::get<uint64_t>(v) & (n > 1 ? ~uint64_t{0} : 0xffffffffULL);
  }
  // An init is lazy when every instruction that names one of its registers is direct and reads it
  // as its address or data, and no expectation keeps it.
  p.init_lazy.assign(p.inits.size(), 0);
  for (size_t k = 0; k < p.inits.size(); ++k) {
    const RegisterInit& init = p.inits[k];
    if (!vector_index(init.code)) continue;
    bool lazy = std::none_of(p.kept.begin(), p.kept.end(), [&](int64_t reg) {
      return overlaps({init.code, init.dwords}, reg, 1);
    });
    for (const WaveIsaInstruction& c : p.code) {
      if (!lazy) break;
      const auto runs = register_runs(c);
      const bool named =
          std::any_of(runs.begin(), runs.end(), [&](const auto& run) { return overlaps(run, init.code, init.dwords); });
      if (!named) continue;
      const bool as_source = c.direct && ((init.code == c.vaddr && init.dwords == 2) ||
                                          (init.code == c.data && init.dwords == c.semantics.data_registers()));
      const bool as_destination =
          c.semantics.returns && c.dst >= 0 && overlaps({c.dst, c.semantics.data_registers()}, init.code, init.dwords);
      lazy = as_source && !as_destination;
    }
    p.init_lazy[k] = lazy;
  }
}

// --- The wave ------------------------------------------------------------------------------------

bool WaveIsaLanes::begin(uint64_t group) {
  const exec::Launch launch{p_.lanes, p_.wave_size};
  count_ = launch.lanes_in_group(group);
  first_ = launch.first_lane(group);
  exec_ = exec::LaneMask::first(count_);
  std::array<uint64_t, 64> values{};
  if (p_.active) {
    if (!p_.active->values(first_, count_, p_.wave_size, values.data())) return false;
    for (uint32_t lane = 0; lane < count_; ++lane) exec_.set(lane, values[lane] != 0);
  }
  vgprs_.assign(static_cast<size_t>(count_) * p_.v_count, 0);
  sgprs_.fill(0);
  for (size_t k = 0; k < p_.inits.size(); ++k) {
    const RegisterInit& init = p_.inits[k];
    if (kept_ && p_.init_lazy[k]) continue;  // streamed: only direct instructions read it, computed
    if (vector_index(init.code)) {
      // Straight into the lanes' slots (a register without storage is read by nobody), with the
      // count and stride in locals: the stores would otherwise make the loop reload them.
      const uint32_t stride = p_.v_count, count = count_;
      const bool constant = init.value->is_constant();
      if (constant) {
        const auto v = init.value->value(first_, p_.wave_size);
        if (!std::holds_alternative<uint64_t>(v)) return false;
        values[0] = std::get<uint64_t>(v);
      } else if (!init.value->values(first_, count, p_.wave_size, values.data())) {
        return false;
      }
      for (unsigned half = 0; half < 2; ++half) {
        const int16_t slot = p_.init_slots[k][half];
        if (slot < 0) continue;
        uint32_t* r = vgprs_.data() + slot;
        const unsigned shift = 32 * half;
        if (constant) {
          const auto word = static_cast<uint32_t>(values[0] >> shift);
          for (uint32_t lane = 0; lane < count; ++lane) r[size_t{lane} * stride] = word;
        } else {
          for (uint32_t lane = 0; lane < count; ++lane)
            r[size_t{lane} * stride] = static_cast<uint32_t>(values[lane] >> shift);
        }
      }
    } else {
      const auto v = init.value->value(first_, p_.wave_size);
      if (!std::holds_alternative<uint64_t>(v)) return false;
      set_scalar(init.code, std::get<uint64_t>(v), init.dwords);
    }
  }
  return true;
}

void WaveIsaLanes::end(uint64_t group) {
  if (!kept_ || p_.kept.empty()) return;
  const uint32_t count = exec::Launch{p_.lanes, p_.wave_size}.lanes_in_group(group);
  const uint64_t first = exec::Launch{p_.lanes, p_.wave_size}.first_lane(group);
  for (uint32_t lane = 0; lane < count; ++lane)
    for (size_t k = 0; k < p_.kept.size(); ++k)
      (*kept_)[(first + lane) * p_.kept.size() + k] = static_cast<uint32_t>(value(p_.kept[k], lane));
}

exec::LaneMask WaveIsaLanes::start(uint32_t i) {
  // A scalar atomic runs once per wave, whatever EXEC holds; the executor sees it as lane 0's.
  if (p_.code[i].scalar()) return count_ > 0 ? exec::LaneMask{1} : exec::LaneMask{};
  return exec_;
}

void WaveIsaLanes::read(uint32_t i, std::span<exec::LaneWork> lanes) {
  const WaveIsaInstruction& c = p_.code[i];
  if (c.direct) {  // computed, as each() computes them: a streamed wave does not store these registers
    for (exec::LaneWork& w : lanes) {
      const auto address = c.direct_address->value(first_ + w.lane, p_.wave_size);
      w.returns = c.semantics.returns;
      w.address = std::get<uint64_t>(address) + static_cast<uint64_t>(c.offset);  // affine: never fails
      w.operands = {c.direct_value, 0};
    }
    return;
  }
  for (exec::LaneWork& w : lanes) {
    w.returns = c.semantics.returns;
    memory::Fault f;
    switch (locate(c, w.lane, w.address, f)) {
      case Located::access: break;
      case Located::out_of_range: w.access = false; break;
      case Located::fault: w.fault = f; break;
    }
    operands(c, w.lane, w.operands.value, w.operands.compare);
  }
}

void WaveIsaLanes::finish(uint32_t i, const exec::LaneWork& w) {
  const WaveIsaInstruction& c = p_.code[i];
  if (!c.semantics.returns || c.dst < 0) return;
  if (c.scalar())
    set_scalar(c.dst, 0, c.semantics.data_registers());
  else
    set_vector(w.lane, c.dst, 0, c.semantics.data_registers());
}

void WaveIsaLanes::write(uint32_t i, std::span<const exec::LaneWork> lanes) {
  const WaveIsaInstruction& c = p_.code[i];
  if (!c.semantics.returns || c.dst < 0) return;
  for (const exec::LaneWork& w : lanes) {
    if (!w.completed) continue;
    if (c.scalar())
      set_scalar(c.dst, w.result.lo, c.semantics.data_registers());
    else
      set_vector(w.lane, c.dst, w.result.lo, c.semantics.data_registers());
  }
}

uint64_t WaveIsaLanes::value(int64_t code, uint32_t lane, uint32_t dwords) const {
  return read_registers(lane, code, dwords, !vector_index(code).has_value());
}

WaveIsaLanes::Located WaveIsaLanes::locate(const WaveIsaInstruction& c, uint32_t lane, uint64_t& address,
                                           memory::Fault& fault) const {
  const Target& target = *p_.target;
  const unsigned bytes = c.semantics.bytes();
  switch (c.cls) {
    case InstClass::flat: {
      // saddr + zero-extended 32-bit vaddr, or the 64-bit vaddr pair; the offset is signed.
      const uint64_t base = c.saddr >= 0 && c.saddr_dwords == 2 ? s64(c.saddr) + v(lane, c.vaddr) : v64(lane, c.vaddr);
      address = base + static_cast<uint64_t>(c.offset);
      return Located::access;
    }
    case InstClass::ds: {
      // A 32-bit LDS address; the region's bytes are the LDS (docs/spec/amd-isa.md §11.2). Past
      // them: an out-of-range fault (DECISION), not whatever region follows.
      const uint64_t offset = (uint64_t{v(lane, c.vaddr)} + static_cast<uint64_t>(c.offset)) & 0xffffffffULL;
      address = p_.lds_base + offset;
      if (offset + bytes <= p_.lds_size) return Located::access;
      fault.kind = memory::FaultKind::out_of_range;
      fault.width = static_cast<uint8_t>(bytes);
      fault.address = address;
      return Located::fault;
    }
    case InstClass::mubuf: {
      const BufferResource r = BufferResource::from({s(c.srsrc), s(c.srsrc + 1), s(c.srsrc + 2), s(c.srsrc + 3)});
      uint64_t index = 0, offset = static_cast<uint64_t>(c.offset);
      if (c.idxen) index = v(lane, c.vaddr);
      if (c.offen) offset += v(lane, c.idxen ? c.vaddr + 1 : c.vaddr);
      if (!buffer_in_range(target, r, index, offset, bytes)) return Located::out_of_range;
      address = r.base + scalar_source(target, c.soffset, sgprs_) + offset + uint64_t{r.stride} * index;
      return Located::access;
    }
    case InstClass::smrd: {
      const uint64_t soffset = c.soffset >= 0 ? scalar_source(target, c.soffset, sgprs_) : 0;
      const uint64_t offset = static_cast<uint64_t>(c.offset) + soffset;
      if (c.saddr_dwords == 4) {  // s_buffer_atomic: a V#, checked as a raw buffer
        const BufferResource r = BufferResource::from({s(c.saddr), s(c.saddr + 1), s(c.saddr + 2), s(c.saddr + 3)});
        if (offset + bytes > r.num_records) return Located::out_of_range;
        address = r.base + offset;
        return Located::access;
      }
      address = s64(c.saddr) + offset;
      return Located::access;
    }
    default: return Located::out_of_range;
  }
}

void WaveIsaLanes::operands(const WaveIsaInstruction& c, uint32_t lane, uint64_t& value, uint64_t& compare) const {
  const unsigned n = c.semantics.data_registers();
  const bool scalar = c.scalar();
  uint64_t first = read_registers(lane, c.data, n, scalar), second = 0;
  if (c.semantics.order != DataOrder::value)
    second =
        c.cls == InstClass::ds ? read_registers(lane, c.data1, n, false) : read_registers(lane, c.data + n, n, scalar);
  const bool value_first = c.semantics.order != DataOrder::compare_then_value;
  value = value_first ? first : second;
  compare = value_first ? second : first;
}

uint32_t WaveIsaLanes::v(uint32_t lane, int64_t code) const {
  const auto index = vector_index(code);
  if (!index) return 0;
  const int16_t slot = p_.v_slot[*index];
  return slot < 0 ? 0 : vgprs_[static_cast<size_t>(lane) * p_.v_count + static_cast<uint32_t>(slot)];
}

uint64_t WaveIsaLanes::read_registers(uint32_t lane, int64_t code, unsigned dwords, bool scalar) const {
  if (code < 0) return 0;
  const uint64_t lo = scalar ? s(code) : v(lane, code);
  return dwords < 2 ? lo : lo | (uint64_t{scalar ? s(code + 1) : v(lane, code + 1)} << 32);
}

void WaveIsaLanes::set_vector(uint32_t lane, int64_t code, uint64_t value, unsigned dwords) {
  for (unsigned k = 0; k < dwords; ++k) {
    const auto index = vector_index(code + k);
    if (!index) continue;
    const int16_t slot = p_.v_slot[*index];
    if (slot >= 0)
      vgprs_[static_cast<size_t>(lane) * p_.v_count + static_cast<uint32_t>(slot)] =
          static_cast<uint32_t>(value >> (32 * k));
  }
}

void WaveIsaLanes::set_scalar(int64_t code, uint64_t value, unsigned dwords) {
  for (unsigned k = 0; k < dwords; ++k)
    if (code + k >= 0 && code + k < scalar_codes)
      sgprs_[static_cast<size_t>(code + k)] = static_cast<uint32_t>(value >> (32 * k));
}

}  // namespace gpuatom::amd::isa
