// The declaration table of a vISA text (docs/spec/intel.md §10.3): general variables (`v_type=G`),
// address variables (`v_type=A`), predicates (`v_type=P`), samplers (`v_type=S`) and surfaces
// (`v_type=T`), with the ids the binary uses.
//
//   general variables  ids 32, 33, … in declaration order; bytes() = num_elts × type size;
//                      `alias=<var, off>` places one inside another (storage() follows the chain)
//   address variables  ids 0, 1, … (the binary's A#); 1-16 uw elements each
//   predicates         ids 1, 2, …  (P0 is reserved); num_elts = number of predicate bits
//   surfaces           indices 6, 7, … (0 … 5 are the predefined surfaces, atomic_ops.hpp)
//
// Names share one namespace. The table is what the printer uses to print names instead of
// V<id>/P<id>/T<index>, what the validator checks types, sizes and bounds against, and what an
// executor sizes its register storage and binds surfaces from.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/intel/data_types.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::intel {

// `align=`: either a byte count (byte, word, …, or a number) or a multiple of the platform's
// GRF size (GRF, GRFx2/2GRF) — the GRF's bytes depend on the platform (§9). Neither = not given.
struct Alignment {
  uint32_t bytes = 0;
  uint8_t grfs = 0;
  bool given() const { return bytes != 0 || grfs != 0; }
  uint32_t resolve(uint16_t grf_bytes) const { return grfs ? grfs * uint32_t{grf_bytes} : bytes; }
  bool operator==(const Alignment&) const = default;
};
// The `align=` spellings (§10.3): byte word dword qword oword GRF GRFx2 hword wordx32 wordx64,
// 2GRF, 32word, 64word, or a power-of-two byte count.
std::optional<Alignment> parse_alignment(std::string_view text);
std::string alignment_text(const Alignment& align);  // canonical spelling ("GRF", "dword", "64")

struct VariableAlias {
  uint32_t parent_id;  // a general variable declared earlier
  uint32_t offset;     // byte offset inside it
};

struct GeneralVariable {
  std::string name;
  uint32_t id = 0;  // >= 32
  DataType type = DataType::UD;
  uint32_t num_elts = 1;
  Alignment align;
  std::optional<VariableAlias> alias;
  support::SourceLocation where;  // the declaration's name
  std::string v_name;             // IGC's `v_name=`, printed back; empty when not given
  uint32_t bytes() const { return num_elts * info(type).bytes; }
};

struct PredicateVariable {
  std::string name;
  uint16_t id = 0;        // >= 1
  uint32_t num_elts = 1;  // bits: 1, 2, 4, 8, 16 or 32
  support::SourceLocation where;
  std::string v_name;
};

struct SurfaceVariable {
  std::string name;
  uint8_t index = 0;  // >= 6
  uint32_t num_elts = 1;
  // The surface type and element size (§8), when a harness binding supplies them; the text has
  // no spelling for either.
  std::optional<SurfaceType> type;
  std::optional<uint8_t> element_bytes;  // 4, or 2 for surfaces that .16 atomics access
  support::SourceLocation where;
  std::string v_name;
};

// `v_type=S`: a sampler. No atomic takes one; it is declared so that IGC's files read whole.
struct SamplerVariable {
  std::string name;
  uint32_t num_elts = 1;
  support::SourceLocation where;
  std::string v_name;
};

// `v_type=A`: an address variable, IGC's handle for indirect register access (addr_add, and
// operands such as r[A0(1),0]<1>:w). No atomic takes one: other instructions are kept as written,
// so it is declared so that IGC's files read whole, and printed back.
struct AddressVariable {
  std::string name;
  uint16_t id = 0;        // the binary's address index, 0, 1, … in declaration order
  uint32_t num_elts = 1;  // 1-16 (vISA's address_info; every element is uw)
  support::SourceLocation where;
  std::string v_name;
};
inline constexpr uint32_t max_address_elements = 16;

// IGC's predefined variables (`%r0`, `%arg`, …) with their vISA 3.4+ ids (V1 … V20): a declaration
// may alias one (`alias=<%r0, 0>`; their sizes follow the platform's GRF, so no fit is checked).
// No atomic may use such storage (the validator). Source: IGC visa/PreDefinedVars.cpp.
struct PredefinedVariable {
  std::string_view name;
  uint32_t id;
};
const PredefinedVariable* find_predefined_variable(std::string_view name);
const PredefinedVariable* find_predefined_variable(uint32_t id);

