// calib helper probe (issue 15): L1 and L2 hit fraction of a single-thread
// pointer chase (stride 128 B) by footprint, and which positions hit, pass by pass.
// Each load's latency is %clock64 after it minus before (the chase is serial);
// a load is an L1 hit if < L1T cycles, an L2 hit if < L2T. Bits are packed in
// registers and stored once per 32 loads (a store per 32 loads).
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
__device__ __forceinline__ unsigned long long clk() { unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
extern "C" __global__ void chase(unsigned long long* buf, unsigned long long footprint, unsigned long long stride,
    long long warm, long long timed, unsigned thr, unsigned* bits, unsigned long long* tot) {
  unsigned long long n = footprint / stride, base = (unsigned long long)buf;
  for (unsigned long long k = threadIdx.x; k < n; k += blockDim.x) buf[(k * stride) / 8] = base + ((k + 1) % n) * stride;
  __syncthreads();
  if (threadIdx.x) return;
  unsigned long long p = base;
  for (long long i = 0; i < warm; i++) asm volatile("ld.global.u64 %0, [%0];" : "+l"(p) :: "memory");
  unsigned w = 0; unsigned long long sum = 0, hits = 0;
  for (long long i = 0; i < timed; i++) {
    unsigned long long t0 = clk();
    asm volatile("ld.global.u64 %0, [%0];" : "+l"(p) :: "memory");
    unsigned long long d = clk() - t0;
    sum += d; unsigned h = d < thr; hits += h; w |= h << (i & 31);
    if ((i & 31) == 31) { bits[i >> 5] = w; w = 0; }
  }
  tot[0] = sum; tot[1] = hits; tot[2] = p;
}
int main(int argc, char** argv) {
  cudaDeviceProp pr; cudaGetDeviceProperties(&pr, 0);
  printf("# %s SMs %d l2 %d\n", pr.name, pr.multiProcessorCount, pr.l2CacheSize);
  unsigned long long* buf; cudaMalloc(&buf, 1ull << 30);
  unsigned* bits; cudaMalloc(&bits, 64 << 20);
  unsigned long long* tot; cudaMalloc(&tot, 64);
  FILE* bf = fopen(argv[1], "wb");
  auto run = [&](unsigned long long F, int wp, int tp, unsigned thr, bool dump, int block) {
    unsigned long long n = F / 128; long long timed = (long long)n * tp;
    cudaMemset(buf, 0, F + 4096);
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    cudaEventRecord(a);
    chase<<<1, block>>>(buf, F, 128, (long long)n * wp, timed, thr, bits, tot);
    cudaEventRecord(b);
    cudaError_t e = cudaDeviceSynchronize(); if (e) { printf("err %s\n", cudaGetErrorString(e)); exit(1); }
    float ms; cudaEventElapsedTime(&ms, a, b);
    unsigned long long h[3]; cudaMemcpy(h, tot, 24, cudaMemcpyDeviceToHost);
    std::vector<unsigned> bv((timed + 31) / 32); cudaMemcpy(bv.data(), bits, bv.size() * 4, cudaMemcpyDeviceToHost);
    printf("F %llu K n %llu warm_passes %d timed_passes %d thr %u block %d mean %.2f hitfrac %.4f", F >> 10, n, wp, tp, thr, block,
           (double)h[0] / timed, (double)h[1] / timed, ms);
    for (int q = 0; q < tp; q++) { unsigned long long c = 0; for (unsigned long long k = 0; k < n; k++) { unsigned long long i = q * n + k; c += (bv[i >> 5] >> (i & 31)) & 1; } printf(" p%d %.4f", q, (double)c / n); }
    printf(" ms %.1f\n", ms);
    if (dump) { fwrite(&F, 8, 1, bf); fwrite(&timed, 8, 1, bf); fwrite(bv.data(), 4, bv.size(), bf); }
  };
  // L1: threshold 100 cycles (hit ~32+clock overhead, L2 ~280)
  for (unsigned long long K = 128; K <= 320; K += 8) run(K << 10, 2, 4, 100, K == 192 || K == 224 || K == 256 || K == 288, 1024);
  run(384 << 10, 2, 4, 100, false, 1024); run(512 << 10, 2, 4, 100, false, 1024);
  run(256 << 10, 2, 4, 100, false, 32);   // block size: does the carveout change?
  run(256 << 10, 20, 4, 100, true, 1024); // long warm-up: steady state
  // L2: threshold 430 cycles (near ~265, far ~300, HBM >= 520)
  for (unsigned long long M : {8ull, 16ull, 20ull, 24ull, 26ull, 28ull, 30ull, 32ull, 34ull, 36ull, 40ull, 44ull, 48ull, 56ull, 64ull})
    run(M << 20, 1, 2, 430, M == 24 || M == 32 || M == 40, 1024);
  run(32ull << 20, 4, 2, 430, false, 1024);
  fclose(bf);
  return 0;
}
