// The parallel mode: a pool of host threads, each running its own share of the agents and then helping the others.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <latch>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "gpuatom/exec/run.hpp"
#include "held_agents.hpp"
#include "worker_pool.hpp"

namespace gpuatom::exec {

RunResult run_parallel(std::span<Agent* const> agents, unsigned threads, const support::ProgressCallback& progress,
                       const std::atomic<bool>* stop) {
  HeldAgents stream(agents);
  return run_parallel(stream, threads, progress, stop);
}

RunResult run_parallel(AgentStream& stream, unsigned threads, const support::ProgressCallback& progress,
                       const std::atomic<bool>* stop) {
  const std::size_t agents = stream.size();
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::clamp<std::size_t>(agents, 1, std::min(threads, max_threads)));
  stream.start(threads);

  // What workers write often lives on cache lines of its own: the shared agent counter, and each
  // worker's recorder and finished count. Sharing a line made both host threads trade it for
  // every warp, which cost more than the warp's atomics.
  // Each worker owns a contiguous share of the agents and claims them from its own cursor; a
  // worker whose share is done helps the others, from their cursors. A share's memory is then
  // touched by the same host core from run to run (the page pool hands each range of a region's
  // pages back to where they were), where agents dealt out from one shared counter moved every
  // page between the cores' caches each run.
  struct alignas(64) WorkerState {
    Recorder recorder;
    std::size_t finished = 0;
    std::size_t begin = 0;  // this worker's share is [begin, end), of which [next, end) is unclaimed
    std::atomic<std::size_t> next{0};
    std::size_t end = 0;
  };
  std::vector<WorkerState> workers(threads);
  for (unsigned t = 0; t < threads; ++t) {
    workers[t].begin = agents * t / threads;
    workers[t].next.store(workers[t].begin, std::memory_order_relaxed);
    workers[t].end = agents * (t + 1) / threads;
  }
  alignas(64) std::atomic<bool> failed{false};
  std::atomic<bool> stopped{false};
  std::exception_ptr first_error;
  std::mutex error_mutex;
  // Workers claim consecutive agents, up to 64 at a time when there are many per worker, so that
  // a cursor is not taken once per group. Small launches go one agent at a time, so that a worker
  // done with its share takes the others' remaining agents one by one.
  const std::size_t chunk = std::clamp<std::size_t>(agents / (std::size_t{threads} * 64), 1, 64);
  const auto claimed = [&] {  // agents claimed so far, for the progress callback
    std::size_t total = 0;
    for (unsigned t = 0; t < threads; ++t)
      total += std::min(workers[t].next.load(std::memory_order_relaxed), workers[t].end) - workers[t].begin;
    return total;
  };
  // Workers start together so that the first agents really race instead of the first thread
  // finishing them while the others are still being created.
  std::latch start(threads);

  const auto work = [&](unsigned thread) {
    start.arrive_and_wait();
    // Locals, so that the loop keeps them in registers across the agents' virtual calls instead
    // of reloading each through the closure (4 instructions an agent).
    Recorder& recorder = workers[thread].recorder;
    AgentStream& agent_stream = stream;
    std::atomic<bool>& failing = failed;
    const std::atomic<bool>* const stopping = stop;
    const bool reports = thread == 0 && progress;  // worker 0 reports for everyone
    std::size_t finished = 0;
    try {
      for (unsigned k = 0; k < threads; ++k) {
        WorkerState& share = workers[(thread + k) % threads];
        const std::size_t end = share.end;
        for (;;) {
          const std::size_t first = share.next.fetch_add(chunk, std::memory_order_relaxed);
          if (first >= end) break;
          const std::size_t last = std::min(first + chunk, end);
          for (std::size_t index = first; index < last; ++index) {
            const bool stop_now = stopping && stopping->load(std::memory_order_relaxed);
            if (stop_now || failing.load(std::memory_order_relaxed)) {
              if (stop_now) stopped.store(true, std::memory_order_relaxed);
              workers[thread].finished = finished;
              return;
            }
            agent_stream.run(index, thread, recorder);
            ++finished;
            // Every 64 agents; the callback throttles itself.
            if (reports && (index % 64 == 0 || index + 1 == agents)) progress(std::min(claimed(), agents), agents);
          }
        }
      }
      workers[thread].finished = finished;
    } catch (...) {
      const std::lock_guard lock(error_mutex);
      if (!first_error) first_error = std::current_exception();
      failed.store(true, std::memory_order_relaxed);
    }
  };

  {
    // The helpers are the pool's threads, kept from run to run (worker_pool.hpp); the calling
    // thread is worker 0. The crew waits for them when it goes out of scope.
    worker_pool::Crew crew;
    unsigned started = 1;
    try {
      for (unsigned thread = 1; thread < threads; ++thread) {
        crew.call([&work, thread] { work(thread); });
        ++started;
      }
    } catch (const std::system_error& e) {
      // The system gave fewer threads than asked (a process limit): the ones started must not
      // wait at the latch for the others, so they are counted in, told to stop, and waited for.
      {
        const std::lock_guard lock(error_mutex);
        first_error = std::make_exception_ptr(ThreadStartError(
            fmt::format("could not start {} host threads (the system gave {}): {}", threads, started, e.what())));
      }
      failed.store(true, std::memory_order_relaxed);
      start.count_down(threads - started);
    }
    work(0);
  }
  if (first_error) std::rethrow_exception(first_error);
  std::vector<Recorder> recorders;
  std::size_t finished = 0;
  for (WorkerState& w : workers) {
    recorders.push_back(std::move(w.recorder));
    finished += w.finished;
  }
  RunResult result = merge(recorders);
  result.agents = agents;
  result.agents_finished = finished;
  result.interrupted = stopped.load() && result.agents_finished < result.agents;
  return result;
}

}  // namespace gpuatom::exec
