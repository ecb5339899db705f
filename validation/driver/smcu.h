// smcu.h: the CUDA driver entry points the runner uses, opened with dlopen.
// Only the types and enum values needed are declared (values from cuda.h).
// Included by the cgo files of package driver; everything is static.
#ifndef SM90SIM_SMCU_H
#define SM90SIM_SMCU_H
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The few driver types this runner needs, as cuda.h declares them.
typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef void *CUstream;
typedef void *CUevent;
typedef unsigned long long CUdeviceptr;

// CUlaunchAttributeValue is a 64-byte union (8-byte aligned: some members
// hold pointers); only clusterDim is used here.
typedef union {
	char pad[64];
	unsigned long long align_;
	struct { unsigned int x, y, z; } clusterDim;
} smAttrValue;

// CUlaunchAttribute: id, pad to 8 bytes, value.
typedef struct {
	int id;
	char pad[4];
	smAttrValue value;
} smAttr;

// CUlaunchConfig.
typedef struct {
	unsigned int gridDimX, gridDimY, gridDimZ;
	unsigned int blockDimX, blockDimY, blockDimZ;
	unsigned int sharedMemBytes;
	CUstream hStream;
	smAttr *attrs;
	unsigned int numAttrs;
} smLaunchConfig;

// smCU is one loaded driver library: its entry points.
typedef struct {
	void *lib;
	CUresult (*getErrorName)(CUresult, const char **);
	CUresult (*getErrorString)(CUresult, const char **);
	CUresult (*init)(unsigned int);
	CUresult (*driverGetVersion)(int *);
	CUresult (*deviceGetCount)(int *);
	CUresult (*deviceGet)(CUdevice *, int);
	CUresult (*deviceGetName)(char *, int, CUdevice);
	CUresult (*deviceGetAttribute)(int *, int, CUdevice);
	CUresult (*primaryCtxRetain)(CUcontext *, CUdevice);
	CUresult (*primaryCtxRelease)(CUdevice);
	CUresult (*ctxSetCurrent)(CUcontext);
	CUresult (*ctxSynchronize)(void);
	CUresult (*moduleLoadDataEx)(CUmodule *, const void *, unsigned int, int *, void **);
	CUresult (*moduleUnload)(CUmodule);
	CUresult (*moduleGetFunction)(CUfunction *, CUmodule, const char *);
	CUresult (*funcGetAttribute)(int *, int, CUfunction);
	CUresult (*funcSetAttribute)(CUfunction, int, int);
	CUresult (*memAlloc)(CUdeviceptr *, size_t);
	CUresult (*memFree)(CUdeviceptr);
	CUresult (*memcpyHtoD)(CUdeviceptr, const void *, size_t);
	CUresult (*memcpyDtoH)(void *, CUdeviceptr, size_t);
	CUresult (*launchKernel)(CUfunction, unsigned int, unsigned int, unsigned int,
		unsigned int, unsigned int, unsigned int, unsigned int, CUstream, void **, void **);
	CUresult (*launchKernelEx)(const smLaunchConfig *, CUfunction, void **, void **);
	CUresult (*eventCreate)(CUevent *, unsigned int);
	CUresult (*eventRecord)(CUevent, CUstream);
	CUresult (*eventSynchronize)(CUevent);
	CUresult (*eventElapsedTime)(float *, CUevent, CUevent);
	CUresult (*eventDestroy)(CUevent);
	CUresult (*tensorMapEncodeTiled)(void *, int, unsigned int, void *, const uint64_t *,
		const uint64_t *, const uint32_t *, const uint32_t *, int, int, int, int);
	CUresult (*tensorMapEncodeIm2col)(void *, int, unsigned int, void *, const uint64_t *,
		const uint64_t *, const int *, const int *, unsigned int, unsigned int, const uint32_t *,
		int, int, int, int);
} smCU;

