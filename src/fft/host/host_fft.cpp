// The host backend of cupric.fft: batched rows through cupric's own FFT plans, cached per thread
// (Note [Host FFT] in src/fft/host/host_fft_plan.hpp, Note [FFT plan cache] in src/fft/plan_cache.hpp).
#include <algorithm>
#include <cstring>
#include <exception>
#include <string>
#include <thread>
#include <vector>
#include "fft/fft_table.hpp"
#include "fft/host/host_fft_plan.hpp"
#include "fft/plan_cache.hpp"

namespace cupric::fft::host {

namespace {

template <class Plan>
std::shared_ptr<const Plan> cached(const char* kind, int64_t n, bool dbl) {
  const std::string key = std::string(kind) + " n=" + std::to_string(n) + (dbl ? " double" : " single");
  auto p = plan_cache(true, 0).get_or_make(key, [n] {
    auto plan = std::make_shared<const Plan>(n);
    return std::pair<PlanCache::Plan, int64_t>(plan, plan->bytes());
  });
  return std::static_pointer_cast<const Plan>(p);
}

template <class T>
Cpx<T>* work_buffer(int64_t n) {
  thread_local std::vector<Cpx<T>> work;
  if (static_cast<int64_t>(work.size()) < n) work.resize(n);
  return work.data();
}

// Note [Host FFT workers]
// scipy.fft's `workers=` (cupricx.scipy.fft, set per call through fft::set_workers) splits a
// batch of rows (or the lines of an n-D pass) into contiguous ranges, one per thread; each
// thread has its own work buffer and shares the calling thread's immutable plan. Threads start
// only when there are at least 2 rows and 32768 elements in all: below that, starting them costs
// more than the transforms (about 20 us each on the 2-core dev machine).
template <class F>
void parallel_ranges(int workers, int64_t count, int64_t elements, F body) {
  const int64_t t = std::min<int64_t>(workers, count);
  if (t <= 1 || elements < (int64_t{1} << 15)) return body(int64_t{0}, count);
  std::vector<std::thread> threads;
  std::vector<std::exception_ptr> errors(static_cast<size_t>(t));
  auto range = [&](int64_t i) {
    try {
      body(count * i / t, count * (i + 1) / t);
    } catch (...) { errors[static_cast<size_t>(i)] = std::current_exception(); }
  };
  for (int64_t i = 1; i < t; ++i) threads.emplace_back(range, i);
  range(0);
  for (auto& th : threads) th.join();
  for (auto& err : errors)
    if (err) std::rethrow_exception(err);
}

template <class T>
void run(const Exec1d& e) {
  const T s = static_cast<T>(e.scale);
  const bool scaled = e.scale != 1.0;
  if (e.kind == Kind::C2C) {
    auto plan = cached<C2CPlan<T>>("c2c", e.n, e.dbl);
    parallel_ranges(e.workers, e.batch, e.batch * e.n, [&](int64_t b0, int64_t b1) {
      // The plan's work plus one row for the conjugated input of an inverse transform.
      Cpx<T>* work = work_buffer<T>(plan->work_size() + e.n);
      Cpx<T>* row = work + plan->work_size();
      for (int64_t b = b0; b < b1; ++b) {
        const auto* in = static_cast<const Cpx<T>*>(e.in) + b * e.n;
        auto* out = static_cast<Cpx<T>*>(e.out) + b * e.n;
        if (e.forward) {
          plan->forward(in, out, work);
          if (scaled)
            for (int64_t k = 0; k < e.n; ++k) out[k] = {out[k].re * s, out[k].im * s};
        } else {
          // The inverse as conj(F(conj(x))) (Note [Host FFT]).
          for (int64_t k = 0; k < e.n; ++k) row[k] = {in[k].re, -in[k].im};
          plan->forward(row, out, work);
          for (int64_t k = 0; k < e.n; ++k) out[k] = {out[k].re * s, -out[k].im * s};
        }
      }
    });
    return;
  }
  auto plan = cached<R2CPlan<T>>("real", e.n, e.dbl);
  const int64_t m = e.n / 2 + 1;
  parallel_ranges(e.workers, e.batch, e.batch * e.n, [&](int64_t b0, int64_t b1) {
    Cpx<T>* work = work_buffer<T>(plan->work_size());
    for (int64_t b = b0; b < b1; ++b) {
      if (e.kind == Kind::R2C) {
        auto* out = static_cast<Cpx<T>*>(e.out) + b * m;
        plan->forward(static_cast<const T*>(e.in) + b * e.n, out, work);
        if (scaled)
          for (int64_t k = 0; k < m; ++k) out[k] = {out[k].re * s, out[k].im * s};
      } else {
        T* out = static_cast<T*>(e.out) + b * e.n;
        plan->backward(static_cast<const Cpx<T>*>(e.in) + b * m, out, work);
        if (scaled)
          for (int64_t k = 0; k < e.n; ++k) out[k] *= s;
      }
    }
  });
}

void exec(const Exec1d& e) { e.dbl ? run<double>(e) : run<float>(e); }

// Every line along `axis` of `blocks` C-ordered blocks of complex shape dims[0..rank), transformed
// in place, unscaled: gathered into a row, transformed, scattered back.
template <class T>
void lines(Cpx<T>* data, int rank, const int64_t* dims, int axis, bool forward, int64_t blocks, bool dbl, int workers) {
  const int64_t n = dims[axis];
  int64_t inner = 1, outer = blocks;
  for (int i = axis + 1; i < rank; ++i) inner *= dims[i];
  for (int i = 0; i < axis; ++i) outer *= dims[i];
  auto plan = cached<C2CPlan<T>>("c2c", n, dbl);
  const T sign = forward ? T(1) : T(-1);  // the inverse as conj(F(conj(x))) (Note [Host FFT])
  // Lines (o, j) numbered o * inner + j, split between the workers (Note [Host FFT workers]).
  parallel_ranges(workers, outer * inner, outer * inner * n, [&](int64_t l0, int64_t l1) {
    Cpx<T>* work = work_buffer<T>(plan->work_size() + n);
    Cpx<T>* row = work + plan->work_size();
    for (int64_t l = l0; l < l1; ++l) {
      Cpx<T>* base = data + (l / inner) * n * inner + l % inner;
      for (int64_t k = 0; k < n; ++k) row[k] = {base[k * inner].re, sign * base[k * inner].im};
      plan->forward(row, row, work);
      for (int64_t k = 0; k < n; ++k) base[k * inner] = {row[k].re, sign * row[k].im};
    }
  });
}

// An n-D transform over the trailing axes, as 1-D line transforms without transposing copies;
// the front scales (Note [FFT module]).
template <class T>
void run_nd(const ExecNd& e) {
  const int k = e.rank;
  const int64_t last = e.n[k - 1], m = last / 2 + 1;
  int64_t lead = 1;
  for (int i = 0; i + 1 < k; ++i) lead *= e.n[i];
  int64_t cdims[3] = {e.n[0], e.n[1], e.n[2]};
  if (e.kind == Kind::C2C) {
    const int64_t total = lead * last * e.batch;
    if (e.out != e.in) std::memcpy(e.out, e.in, static_cast<size_t>(total) * sizeof(Cpx<T>));
    for (int i = k; i-- > 0;) lines<T>(static_cast<Cpx<T>*>(e.out), k, cdims, i, e.forward, e.batch, e.dbl, e.workers);
    return;
  }
  cdims[k - 1] = m;
  Exec1d rows{e.kind, e.forward, e.dbl, last, lead * e.batch, e.in, e.out, 1.0, e.device, e.stream};
  rows.workers = e.workers;
  if (e.kind == Kind::R2C) {
    run<T>(rows);
    for (int i = k - 1; i-- > 0;) lines<T>(static_cast<Cpx<T>*>(e.out), k, cdims, i, true, e.batch, e.dbl, e.workers);
    return;
  }
  // C2R: the leading axes' inverse transforms on a copy (the input stays intact), then the rows.
  std::vector<Cpx<T>> tmp(static_cast<size_t>(lead * m * e.batch));
  std::memcpy(tmp.data(), e.in, tmp.size() * sizeof(Cpx<T>));
  for (int i = 0; i + 1 < k; ++i) lines<T>(tmp.data(), k, cdims, i, false, e.batch, e.dbl, e.workers);
  rows.in = tmp.data();
  run<T>(rows);
}

void exec_nd(const ExecNd& e) { e.dbl ? run_nd<double>(e) : run_nd<float>(e); }

constexpr FftFns kHostFft{&exec, &exec_nd, /*scales=*/true, /*c2r_overwrites_input=*/false, nullptr};
const dispatch::Registration reg(fft_table(), DeviceType::Host, &kHostFft);

}  // namespace

}  // namespace cupric::fft::host
