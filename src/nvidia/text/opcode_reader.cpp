#include "opcode_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <vector>

#include "gpuatom/support/text.hpp"
#include "syntax_error.hpp"

namespace gpuatom::nvidia::detail {

namespace {

using Part = WordPart;

// Fills `parts` with the dot-separated parts of the word.
void split(const Token& word, std::vector<Part>& parts) {
  parts.clear();
  size_t start = 0;
  for (size_t i = 0; i <= word.text.size(); ++i) {
    if (i < word.text.size() && word.text[i] != '.') continue;
    const uint32_t column = word.column + static_cast<uint32_t>(start == 0 ? 0 : start - 1);
    if (i == start)
      throw SyntaxError{word.column + static_cast<uint32_t>(i == 0 ? 0 : i - 1),
                        "empty modifier: two dots in a row or a trailing dot", grammar_rule};
    parts.push_back({word.text.substr(start, i - start), column});
    start = i + 1;
  }
}

// Parts [first, first + count) with their dots: the parts are views into one word, so this is
// the span of the word from the first part's start to the last part's end (no copy).
std::string_view join(const std::vector<Part>& parts, size_t first, size_t count) {
  const char* begin = parts[first].text.data();
  const Part& last = parts[first + count - 1];
  return {begin, static_cast<size_t>(last.text.data() + last.text.size() - begin)};
}

// The same span with the dot before it: ".F32.FTZ.RN". Only parts after the mnemonic have one.
std::string_view join_dotted(const std::vector<Part>& parts, size_t first, size_t count) {
  const std::string_view joined = join(parts, first, count);
  return {joined.data() - 1, joined.size() + 1};
}

// An unassigned field value as a disassembler spells it: `INVALIDn` (sm_70+, its slot given by
// position) or one of nvdisasm's SPA 5.0 stems, which name their slot (placeholder_stems()).
struct Placeholder {
  uint16_t number;
  std::optional<ModifierSlot> slot;
  bool compare_op;  // `???n`: the op of SUATOM.P.CAS, a compare whatever its number
};

// One modifier as matched: its slot and how many parts it spans.
struct Match {
  ModifierSlot slot;
  size_t parts;
  std::optional<AtomOp> op;
  const SizeSpelling* size = nullptr;
  const ModifierInfo* modifier = nullptr;
  std::optional<Placeholder> placeholder;
};

std::optional<Placeholder> placeholder_number(std::string_view text) {
  for (const PlaceholderStem& stem : placeholder_stems()) {
    if (!support::istarts_with(text, stem.text) || text.size() == stem.text.size()) continue;
    const std::string_view digits = text.substr(stem.text.size());
    if (!std::isdigit(static_cast<unsigned char>(digits[0]))) continue;
    const auto n = support::parse_unsigned(digits, 0xffff);
    if (!n) return std::nullopt;
    return Placeholder{static_cast<uint16_t>(*n), stem.slot, stem.formatted_cas};
  }
  return std::nullopt;
}

// Every spelling a modifier may have — op names, size spellings (without their leading dot) and
// the other modifiers — in one hash table keyed by the lower-case spelling, built once from the
// tables. What a spelling names is looked up in the order parse_op, find_size_spelling and
// find_modifier would find it (each table's first entry wins), with one hash instead of a
// case-folding walk through each table per candidate.
struct Spelling {
  std::optional<AtomOp> op;
  const SizeSpelling* size = nullptr;
  const ModifierInfo* modifier = nullptr;
  // The most dot-separated parts of any spelling whose first part this is (".F32.FTZ.RN" gives
  // "F32" 3): match_at() joins no more parts than that, so most parts cost one look-up, not three.
  size_t longest = 1;
};

class SpellingIndex {
 public:
  SpellingIndex() {
    for (const OpInfo& o : op_table())
      if (auto& e = entry(o.name); !e.op) e.op = o.op;
    for (const SizeSpelling& s : size_spellings())
      if (auto& e = entry(s.text.substr(1)); !e.size) e.size = &s;
    for (const ModifierInfo& m : modifier_table())
      if (auto& e = entry(m.name); !e.modifier) e.modifier = &m;
    std::vector<std::string_view> keys;
    for (const Slot& slot : slots_)
      if (!slot.key.empty()) keys.push_back(slot.key);
    for (const std::string_view key : keys) {
      const size_t parts = static_cast<size_t>(std::count(key.begin(), key.end(), '.')) + 1;
      Spelling& first = entry(key.substr(0, key.find('.')));
      first.longest = std::max(first.longest, parts);
    }
  }

