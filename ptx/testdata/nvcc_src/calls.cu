#include <cstdio>
struct V4 { float x, y, z, w; };
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ __noinline__ V4 make(float a) { return V4{a, a + 1, a + 2, a + 3}; }
__device__ int twice(int x) { return 2 * x; }
__device__ int thrice(int x) { return 3 * x; }
__device__ int (*ops[2])(int) = {twice, thrice};
__constant__ float coef[4] = {1.0f, 2.5f, -3.0f, 0.125f};
__device__ const char *names[2] = {"a", "bb"};
__global__ void calls(int *out, float *fout, int n, int sel) {
  int t = threadIdx.x;
  float local[8];
  for (int i = 0; i < 8; i++) local[i] = coef[i & 3] * t;
  out[t] = fib(n) + ops[sel & 1](t);
  V4 v = make(local[(t + sel) & 7]);
  fout[t] = v.x + v.y * v.z - v.w;
  switch (sel) {
  case 0: out[t] += 1; break;
  case 1: out[t] += 7; break;
  case 2: out[t] *= 3; break;
  case 3: out[t] ^= 5; break;
  case 4: out[t] -= 9; break;
  case 5: out[t] += 11; break;
  default: break;
  }
  if (t == 0) printf("%s %d\n", names[sel & 1], out[t]);
}
