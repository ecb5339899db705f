// probe.cu: records PTX floating-point results on a real GPU for package fp.
// Build and run on an H100 (nvcc 13):
//   nvcc -O1 -gencode=arch=compute_90a,code=sm_90a -o probe probe.cu && ./probe OUTDIR
// Writes OUTDIR/points.txt (single cases, "name inputs -> result" in hex) and
// OUTDIR/sweep.bin (records: name, width, arity, n, inputs, outputs; see
// probe_test.go for the layout). Inputs come from a fixed splitmix64 stream.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)

static uint64_t sm_state = 0x123456789ABCDEFULL;
static uint64_t splitmix() {
  uint64_t z = (sm_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
// biased f32 patterns: zeros/subnormals, extremes, near 1, small angles, random
static uint32_t gen32() {
  uint64_t r = splitmix();
  uint32_t sign = (uint32_t)(r & 1) << 31, m = (uint32_t)(r >> 8) & 0x7FFFFF, e;
  switch ((r >> 1) & 7) {
  case 0: e = 0; break;
  case 1: e = 1 + ((r >> 40) % 3); break;
  case 2: e = 254 - ((r >> 40) % 3); break;
  case 3: case 4: e = 127 - 12 + ((r >> 40) % 25); break;
  case 5: e = 127 - 30 + ((r >> 40) % 40); break;
  default: e = (r >> 40) % 256; break;
  }
  if (((r >> 50) & 7) == 0) m &= 0x7FF000;
  return sign | e << 23 | m;
}
static uint64_t gen64() {
  uint64_t r = splitmix(), m = splitmix() & 0xFFFFFFFFFFFFFULL, e;
  switch ((r >> 1) & 7) {
  case 0: e = 0; break;
  case 1: e = 1 + (r >> 40) % 3; break;
  case 2: e = 2046 - (r >> 40) % 3; break;
  case 3: case 4: e = 1023 - 20 + (r >> 40) % 41; break;
  default: e = (r >> 40) % 2048; break;
  }
  return (r & 1) << 63 | e << 52 | m;
}

#define F(x) __uint_as_float(x)
#define UF(x) __float_as_uint(x)

__device__ uint32_t op32(int op, uint32_t a, uint32_t b, uint32_t c) {
  float r = 0.f; uint32_t u = 0; unsigned short h = 0;
  float fa = F(a), fb = F(b), fc = F(c);
  switch (op) {
#define A1(i, ins) case i: asm(ins " %0, %1;" : "=f"(r) : "f"(fa)); return UF(r);
#define A2(i, ins) case i: asm(ins " %0, %1, %2;" : "=f"(r) : "f"(fa), "f"(fb)); return UF(r);
#define A3(i, ins) case i: asm(ins " %0, %1, %2, %3;" : "=f"(r) : "f"(fa), "f"(fb), "f"(fc)); return UF(r);
  A1(0, "ex2.approx.ftz.f32") A1(1, "ex2.approx.f32") A1(2, "lg2.approx.ftz.f32") A1(3, "lg2.approx.f32")
  A1(4, "sin.approx.ftz.f32") A1(5, "cos.approx.ftz.f32") A1(6, "sin.approx.f32") A1(7, "cos.approx.f32")
  A1(8, "rsqrt.approx.ftz.f32") A1(9, "rsqrt.approx.f32") A1(10, "rcp.approx.ftz.f32") A1(11, "rcp.approx.f32")
  A1(12, "sqrt.approx.ftz.f32") A1(13, "sqrt.approx.f32") A1(14, "tanh.approx.f32")
  A2(15, "div.approx.f32") A2(16, "div.approx.ftz.f32") A2(17, "div.full.f32") A2(18, "div.full.ftz.f32")
  A2(19, "add.rz.f32") A2(20, "add.rm.sat.f32") A2(21, "mul.rn.ftz.f32") A2(22, "mul.rp.f32")
  A3(23, "fma.rn.f32") A3(24, "fma.rm.ftz.f32") A3(25, "fma.rz.sat.f32")
  A2(26, "div.rn.f32") A2(27, "div.rp.f32") A1(28, "sqrt.rn.f32") A1(29, "sqrt.rz.f32") A1(30, "rcp.rn.ftz.f32")
  A2(31, "min.xorsign.abs.f32") A2(32, "max.NaN.f32") A2(33, "min.ftz.f32")
  A1(34, "cvt.rni.f32.f32") A1(35, "cvt.rmi.ftz.f32.f32")
  case 36: asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(fa)); return h;
  case 37: asm("cvt.rz.bf16.f32 %0, %1;" : "=h"(h) : "f"(fa)); return h;
  case 38: asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(h) : "f"(fa), "f"(fb)); return h;
  case 39: asm("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;" : "=h"(h) : "f"(fa), "f"(fb)); return h;
  case 40: asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(u) : "f"(fa)); return u;
  case 41: asm("cvt.rni.s32.f32 %0, %1;" : "=r"(u) : "f"(fa)); return u;
  case 42: asm("cvt.rpi.u32.f32 %0, %1;" : "=r"(u) : "f"(fa)); return u;
  case 43: asm("cvt.rm.f16.f32 %0, %1;" : "=h"(h) : "f"(fa)); return h;
  case 44: asm("cvt.rn.relu.f16.f32 %0, %1;" : "=h"(h) : "f"(fa)); return h;
  case 45: asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(fa)); return h;
  }
  return 0xDEADBEEF;
}
static const char* names32[] = {"ex2.approx.ftz.f32","ex2.approx.f32","lg2.approx.ftz.f32","lg2.approx.f32",
 "sin.approx.ftz.f32","cos.approx.ftz.f32","sin.approx.f32","cos.approx.f32","rsqrt.approx.ftz.f32","rsqrt.approx.f32",
 "rcp.approx.ftz.f32","rcp.approx.f32","sqrt.approx.ftz.f32","sqrt.approx.f32","tanh.approx.f32","div.approx.f32",
 "div.approx.ftz.f32","div.full.f32","div.full.ftz.f32","add.rz.f32","add.rm.sat.f32","mul.rn.ftz.f32","mul.rp.f32",
 "fma.rn.f32","fma.rm.ftz.f32","fma.rz.sat.f32","div.rn.f32","div.rp.f32","sqrt.rn.f32","sqrt.rz.f32","rcp.rn.ftz.f32",
 "min.xorsign.abs.f32","max.NaN.f32","min.ftz.f32","cvt.rni.f32.f32","cvt.rmi.ftz.f32.f32","cvt.rn.f16.f32",
 "cvt.rz.bf16.f32","cvt.rn.satfinite.e4m3x2.f32","cvt.rn.satfinite.e5m2x2.f32","cvt.rna.tf32.f32","cvt.rni.s32.f32",
 "cvt.rpi.u32.f32","cvt.rm.f16.f32","cvt.rn.relu.f16.f32","cvt.rn.bf16.f32"};
