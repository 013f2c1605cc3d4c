// Host threads kept from one parallel run to the next (parallel.cpp). A run used to start its
// helper threads and join them at its end; a thread started per run costs its creation, a first
// schedule on a core, and cold stacks, each time. The pool starts a thread the first time more
// are needed than are idle, and keeps it, waiting, for the next run.
//
// Several runs may take helpers at once (from different host threads, or a run started from a
// run's callback): a run takes idle threads only, and starts new ones when there are too few, so
// no run waits for another's helpers. Idle threads wait on their own condition variable in an
// object that is never destroyed, so a process may exit with the pool idle; a child process made
// by fork() starts with an empty pool (its parent's threads do not exist in it).
#pragma once

#include <functional>
#include <vector>

namespace gpuatom::exec::worker_pool {

class Helper;

// A run's helpers: call(task) hands a task to one more thread, wait() waits for every task
// handed out, and gives the threads back to the pool.
class Crew {
 public:
  Crew() = default;
  Crew(const Crew&) = delete;
  Crew& operator=(const Crew&) = delete;
  ~Crew() { wait(); }

  // Runs `task` on an idle pooled thread, or on a new one; the task must not throw. Throws
  // std::system_error when the system will not start a thread (nothing is handed out then).
  void call(std::function<void()> task);
  // Returns when every task handed out has returned (what they wrote is then visible here).
  void wait() noexcept;

 private:
  std::vector<Helper*> helpers_;
};

}  // namespace gpuatom::exec::worker_pool
