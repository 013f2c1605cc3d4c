// `gpuatom run --shard K/N`: one of N runs that together do the work of one (docs/scaling.md).
//
// A batch of files is split by file: each file goes to the shard its stable key hashes to (FNV-1a
// of the path relative to the directory argument that holds it, else of the path as given), so a
// file keeps its shard when others are added or removed. An exhaustive run of one scenario is
// split by subtree of its search instead (exec/exhaustive.hpp). Each shard's JSON result says
// which shard it is, how it was split and the whole scenario set, for `gpuatom merge` (merge.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpuatom/report/run_text.hpp"

namespace gpuatom::report {

struct Shard {
  uint64_t index = 1;  // K: 1-based
  uint64_t count = 1;  // N
};

// "K/N" with 1 ≤ K ≤ N → the shard; anything else is bad input (support::InputError) naming --shard.
Shard shard_option(const std::string& text);

// How a sharded run divides its work.
enum class ShardSplit { files, subtrees };
const char* name(ShardSplit split);

// The key a file is assigned by: its path relative to the first directory in `args` that holds
// it, else the path as given, with '/' separators.
std::string shard_key(const std::string& file, const std::vector<std::string>& args);

// Whether the file with this key is shard `shard`'s: FNV-1a 64 of the key, modulo N, is K - 1.
bool in_shard(const std::string& key, const Shard& shard);

// What a shard's result says of itself beyond its files' runs.
struct ShardHeader {
  Shard shard;
  ShardSplit split = ShardSplit::files;
  std::vector<std::string> scenarios;  // every file of the whole run, in its order
  double seconds = 0;                  // this shard's run, from first read to last run
};

// A shard's JSON result: {"shard": {index, count, split, scenarios, seconds}, "runs": [...]}, the
// runs as run_json.hpp writes them; a subtree-split run also carries its search's "subtrees",
// "first_complete_subtree" and "pruned" under "shard_search".
std::string shard_json(const ShardHeader& header, const std::vector<FileRun>& runs);

}  // namespace gpuatom::report
