// Stand-in for CUTLASS examples/common/helper.h (not in the shared headers
// tarball): the check macros and GpuTimer that example 48 uses.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define CUTLASS_CHECK(status) do { cutlass::Status e_ = (status); if (e_ != cutlass::Status::kSuccess) { \
  fprintf(stderr, "CUTLASS error %s at %s:%d\n", cutlassGetStatusString(e_), __FILE__, __LINE__); exit(1); } } while (0)
#define CUDA_CHECK(status) do { cudaError_t e_ = (status); if (e_ != cudaSuccess) { \
  fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)
struct GpuTimer {
  cudaEvent_t a, b;
  GpuTimer() { cudaEventCreate(&a); cudaEventCreate(&b); }
  ~GpuTimer() { cudaEventDestroy(a); cudaEventDestroy(b); }
  void start(cudaStream_t s = 0) { cudaEventRecord(a, s); }
  void stop(cudaStream_t s = 0) { cudaEventRecord(b, s); }
  float elapsed_millis() { float ms = 0; cudaEventSynchronize(b); cudaEventElapsedTime(&ms, a, b); return ms; }
};
