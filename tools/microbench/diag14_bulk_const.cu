#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>
__device__ __forceinline__ unsigned long long clk() { unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
__device__ __forceinline__ uint32_t sa(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void waitp(uint32_t bar, uint32_t ph) {
  asm volatile("{.reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1; @!p bra W;}" :: "r"(bar), "r"(ph) : "memory"); }
__global__ void bulksz(const unsigned* src, unsigned long long* out, unsigned* sink) {
  __shared__ __align__(8) unsigned long long bar[1];
  __shared__ __align__(128) unsigned buf[2048];
  const uint32_t b = sa(&bar[0]);
  if (threadIdx.x == 0) { asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(b)); asm volatile("fence.mbarrier_init.release.cluster;"); }
  __syncthreads();
  if (threadIdx.x != 0) return;
  const unsigned sizes[7] = {16, 64, 128, 256, 1024, 4096, 8192};
  unsigned ph = 0, x = 0;
  for (int s = 0; s < 7; s++) {
    for (int r = 0; r < 8; r++) {
      unsigned n = sizes[s];
      unsigned long long t0 = clk();
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(b), "r"(n) : "memory");
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" :: "r"(sa(buf)), "l"(src + 4096 * s), "r"(n), "r"(b) : "memory");
      unsigned long long t1 = clk();
      waitp(b, ph); ph ^= 1;
      unsigned long long t2 = clk();
      out[(s * 8 + r) * 2] = t1 - t0; out[(s * 8 + r) * 2 + 1] = t2 - t0;
      x += buf[r];
    }
  }
  sink[0] = x;
}
__constant__ unsigned kc[512];
__global__ void constlat(unsigned long long* out, unsigned* sink) {
  const unsigned offs[9] = {0, 8, 16, 24, 32, 64, 128, 256, 384};  // word offsets: 0,32,64,96,128,256,512,1024,1536 B
  unsigned x = 0; unsigned long long t[10];
  t[0] = clk();
#pragma unroll
  for (int i = 0; i < 9; i++) { x = kc[offs[i] + (x >> 30)]; asm volatile("" :: "r"(x)); t[i + 1] = clk(); }
  for (int i = 0; i < 9; i++) out[i] = t[i + 1] - t[i];
  sink[0] = x;
}
int main() {
  unsigned *src, *sink; unsigned long long *out, h[128];
  cudaMalloc(&src, 4096 * 8 * 4); cudaMalloc(&sink, 64); cudaMalloc(&out, 128 * 8);
  cudaMemset(src, 1, 4096 * 8 * 4);
  unsigned hk[512]; for (int i = 0; i < 512; i++) hk[i] = 1; cudaMemcpyToSymbol(kc, hk, sizeof hk);
  for (int L = 0; L < 3; L++) {
    bulksz<<<1, 32>>>(src, out, sink); cudaDeviceSynchronize(); cudaMemcpy(h, out, 112 * 8, cudaMemcpyDeviceToHost);
    const unsigned sizes[7] = {16, 64, 128, 256, 1024, 4096, 8192};
    for (int s = 0; s < 7; s++) { printf("bulk L%d size %5u issue/total:", L, sizes[s]); for (int r = 0; r < 8; r++) printf(" %llu/%llu", h[(s*8+r)*2], h[(s*8+r)*2+1]); printf("\n"); }
  }
  for (int L = 0; L < 3; L++) {
    constlat<<<1, 1>>>(out, sink); cudaDeviceSynchronize(); cudaMemcpy(h, out, 9 * 8, cudaMemcpyDeviceToHost);
    printf("const L%d (B offs 0,32,64,96,128,256,512,1024,1536):", L); for (int i = 0; i < 9; i++) printf(" %llu", h[i]); printf("\n");
  }
  printf("err %s\n", cudaGetErrorString(cudaGetLastError()));
}
