// fakecuda.c: a stand-in libcuda.so.1 for driver_fake_test.go. Every entry
// point the runner resolves succeeds and does nothing, except the two
// tensor-map encoders, which write their arguments into the 128-byte map as
// little-endian uint32 words so that the test can check what reached the
// driver: word 0 = 1 (tiled) or 2 (im2col), then dtype, rank, address low
// and high, dims (low words), strides (rank-1, low words), for tiled the
// box, for im2col the lower and upper corners (rank-2 each), channels per
// pixel and pixels per column, then the element strides, interleave,
// swizzle, l2 promotion and oob fill.
// With FAKECUDA_LOG set, cuDevicePrimaryCtxRetain and cuDevicePrimaryCtxRelease_v2
// append "retain PID" / "release PID" lines to that file (the tests count
// contexts and the processes that opened them); a PTX text holding
// "fakecuda: fail" makes cuModuleLoadDataEx fail (218, INVALID_PTX).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
typedef int CUresult;
static const char *name = "CUDA_SUCCESS";
#define OK(f, ...) CUresult f(__VA_ARGS__) { return 0; }
CUresult cuGetErrorName(CUresult r, const char **s) { *s = name; return 0; }
CUresult cuGetErrorString(CUresult r, const char **s) { *s = "fake"; return 0; }
OK(cuInit, unsigned int f)
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return 0; }
CUresult cuDeviceGet(int *d, int o) { *d = o; return 0; }
OK(cuDeviceGetName, char *b, int n, int d)
OK(cuDeviceGetAttribute, int *v, int a, int d)
static void logline(const char *what) {
	const char *p = getenv("FAKECUDA_LOG");
	FILE *f;
	if (!p || !(f = fopen(p, "a"))) return;
	fprintf(f, "%s %d\n", what, (int)getpid());
	fclose(f);
}
CUresult cuDevicePrimaryCtxRetain(void **c, int d) { logline("retain"); *c = (void *)1; return 0; }
CUresult cuDevicePrimaryCtxRelease_v2(int d) { logline("release"); return 0; }
OK(cuCtxSetCurrent, void *c)
OK(cuCtxSynchronize, void)
CUresult cuModuleLoadDataEx(void **m, const void *p, unsigned n, int *o, void **v) {
	return strstr(p, "fakecuda: fail") ? 218 : 0;
}
OK(cuModuleUnload, void *m)
OK(cuModuleGetFunction, void **f, void *m, const char *n)
OK(cuFuncGetAttribute, int *v, int a, void *f)
OK(cuFuncSetAttribute, void *f, int a, int v)
OK(cuMemAlloc_v2, unsigned long long *p, size_t n)
OK(cuMemFree_v2, unsigned long long p)
OK(cuMemcpyHtoD_v2, unsigned long long p, const void *s, size_t n)
OK(cuMemcpyDtoH_v2, void *d, unsigned long long p, size_t n)
OK(cuLaunchKernel, void *f, unsigned a, unsigned b, unsigned c, unsigned d, unsigned e, unsigned g,
   unsigned s, void *st, void **kp, void **ex)
OK(cuLaunchKernelEx, const void *cfg, void *f, void **kp, void **ex)
OK(cuEventCreate, void **e, unsigned f)
OK(cuEventRecord, void *e, void *s)
OK(cuEventSynchronize, void *e)
OK(cuEventElapsedTime, float *ms, void *a, void *b)
OK(cuEventDestroy_v2, void *e)

static uint32_t *head(void *tm, uint32_t kind, int dtype, unsigned rank, void *addr, const uint64_t *dims,
                      const uint64_t *strides) {
	uint32_t *w = tm;
	memset(tm, 0, 128);
	*w++ = kind;
	*w++ = (uint32_t)dtype;
	*w++ = rank;
	*w++ = (uint32_t)(uintptr_t)addr;
	*w++ = (uint32_t)((uintptr_t)addr >> 32);
	for (unsigned i = 0; i < rank; i++) *w++ = (uint32_t)dims[i];
	for (unsigned i = 0; i + 1 < rank; i++) *w++ = (uint32_t)strides[i];
	return w;
}
static void tail(uint32_t *w, unsigned rank, const uint32_t *es, int il, int sw, int l2, int oob) {
	for (unsigned i = 0; i < rank; i++) *w++ = es[i];
	*w++ = (uint32_t)il;
	*w++ = (uint32_t)sw;
	*w++ = (uint32_t)l2;
	*w++ = (uint32_t)oob;
}
CUresult cuTensorMapEncodeTiled(void *tm, int dtype, unsigned rank, void *addr, const uint64_t *dims,
                                const uint64_t *strides, const uint32_t *box, const uint32_t *es, int il,
                                int sw, int l2, int oob) {
	uint32_t *w = head(tm, 1, dtype, rank, addr, dims, strides);
	for (unsigned i = 0; i < rank; i++) *w++ = box[i];
	tail(w, rank, es, il, sw, l2, oob);
	return 0;
}
CUresult cuTensorMapEncodeIm2col(void *tm, int dtype, unsigned rank, void *addr, const uint64_t *dims,
                                 const uint64_t *strides, const int *lo, const int *hi, unsigned cpp,
                                 unsigned ppc, const uint32_t *es, int il, int sw, int l2, int oob) {
	if (rank < 3 || ((uintptr_t)tm & 63)) return 1; // CUDA_ERROR_INVALID_VALUE
	uint32_t *w = head(tm, 2, dtype, rank, addr, dims, strides);
	for (unsigned i = 0; i + 2 < rank; i++) *w++ = (uint32_t)lo[i];
	for (unsigned i = 0; i + 2 < rank; i++) *w++ = (uint32_t)hi[i];
	*w++ = cpp;
	*w++ = ppc;
	tail(w, rank, es, il, sw, l2, oob);
	return 0;
}
