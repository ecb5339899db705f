// stream.cu: writes the H100/H200 outputs of one approximate PTX form over
// all its inputs to stdout, in input order, as little-endian u32 (issue 16;
// read by tools/mufu/check). Build: nvcc -O2 -arch=sm_90a -o stream stream.cu
//   stream F        F = 0..14: f32 form (dump.cu's order), all 2^32 inputs
//   stream D        D = 100..103: div.full, div.full.ftz, div.approx, div.approx.ftz
//                   over the 2^30 pairs of divPair (check/forms.go)
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

__device__ __forceinline__ uint32_t ap(int op, uint32_t xb) {
  float x = __uint_as_float(xb), r;
  switch (op) {
  case 0: asm("ex2.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 1: asm("ex2.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 2: asm("rcp.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 3: asm("rcp.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 4: asm("rsqrt.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 5: asm("rsqrt.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 6: asm("sqrt.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 7: asm("sqrt.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 8: asm("lg2.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 9: asm("lg2.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 10: asm("sin.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 11: asm("sin.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 12: asm("cos.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case 13: asm("cos.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  default: asm("tanh.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  }
  return __float_as_uint(r);
}
__device__ __host__ __forceinline__ uint32_t mix32(uint32_t x) { x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16; return x; }
// divPair: j < 2^30 -> (a, b); keep in step with check/forms.go
__device__ __forceinline__ void divPair(uint32_t j, uint32_t &a, uint32_t &b) {
  const uint32_t cls[8] = {0, 1, 2, 60, 127, 200, 253, 254};
  uint32_t m = j & 0x7FFFFF, c = (j >> 23) & 7, d = j >> 26;
  b = (d & 1) << 31 | cls[c] << 23 | m;
  uint32_t h = mix32(j ^ 0x9E3779B9u);
  a = d >= 12 ? h : (h & 0x807FFFFFu) | (64 + ((h >> 23) & 0x7F)) << 23;
}
__global__ void k32(int op, uint64_t base, uint32_t n, uint32_t *out) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) out[i] = ap(op, (uint32_t)(base + i));
}
__global__ void kdiv(int op, uint64_t base, uint32_t n, uint32_t *out) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    uint32_t a, b;
    divPair((uint32_t)(base + i), a, b);
    float x = __uint_as_float(a), y = __uint_as_float(b), r;
    switch (op) {
    case 100: asm("div.full.f32 %0,%1,%2;" : "=f"(r) : "f"(x), "f"(y)); break;
    case 101: asm("div.full.ftz.f32 %0,%1,%2;" : "=f"(r) : "f"(x), "f"(y)); break;
    case 102: asm("div.approx.f32 %0,%1,%2;" : "=f"(r) : "f"(x), "f"(y)); break;
    default: asm("div.approx.ftz.f32 %0,%1,%2;" : "=f"(r) : "f"(x), "f"(y)); break;
    }
    out[i] = __float_as_uint(r);
  }
}
int main(int argc, char **argv) {
  if (argc < 2) return 2;
  int op = atoi(argv[1]);
  uint64_t total = op >= 100 ? 1ull << 30 : 1ull << 32;
  const uint32_t C = 1u << 24;
  uint32_t *d, *h[2];
  CK(cudaMalloc(&d, C * 4ull));
  CK(cudaMallocHost(&h[0], C * 4ull));
  CK(cudaMallocHost(&h[1], C * 4ull));
  for (uint64_t base = 0, k = 0; base < total; base += C, k++) {
    if (op >= 100) kdiv<<<1024, 256>>>(op, base, C, d); else k32<<<1024, 256>>>(op, base, C, d);
    CK(cudaGetLastError());
    CK(cudaMemcpy(h[k & 1], d, C * 4ull, cudaMemcpyDeviceToHost));
    if (fwrite(h[k & 1], 4, C, stdout) != C) { perror("fwrite"); return 1; }
  }
  fflush(stdout);
  return 0;
}
