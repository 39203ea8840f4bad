// The host backend of cupric.fft: batched rows through cupric's own FFT plans, cached per thread
// (Note [Host FFT] in src/fft/host/host_fft_plan.hpp, Note [FFT plan cache] in src/fft/plan_cache.hpp).
#include <string>
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

template <class T>
void run(const Exec1d& e) {
  const T s = static_cast<T>(e.scale);
  const bool scaled = e.scale != 1.0;
  if (e.kind == Kind::C2C) {
    auto plan = cached<C2CPlan<T>>("c2c", e.n, e.dbl);
    // The plan's work plus one row for the conjugated input of an inverse transform.
    Cpx<T>* work = work_buffer<T>(plan->work_size() + e.n);
    Cpx<T>* row = work + plan->work_size();
    for (int64_t b = 0; b < e.batch; ++b) {
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
    return;
  }
  auto plan = cached<R2CPlan<T>>("real", e.n, e.dbl);
  Cpx<T>* work = work_buffer<T>(plan->work_size());
  const int64_t m = e.n / 2 + 1;
  for (int64_t b = 0; b < e.batch; ++b) {
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
}

void exec(const Exec1d& e) { e.dbl ? run<double>(e) : run<float>(e); }

constexpr FftFns kHostFft{&exec, /*scales=*/true, /*c2r_overwrites_input=*/false};
const dispatch::Registration reg(fft_table(), DeviceType::Host, &kHostFft);

}  // namespace

}  // namespace cupric::fft::host
