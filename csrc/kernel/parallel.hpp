// Deterministic parallel loops: items [0, count) in chunks over T threads. Each item's result depends
// only on its index, so the thread count never changes an answer.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace baloot {

// Calls `make_worker()` once per thread to get a worker, then `worker(begin, end)` for chunks of items
// until all are done or `stop` is set; `worker.finish()` runs once per thread at the end, under a lock
// (merge per-thread sums there). The first exception stops every thread and is rethrown; finish() runs
// after it too, so that what the workers finished is merged.
// `done` counts finished items.
template <typename MakeWorker>
void parallel_chunks(std::int64_t count, int threads, std::int64_t chunk, const std::atomic<bool>& stop,
                     std::atomic<std::int64_t>& done, MakeWorker make_worker) {
  threads = std::max(1, threads);
  chunk = std::max<std::int64_t>(1, chunk);
  // Written so that nothing overflows for a count up to INT64_MAX.
  const std::int64_t chunks = count / chunk + (count % chunk != 0);
  std::atomic<std::int64_t> next_chunk{0};
  std::atomic<bool> failed{false};
  std::mutex lock;
  std::exception_ptr failure;

  auto fail = [&] {
    std::lock_guard<std::mutex> guard(lock);
    if (!failure) failure = std::current_exception();
    failed = true;
  };
  auto run = [&] {
    try {
      auto worker = make_worker();
      try {
        for (std::int64_t c; !stop.load(std::memory_order_relaxed) && !failed.load(std::memory_order_relaxed) &&
                             (c = next_chunk.fetch_add(1)) < chunks;) {
          const std::int64_t begin = c * chunk;
          const std::int64_t end = begin + std::min(chunk, count - begin);
          worker(begin, end);
          done.fetch_add(end - begin, std::memory_order_relaxed);
        }
      } catch (...) {
        fail();
      }
      std::lock_guard<std::mutex> guard(lock);
      worker.finish();
    } catch (...) {
      fail();
    }
  };

  if (threads == 1) {
    run();
  } else {
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t) pool.emplace_back(run);
    for (auto& thread : pool) thread.join();
  }
  if (failure) std::rethrow_exception(failure);
}

// A chunk size that gives each thread many chunks (for balance) without tiny ones.
inline std::int64_t balanced_chunk(std::int64_t count, int threads, std::int64_t smallest, std::int64_t largest) {
  return std::clamp<std::int64_t>(count / (static_cast<std::int64_t>(std::max(1, threads)) * 32), smallest, largest);
}

}  // namespace baloot
