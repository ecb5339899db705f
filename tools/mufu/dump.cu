// dump.cu: records the H100/H200 outputs of the MUFU-based PTX approximate
// functions (issue 16). Build: nvcc -O2 -arch=sm_90a -o dump dump.cu
// Usage: dump OUTDIR   (writes *.d32 first-difference dumps, *.u32 raw)
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <vector>
#include <string>
#include <cuda_fp16.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

enum Op { EX2F, EX2, RCPF, RCP, RSQF, RSQ, SQRTF, SQRT, LG2F, LG2, SINF, SIN, COSF, COS, TANH, NOP32 };
static const char *opName[] = {"ex2.ftz", "ex2", "rcp.ftz", "rcp", "rsqrt.ftz", "rsqrt", "sqrt.ftz", "sqrt", "lg2.ftz", "lg2", "sin.ftz", "sin", "cos.ftz", "cos", "tanh"};

__device__ __forceinline__ uint32_t ap(int op, uint32_t xb) {
  float x = __uint_as_float(xb), r;
  switch (op) {
  case EX2F: asm("ex2.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case EX2: asm("ex2.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case RCPF: asm("rcp.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case RCP: asm("rcp.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case RSQF: asm("rsqrt.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case RSQ: asm("rsqrt.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case SQRTF: asm("sqrt.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case SQRT: asm("sqrt.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case LG2F: asm("lg2.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case LG2: asm("lg2.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case SINF: asm("sin.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case SIN: asm("sin.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case COSF: asm("cos.approx.ftz.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  case COS: asm("cos.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  default: asm("tanh.approx.f32 %0,%1;" : "=f"(r) : "f"(x)); break;
  }
  return __float_as_uint(r);
}

// range: input = base + i
__global__ void kRange(int op, uint32_t base, uint32_t n, uint32_t *out) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) out[i] = ap(op, base + i);
}
__global__ void kList(int op, const uint32_t *in, uint32_t n, uint32_t *out) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) out[i] = ap(op, in[i]);
}
__global__ void kDiv(int op, const uint32_t *a, const uint32_t *b, uint32_t n, uint32_t *out) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float x = __uint_as_float(a[i]), y = __uint_as_float(b[i]), r;
    switch (op) {
    case 0: asm("div.full.f32 %0,%1,%2;" : "=f"(r) : "f"(x), "f"(y)); break;
    case 1: asm("div.full.ftz.f32 %0,%1,%2;" : "=f"(r) : "f"(x), "f"(y)); break;
    case 2: asm("div.approx.f32 %0,%1,%2;" : "=f"(r) : "f"(x), "f"(y)); break;
    default: asm("div.approx.ftz.f32 %0,%1,%2;" : "=f"(r) : "f"(x), "f"(y)); break;
    }
    out[i] = __float_as_uint(r);
  }
}
// 16-bit: op 0 ex2.f16, 1 ex2.ftz.bf16, 2 tanh.f16, 3 tanh.bf16
__device__ __forceinline__ uint16_t ap16(int op, uint16_t x) {
  uint16_t r;
  switch (op) {
  case 0: asm("ex2.approx.f16 %0,%1;" : "=h"(r) : "h"(x)); break;
  case 1: asm("ex2.approx.ftz.bf16 %0,%1;" : "=h"(r) : "h"(x)); break;
  case 2: asm("tanh.approx.f16 %0,%1;" : "=h"(r) : "h"(x)); break;
  default: asm("tanh.approx.bf16 %0,%1;" : "=h"(r) : "h"(x)); break;
  }
  return r;
}
__device__ __forceinline__ uint32_t ap16x2(int op, uint32_t x) {
  uint32_t r;
  switch (op) {
  case 0: asm("ex2.approx.f16x2 %0,%1;" : "=r"(r) : "r"(x)); break;
  case 1: asm("ex2.approx.ftz.bf16x2 %0,%1;" : "=r"(r) : "r"(x)); break;
  case 2: asm("tanh.approx.f16x2 %0,%1;" : "=r"(r) : "r"(x)); break;
  default: asm("tanh.approx.bf16x2 %0,%1;" : "=r"(r) : "r"(x)); break;
  }
  return r;
}
__global__ void k16(int op, uint16_t *out) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 65536) out[i] = ap16(op, (uint16_t)i);
}
// all 2^32 packed inputs vs the scalar table
__global__ void k16x2(int op, const uint16_t *tab, unsigned long long *bad, uint32_t *first) {
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < (1ull << 32); i += (uint64_t)gridDim.x * blockDim.x) {
    uint32_t x = (uint32_t)i, r = ap16x2(op, x);
    uint32_t want = (uint32_t)tab[x & 0xFFFF] | (uint32_t)tab[x >> 16] << 16;
    if (r != want) { unsigned long long k = atomicAdd(bad, 1ull); if (k < 16) { first[2 * k] = x; first[2 * k + 1] = r; } }
  }
}
// f64: op 0 rcp.approx.ftz.f64, 1 rsqrt.approx.ftz.f64, 2 rsqrt.approx.f64
__global__ void k64(int op, const uint64_t *in, uint32_t n, uint64_t *out) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    double x = __longlong_as_double(in[i]), r;
    switch (op) {
    case 0: asm("rcp.approx.ftz.f64 %0,%1;" : "=d"(r) : "d"(x)); break;
    case 1: asm("rsqrt.approx.ftz.f64 %0,%1;" : "=d"(r) : "d"(x)); break;
    default: asm("rsqrt.approx.f64 %0,%1;" : "=d"(r) : "d"(x)); break;
    }
    out[i] = __double_as_longlong(r);
  }
}

