// shim.h: what the two halves of the launch-capture interposer share
// (snapshot.c: state, selection and the launch snapshot; shim.c: the
// interposed driver entry points). Everything here is hidden: the shim
// exports the driver's entry points only.
#ifndef SM90SIM_SHIM_H
#define SM90SIM_SHIM_H
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <regex.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SM90SIM_REAL_LIBCUDA
#error "build with -DSM90SIM_REAL_LIBCUDA=\"/path/to/the/real/libcuda.so.N\" (tools/capture/build.sh)"
#endif

#pragma GCC visibility push(hidden)

// The driver types used, declared as cuda.h does (no CUDA headers needed).
typedef int CUresult;
typedef void *CUfunction, *CUmodule, *CUlibrary, *CUkernel, *CUstream, *CUcontext;
typedef unsigned long long CUdeviceptr;
typedef unsigned long long cuuint64_t;
typedef unsigned int cuuint32_t;
typedef union { char pad[64]; unsigned long long a; struct { unsigned x, y, z; } cluster; } AttrValue;
typedef struct { int id; char pad[4]; AttrValue value; } LaunchAttr;
typedef struct {
	unsigned gx, gy, gz, bx, by, bz, shared;
	CUstream stream;
	LaunchAttr *attrs;
	unsigned nattrs;
} LaunchConfig;
enum { ATTR_CLUSTER_DIMENSION = 4, FUNC_ATTR_NUM_REGS = 4, GPA_PER_THREAD = 2 };


#define MAXT 4096
typedef struct {
	unsigned char enc[128];
	int im2col, dtype, rank, interleave, swizzle, l2, oob;
	uint64_t addr, dims[5], strides[4];
	uint32_t box[5], estr[5];
	int lower[3], upper[3];
	uint32_t cpp, ppc;
} TMap;
typedef struct { CUdeviceptr base; size_t size; unsigned char *before; } Buf;
typedef struct {
	int active;
	Buf bufs[256];
	int nbufs;
} Capture;


extern char dir[4096];            // $SM90SIM_CAPTURE_DIR; "" when not capturing
extern __thread int depth;        // our entry points active on this thread
void *real_sym(const char *name); // the real driver's symbol
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void save_tmap(const TMap *t);
void begin(Capture *c, CUfunction f, const unsigned g[3], const unsigned b[3], const unsigned cl[3],
	   unsigned shared, CUstream stream, void **params, void **extra, const char *via);
void end(Capture *c, CUresult launched);
void cap_loaded(void *h, const void *img, CUresult r);
void cap_got(void *h, void *parent, const char *name, CUresult r);

#pragma GCC visibility pop
#endif
