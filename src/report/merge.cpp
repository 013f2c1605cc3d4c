#include "gpuatom/report/merge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>

#include "gpuatom/report/shard.hpp"
#include "gpuatom/support/input_error.hpp"
#include "gpuatom/support/line_input.hpp"
#include "run_json_objects.hpp"

namespace gpuatom::report {

namespace {

using support::InputError;

// The largest shard result read: far above any real one's.
constexpr uint64_t max_shard_bytes = uint64_t{256} << 20;

// What a subtree-split shard says of its share of the search, beside its run.
struct SearchShare {
  uint64_t subtrees = 0;
  uint64_t pruned = 0;
  std::optional<uint64_t> first_complete;
};

struct ShardResult {
  std::string path;
  ShardHeader header;
  std::vector<FileRun> runs;
  std::vector<SearchShare> searches;  // one per run
};

ShardSplit split_named(const std::string& text) {
  if (text == name(ShardSplit::files)) return ShardSplit::files;
  if (text == name(ShardSplit::subtrees)) return ShardSplit::subtrees;
  throw std::invalid_argument("unknown split \"" + text + "\"");
}

ShardResult parse_shard(const nlohmann::json& doc, const std::string& path) {
  ShardResult result{path, {}, {}, {}};
  const nlohmann::json& shard = doc.at("shard");
  result.header.shard = {shard.at("index").get<uint64_t>(), shard.at("count").get<uint64_t>()};
  result.header.split = split_named(shard.at("split").get<std::string>());
  result.header.scenarios = shard.at("scenarios").get<std::vector<std::string>>();
  result.header.seconds = shard.value("seconds", 0.0);
  for (const nlohmann::json& j : doc.at("runs")) {
    result.runs.push_back(file_run_of_json(j));
    SearchShare share;
    if (j.contains("shard_search")) {
      const nlohmann::json& s = j.at("shard_search");
      share.subtrees = s.at("subtrees").get<uint64_t>();
      share.pruned = s.value("pruned", uint64_t{0});
      if (!s.at("first_complete_subtree").is_null()) share.first_complete = s["first_complete_subtree"].get<uint64_t>();
    }
    result.searches.push_back(share);
  }
  return result;
}

ShardResult read_shard(const std::string& path) {
  const support::WholeInput input = support::read_whole_input(path, max_shard_bytes);
  if (input.problem != support::WholeInput::Problem::none)
    throw InputError(support::describe(input, path, max_shard_bytes));
  const std::string what = "not a `gpuatom run --shard K/N --json` result";
  ShardResult result;
  try {
    const nlohmann::json doc = nlohmann::json::parse(input.bytes);
    if (!doc.is_object() || !doc.contains("shard")) throw std::invalid_argument("no \"shard\" object");
    result = parse_shard(doc, path);
  } catch (const std::exception& e) {
    throw InputError(fmt::format("{}: {}: {}", path, what, e.what()));
  }
  const Shard& s = result.header.shard;
  if (s.index < 1 || s.index > s.count)
    throw InputError(fmt::format("{}: {}: shard {}/{} does not exist", path, what, s.index, s.count));
  return result;
}

// The shards are those of one run, each once, none missing: in shard order.
std::vector<const ShardResult*> check_one_run(const std::vector<ShardResult>& shards) {
  const ShardResult& first = shards.front();
  const uint64_t count = first.header.shard.count;
  std::vector<const ShardResult*> by_index(count, nullptr);
  for (const ShardResult& s : shards) {
    const Shard& k = s.header.shard;
    if (k.count != count)
      throw InputError(fmt::format("{}: shard {}/{} of another run: {} is shard {}/{}", s.path, k.index, k.count,
                                   first.path, first.header.shard.index, count));
    if (s.header.split != first.header.split)
      throw InputError(fmt::format("{}: split by {}, but {} by {}: shards of different runs", s.path,
                                   name(s.header.split), first.path, name(first.header.split)));
    if (s.header.scenarios != first.header.scenarios)
      throw InputError(fmt::format("{}: a scenario set ({} files) other than {}'s ({} files): shards of different runs",
                                   s.path, s.header.scenarios.size(), first.path, first.header.scenarios.size()));
    if (const ShardResult* other = by_index[k.index - 1])
      throw InputError(fmt::format("{}: shard {}/{} again (also {})", s.path, k.index, count, other->path));
    by_index[k.index - 1] = &s;
  }
  for (uint64_t k = 0; k < count; ++k)
    if (!by_index[k])
      throw InputError(fmt::format("{}: shard {}/{} is missing: no result given for it", first.path, k + 1, count));
  return by_index;
}

// Split by file: each scenario's run from the one shard that ran it.
std::vector<FileRun> merge_files(const std::vector<const ShardResult*>& shards) {
  const std::vector<std::string>& scenarios = shards.front()->header.scenarios;
  std::map<std::string, std::pair<const FileRun*, const std::string*>> found;
  for (const ShardResult* s : shards)
    for (const FileRun& run : s->runs) {
      if (std::find(scenarios.begin(), scenarios.end(), run.file) == scenarios.end())
        throw InputError(fmt::format("{}: {} is not in the run's scenario set", s->path, run.file));
      if (const auto seen = found.find(run.file); seen != found.end())
        throw InputError(fmt::format("{}: {} was run by {} too", s->path, run.file, *seen->second.second));
      found[run.file] = {&run, &s->path};
    }
  std::vector<FileRun> runs;
  for (const std::string& file : scenarios) {
    const auto seen = found.find(file);
    if (seen == found.end())
      throw InputError(
          fmt::format("{}: no shard ran {} (shards of the same run assign it to one)", shards.front()->path, file));
    runs.push_back(*seen->second.first);
  }
  return runs;
}

// Split by subtree: the shards' searches of one scenario united into the unsharded search.
scenario::RunReport merge_searches(const std::vector<const ShardResult*>& shards) {
  const ShardResult& first = *shards.front();
  scenario::RunReport merged = *first.runs.front().report;
  merged.outcomes.clear();
  merged.expectations.clear();
  merged.notes.clear();
  merged.executions = merged.pruned = 0;
  merged.counters = {};
  merged.seconds = 0;
  std::map<std::string, scenario::RunReport::Outcome> outcomes;
  std::optional<uint64_t> first_complete;
  for (const ShardResult* s : shards) {
    const scenario::RunReport& r = *s->runs.front().report;
    const SearchShare& share = s->searches.front();
    if (share.subtrees != first.searches.front().subtrees)
      throw InputError(fmt::format("{}: its search was cut into {} subtrees, {}'s into {}: not the same search",
                                   s->path, share.subtrees, first.path, first.searches.front().subtrees));
    for (const scenario::RunReport::Outcome& o : r.outcomes) {
      auto [it, added] = outcomes.try_emplace(o.text, o);
      if (!added) it->second.count += o.count;
    }
    merged.executions += r.executions;
    merged.pruned += share.pruned;
    merged.counters += r.counters;
    merged.seconds += r.seconds;
    if (share.first_complete && (!first_complete || *share.first_complete < *first_complete)) {
      first_complete = share.first_complete;
      merged.naive_log10 = r.naive_log10;
    }
    // In exhaustive mode the only expectation a report lists is the search's own, undecided at
    // its cap: one shard stopped short leaves the whole search short.
    if (merged.expectations.empty()) merged.expectations = r.expectations;
    for (const std::string& note : r.notes)
      if (std::find(merged.notes.begin(), merged.notes.end(), note) == merged.notes.end()) merged.notes.push_back(note);
  }
  for (auto& [text, outcome] : outcomes) merged.outcomes.push_back(std::move(outcome));
  return merged;
}

std::vector<FileRun> merge_subtrees(const std::vector<const ShardResult*>& shards) {
  const std::string& scenario = shards.front()->header.scenarios.front();
  for (const ShardResult* s : shards)
    if (s->runs.size() != 1 || s->runs.front().file != scenario)
      throw InputError(fmt::format("{}: a shard of the search of {} holds {} runs, not one run of it", s->path,
                                   scenario, s->runs.size()));
  // Bad input, or skipped in this mode: every shard found the same before searching.
  const FileRun& first = shards.front()->runs.front();
  if (!first.report || first.report->skipped) return {first};
  for (const ShardResult* s : shards)
    if (!s->runs.front().report)
      throw InputError(
          fmt::format("{}: {} did not run in this shard, but ran in {}", s->path, scenario, shards.front()->path));
  return {FileRun{scenario, merge_searches(shards), ""}};
}

}  // namespace

MergedRun merge_shards(const std::vector<std::string>& paths) {
  if (paths.empty()) throw InputError("merge: no shard result given");
  std::vector<ShardResult> shards;
  shards.reserve(paths.size());
  for (const std::string& path : paths) shards.push_back(read_shard(path));
  const std::vector<const ShardResult*> ordered = check_one_run(shards);
  MergedRun merged;
  const ShardHeader& header = ordered.front()->header;
  if (header.split == ShardSplit::subtrees && header.scenarios.size() != 1)
    throw InputError(fmt::format("{}: split by subtrees, but its scenario set holds {} files, not one",
                                 ordered.front()->path, header.scenarios.size()));
  merged.runs = header.split == ShardSplit::files ? merge_files(ordered) : merge_subtrees(ordered);
  for (const ShardResult* s : ordered) merged.seconds += s->header.seconds;
  return merged;
}

}  // namespace gpuatom::report