  const Spelling* find(std::string_view text) const {
    const uint64_t packed = pack(text);
    for (size_t i = hash(text, packed) & mask;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.key.empty()) return nullptr;
      if (packed != 0 ? slot.packed == packed : support::iequals(slot.key, text)) return &slot.spelling;
    }
  }

 private:
  // A spelling of at most 8 characters as one integer, its letters folded to lower case, so that
  // a look-up compares one word (0 for a longer one, compared as text). Words hold letters,
  // digits, '_', '?' and '.' only (lexer.hpp), and for these `| 0x20` is the fold: it lowers a
  // letter and leaves the others distinct.
  static uint64_t pack(std::string_view s) {
    if (s.size() > 8) return 0;
    uint64_t packed = 0;
    for (size_t i = 0; i < s.size(); ++i) packed |= uint64_t{static_cast<unsigned char>(s[i]) | 0x20u} << (8 * i);
    return packed;
  }

  // Multiplicative for a packed spelling; FNV-1a over the lower-case bytes for a longer one.
  static size_t hash(std::string_view s, uint64_t packed) {
    if (packed != 0) return static_cast<size_t>((packed * 0x9E3779B97F4A7C15ULL) >> 40);
    size_t h = 14695981039346656037ULL;
    for (const char c : s) h = (h ^ static_cast<unsigned char>(support::ascii_lower(c))) * 1099511628211ULL;
    return h ^ (h >> 29);
  }

  Spelling& entry(std::string_view name) {
    const uint64_t packed = pack(name);
    for (size_t i = hash(name, packed) & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.key.empty()) {
        if (++used_ * 2 > slots_.size()) throw std::logic_error("the SASS spelling index is full");
        slot.key = name;
        slot.packed = packed;
      }
      if (support::iequals(slot.key, name)) return slot.spelling;
    }
  }

  // Open addressing, at most half full, so that a look-up is a hash and a compare or two, with
  // no allocation and no chain to follow. Keys are views of the tables' spellings, which live as
  // long as the program; an empty key is a free slot.
  struct Slot {
    std::string_view key;
    uint64_t packed = 0;  // pack(key)
    Spelling spelling;
  };
  static constexpr size_t capacity = 1024;
  static constexpr size_t mask = capacity - 1;
  std::vector<Slot> slots_ = std::vector<Slot>(capacity);
  size_t used_ = 0;
};

const SpellingIndex& spelling_index() {
  static const SpellingIndex index;
  return index;
}

std::optional<Match> match_at(const std::vector<Part>& parts, size_t i) {
  const SpellingIndex& index = spelling_index();
  const Spelling* first = index.find(parts[i].text);
  const size_t longest = first ? first->longest : 1;
  for (size_t k = std::min<size_t>({3, longest, parts.size() - i}); k >= 1; --k) {
    const std::string_view text = join(parts, i, k);
    Match m{ModifierSlot::op, k, std::nullopt, nullptr, nullptr, std::nullopt};
    if (const Spelling* s = k == 1 ? first : index.find(text)) {
      if ((m.op = s->op)) return m;
      if ((m.size = s->size)) {
        m.slot = ModifierSlot::size;
        return m;
      }
      if (k == 1 && (m.modifier = s->modifier)) {
        m.slot = m.modifier->slot;
        return m;
      }
    }
    if (k == 1 && (m.placeholder = placeholder_number(text))) return m;  // slot chosen by the caller
  }
  return std::nullopt;
}

std::string slot_order(Mnemonic mnemonic) {
  std::string out;
  for (int s = 0; s < slot_count; ++s) {
    const ModifierSlot slot = static_cast<ModifierSlot>(s);
    if (!slot_applies(slot, mnemonic)) continue;
    if (!out.empty()) out += ' ';
    out += name(slot);
  }
  return out;
}

