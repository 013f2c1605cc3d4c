// `gpuatom merge`: the results of the N shards of one run (`gpuatom run --shard K/N --json`,
// shard.hpp) combined into the result the run would have had unsharded.
//
// Split by file, each scenario's run is taken from the one shard that ran it, in the unsharded
// run's order. Split by subtree (one exhaustive search), the shards' outcome sets are united with
// their counts summed, and executions, pruned executions and counters summed; the verdict is then
// recomputed on the union (every outcome must hold its expectations, the whole search having been
// explored), exactly as the unsharded search decides it. Times are the shards' own, summed: the
// work done, not the wall-clock time of the sharded run.
//
// Bad input, each naming the file (support::InputError): a file that is not a shard's result,
// shards of different runs (another N, split or scenario set), a shard given twice, a shard
// missing, a scenario run by two shards or by none, searches cut differently.
#pragma once

#include <string>
#include <vector>

#include "gpuatom/report/run_text.hpp"

namespace gpuatom::report {

struct MergedRun {
  std::vector<FileRun> runs;  // one per scenario of the run, in its order
  double seconds = 0;         // the shards' times summed
};

MergedRun merge_shards(const std::vector<std::string>& paths);

}  // namespace gpuatom::report