enum class DeclKind : uint8_t { general, predicate, surface, sampler, address };
// "a general variable", "a predicate", …, "an address variable": how messages name a kind.
std::string_view kind_name(DeclKind kind);
struct NameRef {
  DeclKind kind;
  uint32_t id;  // variable id, predicate id or surface index
};

// Declaration limits (§10.3, §2.4, §2.7).
inline constexpr uint32_t max_general_elements = 4096;
inline constexpr uint32_t general_bytes_limit = 4096;  // total size must be under 4 KiB

class DeclarationTable {
 public:
  // The adders assign the next id and return it; callers check names and limits first
  // (reserved_name_reason, lookup).
  uint32_t add_general(std::string name, DataType type, uint32_t num_elts, Alignment align,
                       std::optional<VariableAlias> alias, support::SourceLocation where, std::string v_name = {});
  uint16_t add_predicate(std::string name, uint32_t num_elts, support::SourceLocation where, std::string v_name = {});
  uint8_t add_surface(std::string name, uint32_t num_elts, support::SourceLocation where, std::string v_name = {});
  // Samplers are numbered 0, 1, … in declaration order (NameRef::id indexes samplers()).
  uint32_t add_sampler(std::string name, uint32_t num_elts, support::SourceLocation where, std::string v_name = {});
  // Address variables are numbered 0, 1, … in declaration order (NameRef::id indexes addresses()).
  uint16_t add_address(std::string name, uint32_t num_elts, support::SourceLocation where, std::string v_name = {});

  uint32_t next_general_id() const { return first_user_variable_id + static_cast<uint32_t>(generals_.size()); }
  uint32_t next_predicate_id() const { return 1 + static_cast<uint32_t>(predicates_.size()); }
  uint32_t next_surface_index() const { return first_declared_surface + static_cast<uint32_t>(surfaces_.size()); }

  // nullptr when nothing is declared with that id / index.
  const GeneralVariable* general(uint32_t id) const;
  const PredicateVariable* predicate(uint32_t id) const;
  const SurfaceVariable* surface(uint32_t index) const;
  std::optional<NameRef> lookup(std::string_view name) const;

  // The variable whose storage an id uses and the byte offset there: aliases are followed to
  // the root (`alias=<A, 32>` of an `alias=<B, 64>`: root B, offset 96). The root is one of
  // IGC's predefined variables (id < 32) for a chain that ends in `alias=<%r0, …>`.
  struct Storage {
    uint32_t root_id;
    uint32_t offset;
  };
  Storage storage(uint32_t id) const;

  // A harness binding: the surface type (and element size) of a declared surface. False when
  // no such surface.
  bool bind_surface_type(uint32_t index, SurfaceType type, std::optional<uint8_t> element_bytes = std::nullopt);

  const std::vector<GeneralVariable>& generals() const { return generals_; }
  const std::vector<PredicateVariable>& predicates() const { return predicates_; }
  const std::vector<SurfaceVariable>& surfaces() const { return surfaces_; }
  const std::vector<SamplerVariable>& samplers() const { return samplers_; }
  const std::vector<AddressVariable>& addresses() const { return addresses_; }
  bool empty() const {
    return generals_.empty() && predicates_.empty() && surfaces_.empty() && samplers_.empty() && addresses_.empty();
  }
  // Where `ref`'s declaration names it.
  const support::SourceLocation& where(NameRef ref) const;

 private:
  std::vector<GeneralVariable> generals_;
  std::vector<PredicateVariable> predicates_;
  std::vector<SurfaceVariable> surfaces_;
  std::vector<SamplerVariable> samplers_;
  std::vector<AddressVariable> addresses_;
  std::map<std::string, NameRef, std::less<>> names_;
};

// The id that the reserved names V0 … V31 denote (V0 = null, V1–V31 = IGC's predefined
// variables, §2.2); nothing for any other name (V32 or V0032 are ordinary identifiers).
std::optional<uint32_t> reserved_variable_id(std::string_view name);

// Why `name` cannot be declared (P0, V0–V31, the predefined surface names and aliases, %null),
// or nothing.
std::optional<std::string> reserved_name_reason(std::string_view name);

}  // namespace gpuatom::intel