void apply(const Match& m, Instruction& inst, bool& modern) {
  if (m.placeholder) {
    inst.placeholders[static_cast<int>(m.slot)] = m.placeholder->number;
    if (m.placeholder->compare_op) inst.op = AtomOp::CAS;
    if (!m.placeholder->slot) inst.generic_placeholders = true;
    return;
  }
  switch (m.slot) {
    case ModifierSlot::op:
      inst.op = *m.op;
      modern |= info(*m.op).modern_only;
      return;
    case ModifierSlot::size:
      inst.size = m.size->size;
      inst.size_spelling = m.size->text;
      modern |= m.size->modern_only;
      return;
    default: break;
  }
  modern |= m.modifier->modern_only;
  inst.set_modifier(m.slot, m.modifier->value);
}

// " .ADD .MIN …": the ops `family` has on SPA 5.0, each with its dot.
std::string op_names(Family family) {
  std::string out;
  for (const OpInfo& o : op_table())
    if (has_op(family, Dialect::spa5, o.op)) out += fmt::format(" .{}", o.name);
  return out;
}

// Where a missing modifier should have been: the first modifier of a later slot, or the end.
uint32_t column_for_missing(const std::vector<Part>& parts, ModifierSlot missing, const Token& word) {
  for (size_t i = 1; i < parts.size(); ++i)
    if (parts[i].slot > missing) return parts[i].column;
  return word.column + static_cast<uint32_t>(word.text.size());
}

// The slot of the generic placeholder (`.INVALIDn`) at parts[i]. nvdisasm prints one in the
// place of the field value that names nothing, so several slots may read alike: an unnamed cache
// operation and an unnamed size both sit after the op (ATOM.E.ADD.INVALID6.INVALID7.STRONG.GPU),
// and Turing's unnamed strength after the size (SURED.D.1D.ADD.EF.INVALID0.CTA). A run of them
// followed by a named modifier fills the last slots before that modifier's (after the op, which
// a run before it always starts with: ATOM.E.INVALID12.S32 is an unnamed op); a run at the end
// fills the last slots too (….S32.INVALID3 of a surface is its clamp; a lone one right after the
// op is the size, SURED.D.1D.ADD.INVALID3). The text alone cannot always tell (docs/sass128.md).
// `last` is the slot of the modifier before, or −1. docs/sass128.md.
ModifierSlot generic_placeholder_slot(const std::vector<Part>& parts, size_t i, int last, Mnemonic mnemonic,
                                      std::optional<Architecture> architecture) {
  const auto open = [&](int s) {
    return takes_placeholder(static_cast<ModifierSlot>(s)) && slot_applies(static_cast<ModifierSlot>(s), mnemonic);
  };
  // Every scope code names a scope; only Volta's and Turing's strength codes 0 and 3 name none.
  const bool unnamed_strength = !architecture || has(*architecture, Feature::unnamed_strength);
  // A clamp has two bits and names IGN, NEAR and TRAP: 3 alone is unnamed
  // (SUATOM.D.3D.CAS.EF.INVALID7 is an unnamed size, not a clamp).
  const auto accepts = [&](int s, uint16_t number) {
    if (s == static_cast<int>(ModifierSlot::scope)) return false;
    if (s == static_cast<int>(ModifierSlot::clamp)) return number == 3;
    return s != static_cast<int>(ModifierSlot::strength) || (unnamed_strength && (number == 0 || number == 3));
  };
  std::vector<uint16_t> run;
  std::optional<ModifierSlot> next;
  for (size_t k = i; k < parts.size();) {
    const std::optional<Match> m = match_at(parts, k);
    if (!m) break;
    if (!(m->placeholder && !m->placeholder->slot)) {
      next = m->placeholder ? *m->placeholder->slot : m->slot;
      // `???n` after the op is the size's (ATOM.E.ARRIVE.INVALID6.???9: an unnamed cache operation
      // before it), as read_opcode reads it.
      if (m->placeholder && m->placeholder->compare_op && last >= static_cast<int>(ModifierSlot::op))
        next = ModifierSlot::size;
      // REDAS's `???n` are its strength's and scope's (REDAS.ADD.INVALID5.???0.???1).
      if (m->placeholder && m->placeholder->compare_op && mnemonic == Mnemonic::REDAS) next = ModifierSlot::strength;
      break;
    }
    run.push_back(m->placeholder->number);
    k += m->parts;
  }
  std::vector<int> slots;
  for (int s = last + 1; s < (next ? static_cast<int>(*next) : slot_count); ++s)
    if (open(s)) slots.push_back(s);
  const std::string_view mn = info(mnemonic).name;
  const auto none_left = [&] {
    return SyntaxError{parts[i].column,
                       fmt::format("placeholder '.{}' has no modifier slot of {} left to stand in", parts[i].text, mn),
                       modern_rule};
  };
  if (slots.size() < run.size()) throw none_left();
  // Every instruction has an op, and a surface a dimension before it: a run that starts before
  // either was read begins with it (SUATOM.D.BA.INVALID7.INVALID14.SD64: an unnamed dimension, then
  // an unnamed op).
  if (slots.front() == static_cast<int>(ModifierSlot::dim)) return ModifierSlot::dim;
  if (slots.front() == static_cast<int>(ModifierSlot::op)) return ModifierSlot::op;
  // A lone placeholder right after the op at the end is the size (SURED.D.1D.ADD.INVALID3).
  if (!next && run.size() == 1 && last == static_cast<int>(ModifierSlot::op) &&
      open(static_cast<int>(ModifierSlot::size)))
    return ModifierSlot::size;
  // Otherwise, from the last placeholder back, each takes the latest slot left (before the named
  // modifier that follows, or of all) that may hold its number.
  int below = static_cast<int>(slots.size());
  int slot = -1;
  for (size_t r = run.size(); r-- > 0;) {
    do --below;
    while (below >= 0 && !accepts(slots[static_cast<size_t>(below)], run[r]));
    if (below < 0) throw none_left();
    slot = slots[static_cast<size_t>(below)];
  }
  return static_cast<ModifierSlot>(slot);
}

}  // namespace