static const int arity32[] = {1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,2,2,2,2,2,2,2,2,3,3,3,2,2,1,1,1,2,2,2,1,1,1,1,2,2,1,1,1,1,1,1};
#define NOPS32 46

__device__ uint32_t op16(int op, unsigned short a, unsigned short b, unsigned short c) {
  unsigned short h = 0; float f = 0.f; uint32_t u = 0;
  switch (op) {
  case 0: asm("ex2.approx.f16 %0, %1;" : "=h"(h) : "h"(a)); return h;
  case 1: asm("tanh.approx.f16 %0, %1;" : "=h"(h) : "h"(a)); return h;
  case 2: asm("ex2.approx.ftz.bf16 %0, %1;" : "=h"(h) : "h"(a)); return h;
  case 3: asm("tanh.approx.bf16 %0, %1;" : "=h"(h) : "h"(a)); return h;
  case 4: asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(a)); return UF(f);
  case 5: asm("add.rn.f16 %0, %1, %2;" : "=h"(h) : "h"(a), "h"(b)); return h;
  case 6: asm("fma.rn.f16 %0, %1, %2, %3;" : "=h"(h) : "h"(a), "h"(b), "h"(c)); return h;
  case 7: asm("fma.rn.bf16 %0, %1, %2, %3;" : "=h"(h) : "h"(a), "h"(b), "h"(c)); return h;
  case 8: asm("mul.rn.ftz.sat.f16 %0, %1, %2;" : "=h"(h) : "h"(a), "h"(b)); return h;
  case 9: asm("cvt.f32.bf16 %0, %1;" : "=f"(f) : "h"(a)); return UF(f);
  case 10: asm("cvt.rn.f16x2.e4m3x2 %0, %1;" : "=r"(u) : "h"(a)); return u;
  case 11: asm("cvt.rn.f16x2.e5m2x2 %0, %1;" : "=r"(u) : "h"(a)); return u;
  case 12: asm("fma.rn.relu.f16 %0, %1, %2, %3;" : "=h"(h) : "h"(a), "h"(b), "h"(c)); return h;
  case 13: asm("min.f16 %0, %1, %2;" : "=h"(h) : "h"(a), "h"(b)); return h;
  case 14: asm("max.NaN.xorsign.abs.f16 %0, %1, %2;" : "=h"(h) : "h"(a), "h"(b)); return h;
  case 15: asm("fma.rn.relu.bf16 %0, %1, %2, %3;" : "=h"(h) : "h"(a), "h"(b), "h"(c)); return h;
  }
  return 0xDEADBEEF;
}
static const char* names16[] = {"ex2.approx.f16","tanh.approx.f16","ex2.approx.ftz.bf16","tanh.approx.bf16","cvt.f32.f16",
 "add.rn.f16","fma.rn.f16","fma.rn.bf16","mul.rn.ftz.sat.f16","cvt.f32.bf16","cvt.rn.f16x2.e4m3x2","cvt.rn.f16x2.e5m2x2",
 "fma.rn.relu.f16","min.f16","max.NaN.xorsign.abs.f16","fma.rn.relu.bf16"};
