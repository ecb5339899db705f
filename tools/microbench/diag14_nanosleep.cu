#include <cstdio>
#include <cstdint>
__device__ __forceinline__ unsigned long long clk() { unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
__device__ __forceinline__ unsigned long long gtm() { unsigned long long t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) :: "memory"); return t; }
__global__ void ns(unsigned long long* out, unsigned hint, int lanes) {
  __shared__ __align__(8) unsigned long long bar;
  unsigned a = (unsigned)__cvta_generic_to_shared(&bar);
  if (threadIdx.x == 0) asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(a), "r"((1u << 20) - 1u) : "memory");
  __syncthreads();
  if (threadIdx.x < lanes) {
    for (int i = 0; i < 24; i++) {
      unsigned long long s0 = clk();
      unsigned long long spin = 137ull * i;
      while (clk() - s0 < spin) {}
      unsigned long long g0 = gtm(), t0 = clk();
      asm volatile("{.reg .pred p; .reg .b32 z;\n\tmbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0, %1;\n\tselp.b32 z, 1, 0, p;\n\tadd.u32 %0, %0, z;}" : "+r"(a) : "r"(hint) : "memory");
      unsigned long long t1 = clk(), g1 = gtm();
      if (threadIdx.x == 0) { out[i * 4] = g0; out[i * 4 + 1] = g1; out[i * 4 + 2] = t1 - t0; out[i * 4 + 3] = spin; }
    }
  }
  __syncthreads();
}
int main() {
  unsigned long long *d, h[96];
  cudaMalloc(&d, 96 * 8);
  unsigned hints[3] = {1000, 500, 2000};
  for (int hi = 0; hi < 3; hi++) for (int L = 0; L < 2; L++) {
    ns<<<1, 32>>>(d, hints[hi], 1); cudaDeviceSynchronize(); cudaMemcpy(h, d, 96 * 8, cudaMemcpyDeviceToHost);
    printf("hint %u launch %d: spin cyc g0%%1000 g1%%1000 dg_ns:", hints[hi], L);
    for (int i = 0; i < 24; i++) printf(" [%llu %llu %llu %llu %llu]", h[i*4+3], h[i*4] % 1000, h[i*4+1] % 1000, h[i*4+1]-h[i*4], h[i*4+2]);
    printf("\n");
  }
  printf("err %s\n", cudaGetErrorString(cudaGetLastError()));
}
