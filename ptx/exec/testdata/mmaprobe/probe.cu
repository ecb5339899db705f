// mma.sync numerics probe (sm_90a). Build one form per binary:
//   nvcc -gencode arch=compute_90a,code=sm_90a -O2 -DFORM=<n> -o probe<n> probe.cu
//   ./probe<n> OUTDIR   -> OUTDIR/<name>.bin
// Each warp (one per CTA, TILES CTAs) loads its lanes' A, B, C fragment
// registers from a host-generated random buffer, runs one mma.sync and
// stores D. File: int32 magic 0x31414d4d ("MMA1"), int32 form, int32 tiles,
// int32 words-in per lane, int32 words-out per lane, int32 word bytes, then
// the inputs (tiles x 32 lanes x words-in) and outputs (tiles x 32 x words-out).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <cuda_runtime.h>

#define TILES 32

#if FORM == 1
#define NAME "m16n8k16_f32_f16_f16_f32"
#define NA 4
#define NB 2
#define NC 4
#define ND 4
#define ASM "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
#elif FORM == 2
#define NAME "m16n8k16_f32_bf16_bf16_f32"
#define NA 4
#define NB 2
#define NC 4
#define ND 4
#define ASM "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
#elif FORM == 3
#define NAME "m16n8k8_f32_tf32_tf32_f32"
#define NA 4
#define NB 2
#define NC 4
#define ND 4
#define ASM "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
#elif FORM == 4
#define NAME "m16n8k32_f32_e4m3_e4m3_f32"
#define NA 4
#define NB 2
#define NC 4
#define ND 4
#define ASM "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
#elif FORM == 5
#define NAME "m16n8k8_f32_f16_f16_f32"
#define NA 2
#define NB 1
#define NC 4
#define ND 4
#define ASM "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
#elif FORM == 6
#define NAME "m16n8k16_f16_f16_f16_f16"
#define NA 4
#define NB 2
#define NC 2
#define ND 2
#define ASM "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9};"
#elif FORM == 7
#define NAME "m16n8k4_f32_tf32_tf32_f32"
#define NA 2
#define NB 1
#define NC 4
#define ND 4
#define ASM "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
#elif FORM == 8
#define NAME "m16n8k32_f32_e5m2_e5m2_f32"
#define NA 4
#define NB 2
#define NC 4
#define ND 4
#define ASM "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
#elif FORM == 9
#define NAME "m16n8k16_f32_e4m3_e4m3_f32"
#define NA 2
#define NB 1
#define NC 4
#define ND 4
#define ASM "mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
#elif FORM == 10
#define NAME "m16n8k8_f32_bf16_bf16_f32"
#define NA 2
#define NB 1
#define NC 4
#define ND 4
#define ASM "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
#elif FORM == 11
#define NAME "m8n8k4_f64_f64_f64_f64"
#define F64 1
#define NA 1
#define NB 1
#define NC 2
#define ND 2
#define ASM "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%4,%5};"
#elif FORM == 12
#define NAME "m16n8k16_f64_f64_f64_f64"
#define F64 1
#define NA 8
#define NB 4
#define NC 4
#define ND 4
#define ASM "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, {%16,%17,%18,%19};"
#elif FORM == 13
#define NAME "m16n8k32_s32_s8_u8_s32_satfinite"
#define NA 4
#define NB 2
#define NC 4
#define ND 4
#define ASM "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
#endif

#define NIN (NA + NB + NC)

#ifdef F64
typedef double W;
typedef unsigned long long U;
#define CI "d"
#define CO "=d"
#else
typedef uint32_t W;
typedef uint32_t U;
#define CI "r"
#define CO "=r"
#endif

#define I(i) CI(v[i])
#define O(i) CO(d[i])

__global__ void k(const W* in, W* out) {
  int t = blockIdx.x * 32 + threadIdx.x;
  W v[NIN], d[ND];
  for (int i = 0; i < NIN; i++) v[i] = in[t * NIN + i];
#if ND == 4 && NIN == 10
  asm volatile(ASM : O(0), O(1), O(2), O(3) : I(0), I(1), I(2), I(3), I(4), I(5), I(6), I(7), I(8), I(9));
#elif ND == 4 && NIN == 7
  asm volatile(ASM : O(0), O(1), O(2), O(3) : I(0), I(1), I(2), I(3), I(4), I(5), I(6));
#elif ND == 2 && NIN == 8
  asm volatile(ASM : O(0), O(1) : I(0), I(1), I(2), I(3), I(4), I(5), I(6), I(7));
#elif ND == 2 && NIN == 4
  asm volatile(ASM : O(0), O(1) : I(0), I(1), I(2), I(3));
#elif ND == 4 && NIN == 16
  asm volatile(ASM : O(0), O(1), O(2), O(3) : I(0), I(1), I(2), I(3), I(4), I(5), I(6), I(7), I(8), I(9), I(10), I(11), I(12), I(13), I(14), I(15));
#else
#error unhandled operand count
#endif
  for (int i = 0; i < ND; i++) out[t * ND + i] = d[i];
}

