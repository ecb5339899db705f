// m14 session 34 probe: the hist loop's control without the load.
#include <cstdio>
__device__ __forceinline__ unsigned long long clk() { unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
// A: the gmem_chase hist loop (load, clock, guarded store)
extern "C" __global__ void pa(unsigned long long* out, unsigned* lat, unsigned long long* buf, int n) {
  unsigned long long p = (unsigned long long)buf;
  for (int i = 0; i < 64; i++) asm volatile("ld.global.u64 %0, [%0];" : "+l"(p) :: "memory");
  unsigned long long t0 = clk();
#pragma unroll 1
  for (int i = 0; i < n; i++) { asm volatile("ld.global.u64 %0, [%0];" : "+l"(p) :: "memory"); unsigned long long t = clk(); if (i < 1024) lat[i] = (unsigned)t; }
  unsigned long long t1 = clk(); out[0] = t1 - t0; out[1] = p;
}
// C: no load: clock, guarded store
extern "C" __global__ void pc(unsigned long long* out, unsigned* lat, unsigned long long* buf, int n) {
  unsigned long long t0 = clk();
#pragma unroll 1
  for (int i = 0; i < n; i++) { unsigned long long t = clk(); if (i < 1024) lat[i] = (unsigned)t; }
  unsigned long long t1 = clk(); out[0] = t1 - t0;
}
// E: no load, unguarded store
extern "C" __global__ void pe(unsigned long long* out, unsigned* lat, unsigned long long* buf, int n) {
  unsigned long long t0 = clk();
#pragma unroll 1
  for (int i = 0; i < n; i++) { unsigned long long t = clk(); lat[i & 1023] = (unsigned)t; }
  unsigned long long t1 = clk(); out[0] = t1 - t0;
}
// D: no load, no store: clock folded into a register
extern "C" __global__ void pd(unsigned long long* out, unsigned* lat, unsigned long long* buf, int n) {
  unsigned long long t0 = clk(); unsigned acc = 0;
#pragma unroll 1
  for (int i = 0; i < n; i++) { unsigned long long t = clk(); acc ^= (unsigned)t; }
  unsigned long long t1 = clk(); out[0] = t1 - t0; out[1] = acc;
}
int main() {
  unsigned long long *out, *buf; unsigned* lat;
  cudaMalloc(&out, 16); cudaMalloc(&lat, 4096); cudaMalloc(&buf, 16384);
  unsigned long long h[2048];
  unsigned long long base = (unsigned long long)buf;
  for (int k = 0; k < 2048; k++) h[k] = 0;
  for (int k = 0; k < 128; k++) h[(k * 128 % 16384) / 8] = base + ((k + 1) * 128 % 16384);
  cudaMemcpy(buf, h, 16384, cudaMemcpyHostToDevice);
  void (*ks[4])(unsigned long long*, unsigned*, unsigned long long*, int) = {pa, pc, pe, pd};
  const char* nm[4] = {"A_hist", "C_noload_guarded_st", "E_noload_plain_st", "D_noload_nost"};
  for (int k = 0; k < 4; k++) for (int n : {1024, 2048}) {
    double v[5];
    for (int r = 0; r < 5; r++) { ks[k]<<<1, 1>>>(out, lat, buf, n); unsigned long long o[2]; cudaMemcpy(o, out, 16, cudaMemcpyDeviceToHost); v[r] = (double)o[0] / n; }
    printf("%s n=%d cyc/iter %.3f %.3f %.3f %.3f %.3f\n", nm[k], n, v[0], v[1], v[2], v[3], v[4]);
  }
  cudaError_t e = cudaDeviceSynchronize(); printf("err %s\n", cudaGetErrorString(e));
}