// smLoad opens the library and resolves the entry points (the _v2 names
// where the API versions them); NULL with a message in err on failure.
static inline smCU *smLoad(const char *path, char *err, size_t errlen) {
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		const char *m = dlerror();
		snprintf(err, errlen, "%s", m ? m : "dlopen failed");
		return NULL;
	}
	smCU *c = calloc(1, sizeof *c);
	c->lib = h;
	struct { void **slot; const char *name, *alt; int required; } syms[] = {
		{(void **)&c->getErrorName, "cuGetErrorName", NULL, 1},
		{(void **)&c->getErrorString, "cuGetErrorString", NULL, 1},
		{(void **)&c->init, "cuInit", NULL, 1},
		{(void **)&c->driverGetVersion, "cuDriverGetVersion", NULL, 1},
		{(void **)&c->deviceGetCount, "cuDeviceGetCount", NULL, 1},
		{(void **)&c->deviceGet, "cuDeviceGet", NULL, 1},
		{(void **)&c->deviceGetName, "cuDeviceGetName", NULL, 1},
		{(void **)&c->deviceGetAttribute, "cuDeviceGetAttribute", NULL, 1},
		{(void **)&c->primaryCtxRetain, "cuDevicePrimaryCtxRetain", NULL, 1},
		{(void **)&c->primaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease", 1},
		{(void **)&c->ctxSetCurrent, "cuCtxSetCurrent", NULL, 1},
		{(void **)&c->ctxSynchronize, "cuCtxSynchronize", NULL, 1},
		{(void **)&c->moduleLoadDataEx, "cuModuleLoadDataEx", NULL, 1},
		{(void **)&c->moduleUnload, "cuModuleUnload", NULL, 1},
		{(void **)&c->moduleGetFunction, "cuModuleGetFunction", NULL, 1},
		{(void **)&c->funcGetAttribute, "cuFuncGetAttribute", NULL, 1},
		{(void **)&c->funcSetAttribute, "cuFuncSetAttribute", NULL, 1},
		{(void **)&c->memAlloc, "cuMemAlloc_v2", NULL, 1},
		{(void **)&c->memFree, "cuMemFree_v2", NULL, 1},
		{(void **)&c->memcpyHtoD, "cuMemcpyHtoD_v2", NULL, 1},
		{(void **)&c->memcpyDtoH, "cuMemcpyDtoH_v2", NULL, 1},
		{(void **)&c->launchKernel, "cuLaunchKernel", NULL, 1},
		{(void **)&c->launchKernelEx, "cuLaunchKernelEx", NULL, 0},
		{(void **)&c->eventCreate, "cuEventCreate", NULL, 1},
		{(void **)&c->eventRecord, "cuEventRecord", NULL, 1},
		{(void **)&c->eventSynchronize, "cuEventSynchronize", NULL, 1},
		{(void **)&c->eventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime", 1},
		{(void **)&c->eventDestroy, "cuEventDestroy_v2", "cuEventDestroy", 1},
		{(void **)&c->tensorMapEncodeTiled, "cuTensorMapEncodeTiled", NULL, 0},
		{(void **)&c->tensorMapEncodeIm2col, "cuTensorMapEncodeIm2col", NULL, 0},
	};
	for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++) {
		void *f = dlsym(h, syms[i].name);
		if (!f && syms[i].alt) f = dlsym(h, syms[i].alt);
		if (!f && syms[i].required) {
			snprintf(err, errlen, "%s has no symbol %s", path, syms[i].name);
			dlclose(h);
			free(c);
			return NULL;
		}
		*syms[i].slot = f;
	}
	return c;
}

static inline const char *smErrorName(smCU *c, CUresult r) {
	const char *s = NULL;
	if (c->getErrorName(r, &s) != 0 || !s) return "CUDA_ERROR_UNKNOWN_CODE";
	return s;
}
static inline const char *smErrorString(smCU *c, CUresult r) {
	const char *s = NULL;
	if (c->getErrorString(r, &s) != 0 || !s) return "unrecognized error code";
	return s;
}