static const int arity16[] = {1,1,1,1,1,2,3,3,2,1,1,1,3,2,2,3};
#define NOPS16 16

__device__ uint64_t op64(int op, uint64_t a, uint64_t b, uint64_t c) {
  double r = 0, fa = __longlong_as_double(a), fb = __longlong_as_double(b), fc = __longlong_as_double(c);
  switch (op) {
  case 0: asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(fa)); break;
  case 1: asm("rsqrt.approx.f64 %0, %1;" : "=d"(r) : "d"(fa)); break;
  case 2: asm("add.rz.f64 %0, %1, %2;" : "=d"(r) : "d"(fa), "d"(fb)); break;
  case 3: asm("fma.rp.f64 %0, %1, %2, %3;" : "=d"(r) : "d"(fa), "d"(fb), "d"(fc)); break;
  case 4: asm("div.rm.f64 %0, %1, %2;" : "=d"(r) : "d"(fa), "d"(fb)); break;
  case 5: asm("sqrt.rp.f64 %0, %1;" : "=d"(r) : "d"(fa)); break;
  case 6: asm("mul.rn.f64 %0, %1, %2;" : "=d"(r) : "d"(fa), "d"(fb)); break;
  case 7: asm("min.f64 %0, %1, %2;" : "=d"(r) : "d"(fa), "d"(fb)); break;
  case 8: asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(fa)); break;
  case 9: { float f; asm("cvt.rn.f32.f64 %0, %1;" : "=f"(f) : "d"(fa)); return UF(f); }
  case 10: { uint64_t u; asm("cvt.rzi.s64.f64 %0, %1;" : "=l"(u) : "d"(fa)); return u; }
  }
  return __double_as_longlong(r);
}
static const char* names64[] = {"rcp.approx.ftz.f64","rsqrt.approx.f64","add.rz.f64","fma.rp.f64","div.rm.f64",
 "sqrt.rp.f64","mul.rn.f64","min.f64","rsqrt.approx.ftz.f64","cvt.rn.f32.f64","cvt.rzi.s64.f64"};
static const int arity64[] = {1,1,2,3,2,1,2,2,1,1,1};
#define NOPS64 11

__global__ void k32(int op, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) o[i] = op32(op, a[i], b[i], c[i]);
}
__global__ void k16(int op, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) o[i] = op16(op, a[i], b[i], c[i]);
}
__global__ void k64(int op, const uint64_t* a, const uint64_t* b, const uint64_t* c, uint64_t* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) o[i] = op64(op, a[i], b[i], c[i]);
}

template <typename T> static void put(FILE* f, const T& v) { fwrite(&v, sizeof v, 1, f); }
static void rec(FILE* f, const char* name, uint32_t width, uint32_t arity, uint32_t n, const void* in[3], const void* out) {
  uint32_t l = strlen(name); put(f, l); fwrite(name, 1, l, f); put(f, width); put(f, arity); put(f, n);
  for (uint32_t k = 0; k < arity; k++) fwrite(in[k], width / 8, n, f);
  fwrite(out, width / 8, n, f);
}

template <typename T, typename K>
static void sweep(FILE* f, K kern, int nops, const char** names, const int* ar, uint32_t width, std::vector<T> in[3]) {
  int n = in[0].size(); T *d[3], *dout; std::vector<T> out(n);
  for (int k = 0; k < 3; k++) { CK(cudaMalloc(&d[k], n * sizeof(T))); CK(cudaMemcpy(d[k], in[k].data(), n * sizeof(T), cudaMemcpyHostToDevice)); }
  CK(cudaMalloc(&dout, n * sizeof(T)));
  for (int op = 0; op < nops; op++) {
    kern<<<(n + 255) / 256, 256>>>(op, d[0], d[1], d[2], dout, n); CK(cudaGetLastError());
    CK(cudaMemcpy(out.data(), dout, n * sizeof(T), cudaMemcpyDeviceToHost));
    const void* ins[3] = {in[0].data(), in[1].data(), in[2].data()};
    rec(f, names[op], width, ar[op], n, ins, out.data());
  }
  for (int k = 0; k < 3; k++) cudaFree(d[k]); cudaFree(dout);
}