static std::string dir;
static void wfile(const std::string &name, const void *p, size_t bytes) {
  FILE *f = fopen((dir + "/" + name).c_str(), "wb");
  if (!f || fwrite(p, 1, bytes, f) != bytes) { perror(name.c_str()); exit(1); }
  fclose(f);
}
// first differences (mod 2^32) of a u32 array
static void wdiff(const std::string &name, const std::vector<uint32_t> &v) {
  std::vector<uint32_t> d(v.size());
  for (size_t i = 0; i < v.size(); i++) d[i] = v[i] - (i ? v[i - 1] : 0);
  wfile(name, d.data(), d.size() * 4);
}
static uint32_t mix32(uint32_t x) { x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16; return x; }

// Stratified f32 inputs: for sign s, biased exponent e, k in 0..255:
// mantissa (k << 15) | (mix32(s<<16|e<<8|k) & 0x7FFF), then k=0 -> 0 and
// k=255 -> 0x7FFFFF exactly; then 64 specials.
static std::vector<uint32_t> strat() {
  std::vector<uint32_t> v;
  for (uint32_t s = 0; s < 2; s++)
    for (uint32_t e = 0; e < 256; e++)
      for (uint32_t k = 0; k < 256; k++) {
        uint32_t m = k << 15 | (mix32(s << 16 | e << 8 | k) & 0x7FFF);
        if (k == 0) m = 0;
        if (k == 255) m = 0x7FFFFF;
        v.push_back(s << 31 | e << 23 | m);
      }
  return v;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: dump OUTDIR\n"); return 2; }
  dir = argv[1];
  const uint32_t N = 8u << 23;
  uint32_t *dOut, *dIn, *dIn2;
  CK(cudaMalloc(&dOut, N * 4ull));
  if (argc > 2 && !strcmp(argv[2], "clock")) { // one kernel for ncu's clock reading
    kRange<<<2048, 256>>>(RCPF, 0x3F800000, N, dOut);
    CK(cudaDeviceSynchronize());
    return 0;
  }
  CK(cudaMalloc(&dIn, N * 4ull));
  CK(cudaMalloc(&dIn2, N * 4ull));
  std::vector<uint32_t> h;
  auto range = [&](int op, uint32_t base, uint32_t n, const char *tag) {
    CK(cudaMemset(dOut, 0x5A, n * 4ull));
    kRange<<<2048, 256>>>(op, base, n, dOut);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    h.resize(n);
    CK(cudaMemcpy(h.data(), dOut, n * 4ull, cudaMemcpyDeviceToHost));
    char nm[128];
    snprintf(nm, sizeof nm, "bin_%s_%08x_%x.d32", opName[op], base, n);
    wdiff(nm, h);
    printf("range %s %s base %08x n %u\n", tag, opName[op], base, n);
  };
  bool phase2 = argc > 2 && !strcmp(argv[2], "phase2");
  if (phase2) { // call 2: more tanh binades, [2^-10, 0.25) and [4, 16)
    range(TANH, 0x3A800000, 8u << 23, "tanh");
    range(TANH, 0x40800000, 2u << 23, "tanh");
    if (argc > 3) range(TANH, 0x3E800000, 4u << 23, "tanh"); // call 3: the call-1 tanh binades again
  } else {
  // 1. binade dumps of the bare (.ftz) forms
  range(EX2F, 0x3F800000, 1u << 23, "ex2");
  range(EX2F, 0xBF800000, 1u << 23, "ex2");
  range(RCPF, 0x3F800000, 1u << 23, "rcp");
  range(RSQF, 0x3F800000, 1u << 24, "rsq");
  range(SQRTF, 0x3F800000, 1u << 24, "sqrt");
  range(LG2F, 0x3F000000, 3u << 23, "lg2");
  range(SINF, 0x3F800000, 3u << 23, "sin");
  range(COSF, 0x3F800000, 3u << 23, "cos");
  range(TANH, 0x3E800000, 4u << 23, "tanh");
  }
  // 2. stratified samples of every f32 form
  std::vector<uint32_t> s = strat();
  uint32_t ns = s.size();
  wfile("strat_in.u32", s.data(), ns * 4); // the generator is in tools/mufu/check too
  CK(cudaMemcpy(dIn, s.data(), ns * 4ull, cudaMemcpyHostToDevice));
  for (int op = 0; op < NOP32; op++) {
    kList<<<512, 256>>>(op, dIn, ns, dOut);
    CK(cudaGetLastError());
    h.resize(ns);
    CK(cudaMemcpy(h.data(), dOut, ns * 4ull, cudaMemcpyDeviceToHost));
    wfile(std::string("strat_") + opName[op] + ".u32", h.data(), ns * 4);
  }
  // 3. division: divisor stratified, dividend mix32
  std::vector<uint32_t> a(ns);
  for (uint32_t i = 0; i < ns; i++) a[i] = mix32(i ^ 0xA5A5A5A5u);
  wfile("div_a.u32", a.data(), ns * 4);
  CK(cudaMemcpy(dIn2, a.data(), ns * 4ull, cudaMemcpyHostToDevice));
  const char *dn[] = {"div.full", "div.full.ftz", "div.approx", "div.approx.ftz"};
  for (int op = 0; op < 4; op++) {
    kDiv<<<512, 256>>>(op, dIn2, dIn, ns, dOut);
    CK(cudaGetLastError());
    CK(cudaMemcpy(h.data(), dOut, ns * 4ull, cudaMemcpyDeviceToHost));
    wfile(std::string("strat_") + dn[op] + ".u32", h.data(), ns * 4);
  }
  // 4. 16-bit forms, all inputs, and the packed forms over all 2^32
  uint16_t *d16; unsigned long long *dBad; uint32_t *dFirst;
  CK(cudaMalloc(&d16, 65536 * 2)); CK(cudaMalloc(&dBad, 8)); CK(cudaMalloc(&dFirst, 128));
  const char *n16[] = {"ex2.f16", "ex2.ftz.bf16", "tanh.f16", "tanh.bf16"};
  std::vector<uint16_t> h16(65536);
  for (int op = 0; op < 4; op++) {
    k16<<<256, 256>>>(op, d16);
    CK(cudaGetLastError());
    CK(cudaMemcpy(h16.data(), d16, 65536 * 2, cudaMemcpyDeviceToHost));
    wfile(std::string("all_") + n16[op] + ".u16", h16.data(), 65536 * 2);
    CK(cudaMemset(dBad, 0, 8));
    k16x2<<<8192, 256>>>(op, d16, dBad, dFirst);
    CK(cudaGetLastError());
    unsigned long long bad; uint32_t first[32];
    CK(cudaMemcpy(&bad, dBad, 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(first, dFirst, 128, cudaMemcpyDeviceToHost));
    printf("packed %s x2: %llu of 2^32 differ from the scalar pair", n16[op], bad);
    for (unsigned k = 0; k < bad && k < 4; k++) printf(" [%08x->%08x]", first[2 * k], first[2 * k + 1]);
    printf("\n");
  }
  // 5. f64: rcp.approx.ftz.f64 on all 2^20 high fractions of [1,2) (low word mix32),
  //    rsqrt.approx.ftz.f64 on [1,4), then 64 exponents x 4096 fractions each; rsqrt.approx.f64 sampled
  std::vector<uint64_t> in64, out64;
  uint64_t *d64i, *d64o;
  CK(cudaMalloc(&d64i, (8u << 21) + (8u << 18))); CK(cudaMalloc(&d64o, (8u << 21) + (8u << 18)));
  for (int op = 0; op < 3; op++) {
    in64.clear();
    uint32_t nb = op == 1 ? 2u << 20 : 1u << 20;
    for (uint32_t i = 0; i < nb; i++) in64.push_back((uint64_t)(0x3FF00000u + i) << 32 | mix32(i + op));
    for (uint32_t j = 0; j < 64 * 4096; j++) {
      uint32_t e = (j >> 12) * 32 + (mix32(j >> 12) & 31), sg = (j >> 11) & 1;
      in64.push_back((uint64_t)(sg << 31 | (e & 0x7FF) << 20 | (mix32(j * 7 + op) & 0xFFFFF)) << 32 | mix32(j));
    }
    uint32_t n = in64.size();
    out64.resize(n);
    CK(cudaMemcpy(d64i, in64.data(), n * 8ull, cudaMemcpyHostToDevice));
    k64<<<512, 256>>>(op, d64i, n, d64o);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out64.data(), d64o, n * 8ull, cudaMemcpyDeviceToHost));
    const char *n64[] = {"rcp.ftz.f64", "rsqrt.ftz.f64", "rsqrt.f64"};
    // inputs are regenerated from this loop; outputs: high words as first differences
    std::vector<uint32_t> hi(n), lo(n);
    uint32_t nzlo = 0;
    for (uint32_t i = 0; i < n; i++) { hi[i] = out64[i] >> 32; lo[i] = (uint32_t)out64[i]; nzlo += lo[i] != 0; }
    wdiff(std::string("f64_") + n64[op] + ".hi.d32", hi);
    if (op == 2) wfile(std::string("f64_") + n64[op] + ".lo.u32", lo.data(), n * 4);
    printf("f64 %s: %u inputs, %u with a nonzero low result word\n", n64[op], n, nzlo);
  }
  CK(cudaDeviceSynchronize());
  printf("done\n");
  return 0;
}