static inline CUresult smInit(smCU *c) { return c->init(0); }
static inline CUresult smDriverVersion(smCU *c, int *v) { return c->driverGetVersion(v); }
static inline CUresult smDeviceCount(smCU *c, int *n) { return c->deviceGetCount(n); }
static inline CUresult smDeviceGet(smCU *c, CUdevice *d, int ord) { return c->deviceGet(d, ord); }
static inline CUresult smDeviceName(smCU *c, char *buf, int n, CUdevice d) { return c->deviceGetName(buf, n, d); }
static inline CUresult smDeviceAttr(smCU *c, int *v, int a, CUdevice d) { return c->deviceGetAttribute(v, a, d); }
static inline CUresult smCtxRetain(smCU *c, CUcontext *ctx, CUdevice d) { return c->primaryCtxRetain(ctx, d); }
static inline CUresult smCtxRelease(smCU *c, CUdevice d) { return c->primaryCtxRelease(d); }
static inline CUresult smCtxSetCurrent(smCU *c, CUcontext ctx) { return c->ctxSetCurrent(ctx); }
static inline CUresult smCtxSynchronize(smCU *c) { return c->ctxSynchronize(); }
static inline CUresult smModuleUnload(smCU *c, CUmodule m) { return c->moduleUnload(m); }
static inline CUresult smModuleFunction(smCU *c, CUfunction *f, CUmodule m, const char *n) { return c->moduleGetFunction(f, m, n); }
static inline CUresult smFuncGetAttr(smCU *c, int *v, int a, CUfunction f) { return c->funcGetAttribute(v, a, f); }
static inline CUresult smFuncSetAttr(smCU *c, CUfunction f, int a, int v) { return c->funcSetAttribute(f, a, v); }
static inline CUresult smMemAlloc(smCU *c, CUdeviceptr *p, size_t n) { return c->memAlloc(p, n); }
static inline CUresult smMemFree(smCU *c, CUdeviceptr p) { return c->memFree(p); }
static inline CUresult smHtoD(smCU *c, CUdeviceptr p, const void *src, size_t n) { return c->memcpyHtoD(p, src, n); }
static inline CUresult smDtoH(smCU *c, void *dst, CUdeviceptr p, size_t n) { return c->memcpyDtoH(dst, p, n); }
static inline CUresult smEventCreate(smCU *c, CUevent *e) { return c->eventCreate(e, 0); }
static inline CUresult smEventRecord(smCU *c, CUevent e) { return c->eventRecord(e, NULL); }
static inline CUresult smEventSync(smCU *c, CUevent e) { return c->eventSynchronize(e); }
static inline CUresult smEventElapsed(smCU *c, float *ms, CUevent a, CUevent b) { return c->eventElapsedTime(ms, a, b); }
static inline CUresult smEventDestroy(smCU *c, CUevent e) { return c->eventDestroy(e); }
static inline int smHasLaunchEx(smCU *c) { return c->launchKernelEx != NULL; }
static inline int smHasEncodeTiled(smCU *c) { return c->tensorMapEncodeTiled != NULL; }
static inline int smHasEncodeIm2col(smCU *c) { return c->tensorMapEncodeIm2col != NULL; }

// smEncodeTiled calls cuTensorMapEncodeTiled into a 64-byte aligned
// CUtensorMap (128 bytes) and copies it to out. strides has rank-1 entries
// (a rank-1 map passes a dummy). The enum arguments are CUtensorMapDataType,
// CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion and
// CUtensorMapFloatOOBfill values.
static inline CUresult smEncodeTiled(smCU *c, unsigned char *out, int dtype, unsigned int rank,
		CUdeviceptr addr, const uint64_t *dims, const uint64_t *strides, const uint32_t *box,
		const uint32_t *es, int interleave, int swizzle, int l2, int oob) {
	_Alignas(64) unsigned char tm[128];
	memset(tm, 0, sizeof tm);
	CUresult r = c->tensorMapEncodeTiled(tm, dtype, rank, (void *)(uintptr_t)addr, dims, strides,
		box, es, interleave, swizzle, l2, oob);
	memcpy(out, tm, sizeof tm);
	return r;
}

