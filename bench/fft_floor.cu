// Raw cuFFT floor for cupric.fft's figures: cufftExec device time (CUDA events, median of 20) with
// one plan made beforehand, at the bench cases' shapes (bench/cases.py, fft_*): c2c 2^24 complex64
// and complex128, r2c 2^24 float32, 2-D 4096^2 complex64, batched 4096 x 4096 complex64; and the
// host time per call of cufftExecC2C on 1024 points (the floor under a small cached `fft(x)`).
// Printed as FFT_FLOOR lines, to read next to bench/run.py's fft cases in the same GPU run.
//   nvcc -O2 -arch=sm_90 -std=c++17 -o /tmp/fft_floor bench/fft_floor.cu -lcufft && /tmp/fft_floor
#include <cuda_runtime.h>
#include <cufft.h>
#include <cstdio>
#include "floor_timing.cuh"

#define CHECK(x)                                                                 \
  do {                                                                           \
    auto rc = (x);                                                               \
    if (rc != 0) {                                                               \
      std::printf("FFT_FLOOR error %d at %s:%d\n", int(rc), __FILE__, __LINE__); \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

__global__ void fill(float* p, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    p[i] = 0.5f + static_cast<float>((i * 2654435761u) & 0xffff) * (1.0f / 65536.0f);
}

struct Shape {
  const char* name;
  int rank;
  long long n[2];
  long long batch;
  cufftType type;
  size_t in_bytes, out_bytes;
};

int main() {
  const long long N = 1ll << 24;
  const Shape shapes[] = {
      {"c2c 2^24 complex64", 1, {N, 0}, 1, CUFFT_C2C, size_t(N) * 8, size_t(N) * 8},
      {"z2z 2^24 complex128", 1, {N, 0}, 1, CUFFT_Z2Z, size_t(N) * 16, size_t(N) * 16},
      {"r2c 2^24 float32", 1, {N, 0}, 1, CUFFT_R2C, size_t(N) * 4, size_t(N / 2 + 1) * 8},
      {"fft2 4096^2 complex64", 2, {4096, 4096}, 1, CUFFT_C2C, size_t(N) * 8, size_t(N) * 8},
      {"batched 4096 x 4096 complex64", 1, {4096, 0}, 4096, CUFFT_C2C, size_t(N) * 8, size_t(N) * 8},
  };
  for (const Shape& s : shapes) {
    void *in, *out;
    CHECK(cudaMalloc(&in, s.in_bytes));
    CHECK(cudaMalloc(&out, s.out_bytes));
    fill<<<1024, 256>>>(static_cast<float*>(in), (long long)(s.in_bytes / 4));
    cufftHandle plan;
    size_t work = 0;
    CHECK(cufftCreate(&plan));
    long long dims[2] = {s.n[0], s.n[1]};
    CHECK(cufftMakePlanMany64(plan, s.rank, dims, nullptr, 1, 0, nullptr, 1, 0, s.type, s.batch, &work));
    auto run = [&] {
      switch (s.type) {
        case CUFFT_C2C: return cufftExecC2C(plan, (cufftComplex*)in, (cufftComplex*)out, CUFFT_FORWARD);
        case CUFFT_Z2Z: return cufftExecZ2Z(plan, (cufftDoubleComplex*)in, (cufftDoubleComplex*)out, CUFFT_FORWARD);
        default: return cufftExecR2C(plan, (cufftReal*)in, (cufftComplex*)out);
      }
    };
    const double med = median_event_ms(run);
    CHECK(med < 0 ? int(-med) : 0);
    std::printf("FFT_FLOOR %-30s cufftExec: %.4f ms  %.1f GB/s (in + out once)\n", s.name, med,
                double(s.in_bytes + s.out_bytes) / (med * 1e-3) / 1e9);
    cufftDestroy(plan);
    cudaFree(in), cudaFree(out);
  }
  // Host time per call of a cached-plan 1024-point complex64 transform.
  {
    void *in, *out;
    CHECK(cudaMalloc(&in, 1024 * 8));
    CHECK(cudaMalloc(&out, 1024 * 8));
    cufftHandle plan;
    CHECK(cufftPlan1d(&plan, 1024, CUFFT_C2C, 1));
    auto run = [&] { return cufftExecC2C(plan, (cufftComplex*)in, (cufftComplex*)out, CUFFT_FORWARD); };
    CHECK(run());
    std::printf("FFT_FLOOR host time per cufftExecC2C 1024 complex64: %.2f us\n", median_host_us(run));
    cufftDestroy(plan);
    cudaFree(in), cudaFree(out);
  }
  return 0;
}