static uint64_t rs = 0x9e3779b97f4a7c15ull * (FORM + 1);
static uint32_t rnd() {
  rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
  return (uint32_t)(rs >> 16);
}
static uint32_t rf16() { return (rnd() & 0x8000) | ((rnd() % 31) << 10) | (rnd() & 0x3ff); }
static uint32_t rbf16() { return (rnd() & 0x8000) | ((107 + rnd() % 41) << 7) | (rnd() & 0x7f); }
static uint32_t rf32c() { // C: 2^-24..2^16, 1 in 16 zero
  if (rnd() % 16 == 0) return 0;
  return (rnd() & 0x80000000u) | ((103 + rnd() % 41) << 23) | (rnd() & 0x7fffff);
}
static uint32_t rtf32(int tile) { // exponent 2^-27..2^27; odd tiles keep random low 13 bits
  uint32_t v = (rnd() & 0x80000000u) | ((100 + rnd() % 55) << 23) | (rnd() & 0x7fffff);
  return tile & 1 ? v : v & ~0x1fffu;
}
static uint32_t re4m3() { uint32_t b; do { b = rnd() & 0xff; } while ((b & 0x7f) == 0x7f); return b; }
static uint32_t re5m2() { uint32_t b; do { b = rnd() & 0xff; } while (((b >> 2) & 0x1f) == 0x1f); return b; }
static uint32_t pack(uint32_t (*f)(), int n) {
  uint32_t v = 0;
  for (int i = 0; i < n; i++) v |= f() << (32 / n * i);
  return v;
}
static uint64_t rf64() {
  return ((uint64_t)(rnd() & 1) << 63) | ((uint64_t)(1023 - 30 + rnd() % 61) << 52) |
         (((uint64_t)rnd() << 32 | rnd()) & 0xfffffffffffffull);
}

static U gen(int tile, int i) {
  bool c = i >= NA + NB;
#if defined(F64)
  return c && rnd() % 16 == 0 ? 0 : rf64();
#else
  switch (FORM) {
  case 1: case 5: return c ? rf32c() : pack(rf16, 2);
  case 6: return pack(rf16, 2);
  case 2: case 10: return c ? rf32c() : pack(rbf16, 2);
  case 3: case 7: return c ? rf32c() : rtf32(tile);
  case 4: case 9: return c ? rf32c() : pack(re4m3, 4);
  case 8: return c ? rf32c() : pack(re5m2, 4);
  case 13: // C near INT32_MAX (tiles 1 mod 4), near INT32_MIN (3 mod 4), else within +-1e6
    if (!c) return rnd();
    if (tile % 4 == 1) return 0x7fff0000u | (rnd() & 0xffff);
    if (tile % 4 == 3) return 0x80000000u | (rnd() & 0xffff);
    return (uint32_t)((int32_t)(rnd() % 2000001) - 1000000);
  }
  return 0;
#endif
}

int main(int argc, char** argv) {
  int n = TILES * 32;
  U* hin = (U*)malloc(sizeof(U) * n * NIN);
  U* hout = (U*)malloc(sizeof(U) * n * ND);
  for (int t = 0; t < n; t++)
    for (int i = 0; i < NIN; i++) hin[t * NIN + i] = gen(t / 32, i);
  W *din, *dout;
  cudaMalloc(&din, sizeof(U) * n * NIN);
  cudaMalloc(&dout, sizeof(U) * n * ND);
  cudaMemcpy(din, hin, sizeof(U) * n * NIN, cudaMemcpyHostToDevice);
  k<<<TILES, 32>>>(din, dout);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", NAME, cudaGetErrorString(e)); return 1; }
  cudaMemcpy(hout, dout, sizeof(U) * n * ND, cudaMemcpyDeviceToHost);
  char path[512];
  snprintf(path, sizeof path, "%s/%s.bin", argc > 1 ? argv[1] : ".", NAME);
  FILE* f = fopen(path, "wb");
  int32_t hdr[6] = {0x31414d4d, FORM, TILES, NIN, ND, (int32_t)sizeof(U)};
  fwrite(hdr, 4, 6, f);
  fwrite(hin, sizeof(U), (size_t)n * NIN, f);
  fwrite(hout, sizeof(U), (size_t)n * ND, f);
  fclose(f);
  printf("%s ok\n", NAME);
  return 0;
}
