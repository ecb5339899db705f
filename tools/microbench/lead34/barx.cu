// barx.cu (session 34, lead): what an instruction right after a one-warp bar.sync costs at issue
// (alu34.md "A probe decides it"): one warp, `bar.sync; stamp; X; stamp`, X an IADD3, an LDC, an LDG,
// an STS (and a ULDC), each behind a register-independent stamp; and the same without the barrier.
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>
__constant__ uint32_t cbuf[1024];
__device__ __forceinline__ uint64_t clk() { uint64_t t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
template <int V, bool BAR>
__global__ void k(const uint32_t* __restrict__ g, uint32_t* out, uint64_t* dt, int idx) {
  __shared__ uint32_t sm[64];
  uint32_t acc = threadIdx.x;
  uint64_t d[4];
  uint64_t ca; asm("mov.u64 %0, cbuf;" : "=l"(ca)); ca += 4ull * idx;
  #pragma unroll
  for (int r = 0; r < 4; r++) {
    if (BAR) asm volatile("bar.sync 0;" ::: "memory");
    uint64_t t0 = clk();
    if (V == 1) asm volatile("add.s32 %0, %0, %1;" : "+r"(acc) : "r"(idx));
    if (V == 2) { uint32_t v; asm volatile("ld.const.u32 %0, [%1];" : "=r"(v) : "l"(ca + 4ull * (r * 64 + (threadIdx.x >> 5)))); acc ^= v; }  // per-thread address: LDC
    if (V == 5) { uint32_t v; asm volatile("ld.const.u32 %0, [%1];" : "=r"(v) : "l"(ca + 4ull * (r * 64 + 512))); acc ^= v; }  // uniform address
    if (V == 3) { uint32_t v; asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(g + idx + r * 64 + threadIdx.x)); acc ^= v; }
    if (V == 4) asm volatile("st.shared.u32 [%0], %1;" :: "r"((uint32_t)__cvta_generic_to_shared(&sm[threadIdx.x])), "r"(acc) : "memory");
    uint64_t t1 = clk();
    d[r] = t1 - t0;
  }
  out[threadIdx.x] = acc + sm[threadIdx.x & 63];
  if (threadIdx.x == 0) for (int r = 0; r < 4; r++) dt[r] = d[r];
}
template <int V, bool BAR> void run(const char* name, const uint32_t* g, uint32_t* o, uint64_t* dt) {
  uint64_t h[4]; uint64_t all[8][4];
  for (int l = 0; l < 8; l++) {
    k<V, BAR><<<1, 32>>>(g, o, dt, 3);
    cudaMemcpy(h, dt, sizeof h, cudaMemcpyDeviceToHost);
    for (int r = 0; r < 4; r++) all[l][r] = h[r];
  }
  printf("%-14s", name);
  for (int l = 0; l < 8; l++) printf(" [%llu %llu %llu %llu]", (unsigned long long)all[l][0], (unsigned long long)all[l][1], (unsigned long long)all[l][2], (unsigned long long)all[l][3]);
  printf("\n");
}
int main() {
  uint32_t *g, *o; uint64_t* dt;
  cudaMalloc(&g, 1 << 20); cudaMemset(g, 1, 1 << 20); cudaMalloc(&o, 4096); cudaMalloc(&dt, 64);
  uint32_t hc[1024]; for (int i = 0; i < 1024; i++) hc[i] = i; cudaMemcpyToSymbol(cbuf, hc, sizeof hc);
  run<0, true>("bar_none", g, o, dt);  run<0, false>("nobar_none", g, o, dt);
  run<1, true>("bar_iadd", g, o, dt);  run<1, false>("nobar_iadd", g, o, dt);
  run<2, true>("bar_ldc", g, o, dt);   run<2, false>("nobar_ldc", g, o, dt);
  run<3, true>("bar_ldg", g, o, dt);   run<3, false>("nobar_ldg", g, o, dt);
  run<4, true>("bar_sts", g, o, dt);   run<4, false>("nobar_sts", g, o, dt);
  run<5, true>("bar_uldc", g, o, dt);  run<5, false>("nobar_uldc", g, o, dt);
  cudaError_t e = cudaDeviceSynchronize(); printf("status %s\n", cudaGetErrorString(e));
  return 0;
}