static const uint32_t spec32[][3] = {
  {0x7FC00001, 0x3F800000, 0}, {0xFFC00001, 0xFFC00002, 0x7FC00003}, {0x7F800000, 0xFF800000, 0},
  {0x80000000, 0x80000000, 0x80000000}, {0x3F7FFFFF, 0x00800000, 0}, {0x7F800001, 0x7F800001, 0x7F800001},
  {0xBF800000, 0x3F800000, 0x3F800000}, {0x80000000, 0x3F800000, 0x80000000}, {0x3F801000, 0x3F801000, 0},
  {0x7F7FFFFF, 0x7F7FFFFF, 0}, {0x43E80000, 0x49742400, 0}, {0xFF800000, 0x7F800000, 0},
  {0x7FC00000, 0xFFC00000, 0}, {0x80000001, 0x00000001, 0}, {0xC0000000, 0x80000000, 0},
  {0x3F800000, 0x7F000000, 0}, {0x7F800000, 0x7F000000, 0}, {0x00000000, 0x80000000, 0},
  {0x80000000, 0x00000000, 0}, {0x00000001, 0x3F000000, 0}, {0x3F800000, 0x3F800001, 0xBF800000},
  {0xFF7FFFFF, 0xFF7FFFFF, 0}, {0x4B000001, 0x3F000000, 0}, {0xBF000000, 0xBEFFFFFF, 0},
};
static const uint64_t spec64[][3] = {
  {0x7FF0000000000001ULL, 0x3FF0000000000000ULL, 0}, {0xFFF8000000000001ULL, 0x7FF8000000000002ULL, 0x7FF0000000000003ULL},
  {0x7FF0000000000000ULL, 0xFFF0000000000000ULL, 0}, {0x8000000000000000ULL, 0x8000000000000000ULL, 0x8000000000000000ULL},
  {0x0000000000000001ULL, 0x3FE0000000000000ULL, 0}, {0x4000000012345678ULL, 0x3FF5555555555555ULL, 0},
  {0x0000000000000000ULL, 0x8000000000000000ULL, 0}, {0x7FEFFFFFFFFFFFFFULL, 0x7FEFFFFFFFFFFFFFULL, 0},
};

int main(int argc, char** argv) {
  std::string dir = argc > 1 ? argv[1] : ".";
  {
    FILE* f = fopen((dir + "/sweep32.bin").c_str(), "wb"); fwrite("FPPROBE1", 1, 8, f);
    const int n = 8192; std::vector<uint32_t> in[3];
    for (auto& s : spec32) for (int k = 0; k < 3; k++) in[k].push_back(s[k]);
    for (int k = 0; k < 3; k++) while ((int)in[k].size() < n) in[k].push_back(gen32());
    sweep(f, k32, NOPS32, names32, arity32, 32, in); fclose(f);
  }
  {
    FILE* f = fopen((dir + "/sweep16.bin").c_str(), "wb"); fwrite("FPPROBE1", 1, 8, f);
    const int n = 65536; std::vector<uint32_t> in[3];
    for (int i = 0; i < n; i++) { in[0].push_back(i); in[1].push_back(gen32() >> 16); in[2].push_back(gen32() >> 16); }
    in[1][0x0000] = 0x8000;                          // min(+0,-0)
    in[1][0x8000] = 0x3C00; in[2][0x8000] = 0x8000;  // fma(-0,1,-0) = -0 -> relu(-0)
    in[1][0x7E00] = 0x3C00; in[1][0xFE01] = 0xBC00;  // NaN with a number
    sweep(f, k16, NOPS16, names16, arity16, 32, in); fclose(f);
  }
  {
    FILE* f = fopen((dir + "/sweep64.bin").c_str(), "wb"); fwrite("FPPROBE1", 1, 8, f);
    const int n = 8192; std::vector<uint64_t> in[3];
    for (auto& s : spec64) for (int k = 0; k < 3; k++) in[k].push_back(s[k]);
    for (int k = 0; k < 3; k++) while ((int)in[k].size() < n) in[k].push_back(gen64());
    sweep(f, k64, NOPS64, names64, arity64, 64, in); fclose(f);
  }
  cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
  int drv = 0, rt = 0; cudaDriverGetVersion(&drv); cudaRuntimeGetVersion(&rt);
  printf("ok device=%s cc=%d.%d driver=%d runtime=%d\n", p.name, p.major, p.minor, drv, rt);
  return 0;
}
