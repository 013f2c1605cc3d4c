// The switches of docs/spec/amd.md §9: every place where the page's prose does not settle the model.
// Each default is the reading AMD's published tables confirm (issue 17, `make oracle-amd`); the
// alternative — docs/spec/amd.md's first reading where the tables overturned it — is one flag away so a
// user can see how much of a result rests on the choice.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuatom::amd {

// amd.no-hw-instruction: what "HW atomics" gives for a row the device has no instruction for
// (the tables: the compiler's CAS loop).
enum class NoHwInstruction : uint8_t { cas_emulation, not_applicable };
// amd.sub-pcie: whether PCIe FetchAdd carries atomicSub (the tables: it does not).
enum class SubOverPcie : uint8_t { none, fetch_add };
// amd.gfx10-fminmax: the widths of gfx10's "floating-point atomic min/max".
enum class Gfx10FloatMinMax : uint8_t { f32_and_f64, f32_only };
// amd.mi300-coarse-place: where MI300 executes atomics on coarse-grained memory (the tables: the
// L2, as on every other device).
enum class Mi300CoarsePlace : uint8_t { l2, fabric };
// amd.host-kinds: the prose gives no rule that separates migratable from pinned host memory.
enum class HostKinds : uint8_t { migratable_equals_pinned };

struct ModelOptions {
  NoHwInstruction no_hw_instruction = NoHwInstruction::cas_emulation;
  SubOverPcie sub_pcie = SubOverPcie::none;
  Gfx10FloatMinMax gfx10_fminmax = Gfx10FloatMinMax::f32_and_f64;
  Mi300CoarsePlace mi300_coarse_place = Mi300CoarsePlace::l2;
  HostKinds host_kinds = HostKinds::migratable_equals_pinned;
};

// One switch as the CLI and the explanations name it.
struct SwitchInfo {
  std::string_view name;                     // "amd.sub-pcie"
  std::string_view flag;                     // "--sub-pcie"
  std::span<const std::string_view> values;  // the accepted values; the first is the default
  std::string_view why_open;                 // why the page leaves it open (docs/spec/amd.md §9)
};

std::span<const SwitchInfo> switches();

// The value a switch has in `options`, spelled as in `SwitchInfo::values`.
std::string_view switch_value(const ModelOptions& options, std::string_view switch_name);

// Sets a switch from its spelling (case-insensitive). Returns an error naming the valid values.
std::optional<std::string> set_switch(ModelOptions& options, std::string_view switch_name, std::string_view value);

}  // namespace gpuatom::amd
