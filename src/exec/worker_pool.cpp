#include "worker_pool.hpp"

#include <pthread.h>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <utility>

namespace gpuatom::exec::worker_pool {

// One pooled thread and its mailbox. Owned by its thread once started: the thread deletes it when
// the pool lets it go (more idle threads than the pool keeps).
class alignas(64) Helper {
 public:
  std::mutex mutex;
  std::condition_variable wake;  // a task, or `leave`, for the thread
  std::condition_variable done;  // the task returned, for the run that handed it out
  std::function<void()> task;
  bool busy = false;   // a task is handed out and has not returned
  bool leave = false;  // the pool keeps enough idle threads: end

  void loop() {
    std::unique_lock lock(mutex);
    for (;;) {
      wake.wait(lock, [this] { return busy || leave; });
      if (leave) break;
      std::function<void()> job = std::move(task);
      lock.unlock();
      job();  // the run's worker, which catches what its agents throw
      job = nullptr;
      lock.lock();
      busy = false;
      done.notify_one();
    }
    lock.unlock();
    delete this;
  }
};

namespace {

// Idle threads kept beyond this many are let go: a run of hundreds of threads does not leave them
// all waiting for the process's lifetime.
unsigned kept_idle() {
  static const unsigned most = std::max(8u, 2 * std::thread::hardware_concurrency());
  return most;
}

struct Pool {
  std::mutex mutex;
  std::vector<Helper*> idle;  // room for kept_idle(): giving a thread back allocates nothing
  Pool() { idle.reserve(kept_idle()); }
};

// Never destroyed (idle threads wait in it through the process's exit). A child made by fork()
// gets a new one: its copy lists threads that only the parent has, and may hold a lock that a
// thread of the parent held. Written at the first use (ordered by the static's initialisation)
// and in a forked child (one thread).
Pool* the_pool = nullptr;

Pool* current_pool() {
  static const bool made = [] {
    the_pool = new Pool;
    pthread_atfork(nullptr, nullptr, [] { the_pool = new Pool; });
    return true;
  }();
  (void)made;
  return the_pool;
}

}  // namespace

void Crew::call(std::function<void()> task) {
  if (helpers_.size() == helpers_.capacity()) helpers_.reserve(2 * helpers_.size() + 1);
  Helper* helper = nullptr;
  {
    Pool* const pool = current_pool();
    const std::lock_guard lock(pool->mutex);
    if (!pool->idle.empty()) {
      helper = pool->idle.back();
      pool->idle.pop_back();
    }
  }
  if (helper == nullptr) {
    helper = new Helper;
    try {
      std::thread(&Helper::loop, helper).detach();
    } catch (...) {
      delete helper;
      throw;
    }
  }
  helpers_.push_back(helper);
  const std::lock_guard lock(helper->mutex);
  helper->task = std::move(task);
  helper->busy = true;
  helper->wake.notify_one();
}

void Crew::wait() noexcept {
  for (Helper* helper : helpers_) {
    std::unique_lock lock(helper->mutex);
    helper->done.wait(lock, [helper] { return !helper->busy; });
  }
  Pool* const pool = current_pool();
  const std::lock_guard lock(pool->mutex);
  for (Helper* helper : helpers_) {
    if (pool->idle.size() < kept_idle()) {
      pool->idle.push_back(helper);
      continue;
    }
    // Notified under its lock: once the lock is free the thread may delete the helper.
    const std::lock_guard helper_lock(helper->mutex);
    helper->leave = true;
    helper->wake.notify_one();
  }
  helpers_.clear();
}

}  // namespace gpuatom::exec::worker_pool
