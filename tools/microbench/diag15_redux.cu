// atomu helper diagnostic (session 12): per-warp %clock64 stamps around each
// iteration of 32 dead atom.shared.add at a warp-uniform address (ptxas:
// REDUX.SUM + one lane's ATOMS) and, for comparison, 32 lanes on 32
// distinct words, at 1, 8 and 32 warps. Stamps are SM clocks (one SM), so
// warps compare directly: t[w][0] after the barrier, t[w][i] after iteration i.
#include <cstdio>
#include <cuda_runtime.h>
#define IT 4
__device__ __forceinline__ unsigned long long clk() { unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
__shared__ __align__(128) unsigned sm[64];
#define ATOM(a, v) { unsigned d_; asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(d_) : "r"(a), "r"(v) : "memory"); }
template <int MODE>
__global__ void k(unsigned long long* out, unsigned* sink) {
  const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  const unsigned base = (unsigned)__cvta_generic_to_shared(sm);
  if (threadIdx.x < 64) sm[threadIdx.x] = 0;
  const unsigned a = MODE == 0 ? base : base + 4u * lane;
  const unsigned v = lane + 1;
  for (int rep = 0; rep < 2; rep++) {
    __syncthreads();
    unsigned long long t0 = clk();
    if (lane == 0) out[w * (IT + 1)] = t0;
#pragma unroll 1
    for (int i = 0; i < IT; i++) {
#pragma unroll
      for (int j = 0; j < 32; j++) ATOM(a, v)
      unsigned long long t1 = clk();
      if (lane == 0) out[w * (IT + 1) + i + 1] = t1;
    }
  }
  __syncthreads();
  if (lane == 0) sink[w] = sm[w & 63];
}
int main() {
  unsigned long long *out, h[32 * (IT + 1)]; unsigned* sink;
  cudaMalloc(&out, sizeof h); cudaMalloc(&sink, 128);
  const char* nm[2] = {"reduced", "lanes"};
  for (int mode = 0; mode < 2; mode++)
    for (int warps : {1, 8, 32})
      for (int L = 0; L < 3; L++) {
        if (mode == 0) k<0><<<1, 32 * warps>>>(out, sink); else k<1><<<1, 32 * warps>>>(out, sink);
        cudaDeviceSynchronize(); cudaMemcpy(h, out, warps * (IT + 1) * 8, cudaMemcpyDeviceToHost);
        unsigned long long t0 = ~0ull; for (int w = 0; w < warps; w++) if (h[w * (IT + 1)] < t0) t0 = h[w * (IT + 1)];
        printf("%s w%d L%d:", nm[mode], warps, L);
        for (int w = 0; w < warps; w++) { printf(" |w%d", w); for (int i = 0; i <= IT; i++) printf(" %llu", h[w * (IT + 1) + i] - t0); }
        printf("\n");
      }
  printf("err %s\n", cudaGetErrorString(cudaGetLastError()));
}