// smEncodeIm2col calls cuTensorMapEncodeIm2col like smEncodeTiled: lo and
// hi are the pixel box corners (rank-2 entries, W first), cpp and ppc the
// channels per pixel and pixels per column.
static inline CUresult smEncodeIm2col(smCU *c, unsigned char *out, int dtype, unsigned int rank,
		CUdeviceptr addr, const uint64_t *dims, const uint64_t *strides, const int *lo, const int *hi,
		unsigned int cpp, unsigned int ppc, const uint32_t *es, int interleave, int swizzle, int l2, int oob) {
	_Alignas(64) unsigned char tm[128];
	memset(tm, 0, sizeof tm);
	CUresult r = c->tensorMapEncodeIm2col(tm, dtype, rank, (void *)(uintptr_t)addr, dims, strides,
		lo, hi, cpp, ppc, es, interleave, swizzle, l2, oob);
	memcpy(out, tm, sizeof tm);
	return r;
}

// smModuleLoad JIT-compiles PTX with info and error log buffers of n bytes.
static inline CUresult smModuleLoad(smCU *c, CUmodule *m, const char *ptx, char *info, char *errlog, size_t n) {
	// CU_JIT_INFO_LOG_BUFFER, _SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER, _SIZE_BYTES, CU_JIT_LOG_VERBOSE
	int opts[5] = {3, 4, 5, 6, 12};
	void *vals[5] = {info, (void *)(uintptr_t)n, errlog, (void *)(uintptr_t)n, (void *)(uintptr_t)1};
	info[0] = 0;
	errlog[0] = 0;
	return c->moduleLoadDataEx(m, ptx, 5, opts, vals);
}

// smLaunch launches on the default stream through kernelParams: one
// pointer per .entry parameter, into the packed block at the parameter's
// offset (the block is copied into 128-byte aligned memory, so every
// parameter sits at its declared alignment). Without a cluster it calls
// cuLaunchKernel; with one, cuLaunchKernelEx with a cluster-dimension
// attribute. The packed block through CU_LAUNCH_PARAM_BUFFER_POINTER is not
// used: on Hopper a by-value CUtensorMap passed that way faults at the
// first TMA instruction (tools/record/ASYNC_FINDINGS.md).
static inline CUresult smLaunch(smCU *c, CUfunction f, const unsigned int *g, const unsigned int *b,
		unsigned int smem, int cluster, const unsigned int *cl,
		const void *params, size_t psize, int nparams, const size_t *offs) {
	void *blk = NULL;
	void **kp = NULL;
	if (nparams > 0) {
		blk = aligned_alloc(128, (psize + 127) / 128 * 128 + 128);
		kp = malloc(nparams * sizeof(void *));
		if (!blk || !kp) {
			free(blk);
			free(kp);
			return 2; // CUDA_ERROR_OUT_OF_MEMORY
		}
		if (psize) memcpy(blk, params, psize);
		for (int i = 0; i < nparams; i++) kp[i] = (char *)blk + offs[i];
	}
	CUresult r;
	if (!cluster) {
		r = c->launchKernel(f, g[0], g[1], g[2], b[0], b[1], b[2], smem, NULL, kp, NULL);
	} else {
		smAttr attr;
		memset(&attr, 0, sizeof attr);
		attr.id = 4; // CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
		attr.value.clusterDim.x = cl[0];
		attr.value.clusterDim.y = cl[1];
		attr.value.clusterDim.z = cl[2];
		smLaunchConfig cfg;
		memset(&cfg, 0, sizeof cfg);
		cfg.gridDimX = g[0]; cfg.gridDimY = g[1]; cfg.gridDimZ = g[2];
		cfg.blockDimX = b[0]; cfg.blockDimY = b[1]; cfg.blockDimZ = b[2];
		cfg.sharedMemBytes = smem;
		cfg.attrs = &attr;
		cfg.numAttrs = 1;
		r = c->launchKernelEx(&cfg, f, kp, NULL);
	}
	free(kp);
	free(blk);
	return r;
}

#endif