OpcodeRead read_opcode(const Token& word, Instruction& inst, std::vector<WordPart>& parts) {
  split(word, parts);
  const auto mnemonic = parse_mnemonic(parts[0].text);
  if (!mnemonic)
    throw SyntaxError{word.column,
                      fmt::format("unknown instruction '{}': gpuatom reads {} (SPA 5.0) and {} (sm_70+ spellings)",
                                  parts[0].text, mnemonic_names(false), mnemonic_names(true)),
                      "docs/spec/nvidia.md §2, §10.3"};
  inst.mnemonic = *mnemonic;
  inst.columns.mnemonic = word.column;
  const std::string_view mn = info(*mnemonic).name;

  OpcodeRead read;
  int last = -1;
  for (size_t i = 1; i < parts.size();) {
    auto m = match_at(parts, i);
    const Part& part = parts[i];
    // `ATOMS.???0.SPIN` (Blackwell's 0x58d, printed by placeholder_spelling()): .SPIN is bit 88 of
    // the op placeholder before it.
    auto& op_placeholder = inst.placeholders[static_cast<int>(ModifierSlot::op)];
    if (!m && *mnemonic == Mnemonic::ATOMS && last == static_cast<int>(ModifierSlot::op) && op_placeholder == 0 &&
        support::iequals(part.text,
                         info(AtomOp::CAST_SPIN).name.substr(info(AtomOp::CAST).name.size() + 1))) {  // "SPIN"
      op_placeholder = 2;
      ++i;
      continue;
    }
    if (!m)
      throw SyntaxError{part.column, fmt::format("unknown modifier '.{}' on {}", part.text, mn),
                        "docs/spec/nvidia.md §10.2, §10.3"};
    if (m->placeholder && m->placeholder->slot) {
      m->slot = *m->placeholder->slot;
      // `???n` after the op is the size's (ATOMS.POPC.INC.???1); before it, on an instruction with
      // .E, the .E slot's (ATOM.???0.ADD … [R2.64]).
      if (m->placeholder->compare_op && *mnemonic == Mnemonic::REDAS) {
        // Hopper's REDAS prints its order's placeholders `???n`: the strength's, then the scope's
        // (REDAS.ADD.64.???0.???1, REDAS.ADD.???2.SYS).
        m->slot = last < static_cast<int>(ModifierSlot::strength) ? ModifierSlot::strength : ModifierSlot::scope;
        m->placeholder->compare_op = false;
      } else if (m->placeholder->compare_op && last >= static_cast<int>(ModifierSlot::op)) {
        m->slot = ModifierSlot::size;
        m->placeholder->compare_op = false;
      } else if (m->placeholder->compare_op && slot_applies(ModifierSlot::extended, *mnemonic)) {
        m->slot = ModifierSlot::extended;
        m->placeholder->compare_op = false;
      }
    } else if (m->placeholder) {
      m->slot = generic_placeholder_slot(parts, i, last, *mnemonic, inst.architecture);
    }
    const int slot = static_cast<int>(m->slot);
    const std::string_view spelled = join_dotted(parts, i, m->parts);
    if (!slot_applies(m->slot, *mnemonic))
      throw SyntaxError{
          part.column,
          m->slot == ModifierSlot::extended
              ? fmt::format("{} takes no {}: shared-memory and surface addresses are not 64-bit generic "
                            "addresses",
                            mn, name(ModifierSlot::extended))
              : fmt::format("{} takes no {} modifier ('{}'): it belongs to surface instructions", mn, name(m->slot),
                            spelled),
          m->slot == ModifierSlot::extended ? "docs/spec/nvidia.md §2, §6.3" : "docs/spec/nvidia.md §10.2, §10.3"};
    if (slot == last)
      throw SyntaxError{part.column, fmt::format("second {} modifier '{}' on {}", name(m->slot), spelled, mn),
                        grammar_rule};
    if (slot < last)
      throw SyntaxError{
          part.column,
          fmt::format("modifier '{}' is out of order: {} modifiers go {}", spelled, mn, slot_order(*mnemonic)),
          grammar_rule};
    apply(*m, inst, read.modern_spelling);
    inst.columns.modifiers[slot] = part.column;
    for (size_t k = 0; k < m->parts; ++k) parts[i + k].slot = m->slot;
    last = slot;
    i += m->parts;
  }

  const auto has = [&](ModifierSlot s) { return inst.columns.column(s) != 0; };
  if (info(*mnemonic).surface) {
    if (!has(ModifierSlot::mode))
      throw SyntaxError{
          column_for_missing(parts, ModifierSlot::mode, word),
          fmt::format("{} needs the mode .{} right after the mnemonic (seed 002; nvdisasm also reads .{})", mn,
                      modifier_name(ModifierSlot::mode, mode_raw), modifier_name(ModifierSlot::mode, mode_formatted)),
          grammar_rule};
    if (!has(ModifierSlot::dim))
      throw SyntaxError{column_for_missing(parts, ModifierSlot::dim, word),
                        fmt::format("{} needs a dimension: {}", mn, modifier_names(ModifierSlot::dim)), grammar_rule};
  }
  if (!has(ModifierSlot::op)) {
    const uint32_t column = column_for_missing(parts, ModifierSlot::op, word);
    if (info(*mnemonic).surface) {
      // " .ADD … .EXCH .CAS" → " .ADD … .EXCH or .CAS"
      std::string ops = op_names(Family::SUATOM);
      ops.insert(ops.rfind(' '), " or");
      throw SyntaxError{column,
                        fmt::format("{} has no operation: expected{} after the dimension (seed 002's example omits it; "
                                    "such a line is rejected)",
                                    word.text, ops),
                        grammar_rule};
    }
    throw SyntaxError{column, fmt::format("{} has no operation: expected{} …", word.text, op_names(Family::ATOM)),
                      grammar_rule};
  }
  read.modern_spelling |= info(*mnemonic).modern_only;
  return read;
}

}  // namespace gpuatom::nvidia::detail
