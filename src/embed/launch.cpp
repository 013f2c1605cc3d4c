#include "gpuatom/embed/launch.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>

#include "gpuatom/launch/bind.hpp"

namespace gpuatom::embed {

namespace {

// Where a value came from, for messages: the launch's name and the call ("lanes R4").
support::SourceLocation from(const std::string& launch, std::string_view call) {
  return {support::FileName(fmt::format("{}, {}", launch, call)), 1, 1, std::nullopt};
}

launch::ExpressionText placed(launch::ExpressionText text, support::SourceLocation where) {
  text.where = where;
  return text;
}

// Every read name of every lane, and every region's bytes, as the run left them.
Outcome snapshot(const launch::Setup& s, const std::vector<std::string>& reads, const launch::Observation& seen) {
  Outcome o;
  for (const std::string& name : reads) {
    std::vector<uint64_t>& values = o.lanes[name];
    values.resize(s.launch.lanes);
    for (uint64_t tid = 0; tid < s.launch.lanes; ++tid) values[tid] = seen.lane_value(name, tid).value_or(0);
  }
  for (const launch::RegionText& r : s.regions) {
    std::vector<uint8_t>& bytes = o.regions[r.name];
    bytes.resize(r.size);
    (void)seen.memory->read_bytes(*r.base, std::as_writable_bytes(std::span(bytes)), r.attributes.space);
  }
  return o;
}

}  // namespace

LaneValues::LaneValues(std::string expression) { text_.text = std::move(expression); }

LaneValues LaneValues::per_lane(std::vector<uint64_t> values) {
  auto shared = std::make_shared<const std::vector<uint64_t>>(std::move(values));
  return of_tid([shared](uint64_t tid) { return tid < shared->size() ? (*shared)[tid] : 0; });
}

LaneValues LaneValues::of_tid(std::function<uint64_t(uint64_t)> function) {
  LaneValues v(std::string("values from C++"));
  v.text_.lanes = std::make_shared<const std::function<uint64_t(uint64_t)>>(std::move(function));
  return v;
}

uint64_t Outcome::element(const std::string& region, uint64_t index, unsigned bytes) const {
  const auto found = regions.find(region);
  if (found == regions.end()) throw std::out_of_range(fmt::format("embed::Outcome: no region '{}'", region));
  if (bytes == 0 || bytes > 8)
    throw std::out_of_range(fmt::format("embed::Outcome: an element has 1 to 8 bytes, not {}", bytes));
  const std::vector<uint8_t>& memory = found->second;
  // Compared as a count of whole elements, so index * bytes is never computed past the region.
  if (index >= memory.size() / bytes)
    throw std::out_of_range(
        fmt::format("embed::Outcome: element {} of {} bytes is past the end of region '{}' "
                    "({} bytes)",
                    index, bytes, region, memory.size()));
  uint64_t value = 0;
  for (unsigned k = 0; k < bytes; ++k) value |= uint64_t{memory[index * bytes + k]} << (8 * k);
  return value;
}

Launch::Launch(Isa isa, uint64_t lanes, std::string name) {
  setup_.file = name;
  setup_.name = std::move(name);
  setup_.isa = isa;
  setup_.launch.lanes = lanes;
  setup_.launch.where = from(setup_.file, "launch");
  setup_.exhaustive_ok = true;  // asked for by RunSettings::mode; max_executions bounds it
}

Launch Launch::from_setup(launch::Setup setup) {
  Launch made(setup.isa, setup.launch.lanes, setup.name);
  made.setup_ = std::move(setup);
  made.setup_.exhaustive_ok = true;
  // Regions added later go after the setup's, not over them.
  for (const launch::RegionText& r : made.setup_.regions) (void)made.placer_.place(r);
  return made;
}

Launch& Launch::program(std::string text) {
  setup_.program = std::move(text);
  setup_.program_where = {support::FileName(setup_.file), 1, 1, std::nullopt};
  return *this;
}

Launch& Launch::region(std::string name, uint64_t bytes, memory::RegionAttributes attributes) {
  launch::RegionText r;
  r.where = from(setup_.file, fmt::format("region {}", name));
  r.name = std::move(name);
  r.size = bytes;
  r.attributes = attributes;
  r.base = placer_.place(r);
  setup_.regions.push_back(std::move(r));
  return *this;
}

Launch& Launch::fill(const std::string& region, ElementType type, const LaneValues& values) {
  const auto where = from(setup_.file, fmt::format("fill {}", region));
  const auto r = std::find_if(setup_.regions.begin(), setup_.regions.end(),
                              [&](const launch::RegionText& t) { return t.name == region; });
  if (r == setup_.regions.end())
    errors_.push_back(support::format(
        {support::Severity::error, where, fmt::format("no region '{}' is declared before this fill", region), {}}));
  else
    r->fill = launch::RegionFill{type, placed(values.text(), where)};
  return *this;
}

Launch& Launch::lanes(std::string name, const LaneValues& values) {
  const auto where = from(setup_.file, fmt::format("lanes {}", name));
  setup_.lanes.emplace_back(std::move(name), placed(values.text(), where));
  return *this;
}

Launch& Launch::read(std::string name) {
  if (std::find(reads_.begin(), reads_.end(), name) == reads_.end()) reads_.push_back(std::move(name));
  return *this;
}

Launch& Launch::group_size(uint32_t lanes_per_group) {
  // A scenario's 0 means "the ISA's default"; asked for here it is a mistake, not a default.
  if (lanes_per_group == 0)
    errors_.push_back(support::format({support::Severity::error,
                                       from(setup_.file, "group_size"),
                                       "a group has at least one lane (leave group_size out for the ISA's default)",
                                       {}}));
  setup_.launch.group_size = lanes_per_group;
  return *this;
}

Launch& Launch::option(std::string key, std::string value) {
  setup_.option_where.emplace_back(key, from(setup_.file, fmt::format("option {}", key)));
  setup_.options.emplace_back(std::move(key), std::move(value));
  return *this;
}

const Outcome& Result::final() const {
  if (outcomes.empty()) throw std::logic_error("embed::Result::final(): the launch has no outcome (see error)");
  return outcomes.back();
}

Result Launch::run(const RunSettings& settings) const {
  Result result;
  if (!errors_.empty()) {
    result.error = "";
    for (const std::string& e : errors_) *result.error += e + "\n";
    return result;
  }
  launch::RunOptions options;
  options.mode = settings.mode;
  options.seed = settings.seed;
  options.threads = settings.threads;
  options.exhaustive_cap = settings.max_executions;
  options.quiet = true;
  // Outcomes as they are reached; exhaustive runs merge the executions that end alike (found by
  // their lanes and bytes, so many executions do not compare with every outcome).
  std::map<std::pair<decltype(Outcome::lanes), decltype(Outcome::regions)>, size_t> index;
  options.inspect = [&](const launch::Observation& seen) {
    Outcome o = snapshot(setup_, reads_, seen);
    const auto [at, fresh] = index.try_emplace({o.lanes, o.regions}, result.outcomes.size());
    if (!fresh) {
      ++result.outcomes[at->second].executions;
      return;
    }
    result.outcomes.push_back(std::move(o));
  };
  const launch::RunResult run = launch::run(setup_, options);
  if (const auto* d = std::get_if<support::Diagnostics>(&run)) {
    result.error = d->format_all();
    result.outcomes.clear();
    return result;
  }
  result.report = std::get<launch::RunReport>(run);
  return result;
}

}  // namespace gpuatom::embed
