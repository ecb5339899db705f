// shim.c: the launch-capture interposer of `sm90sim capture` (README "Run
// your own kernel"). Built by tools/capture/build.sh as a libcuda.so.1 that
// sits first on LD_LIBRARY_PATH and names the real driver (by absolute path)
// as its one DT_NEEDED library: every driver symbol it does not define
// resolves to the real driver, also through dlopen("libcuda.so.1")+dlsym, and
// the entry points below (plus what cuGetProcAddress hands out for them) are
// ours. It writes what `sm90sim capture` turns into a corpus directory, under
// $SM90SIM_CAPTURE_DIR:
//   seen.txt             one line per kernel name launched (first launch)
//   log.txt              notes: launches not capturable, every encoded tensor
//                        map, cuGetProcAddress requests for the names we serve
//   images.txt, img<N>.bin   each loaded module image: "N kind bytes"
//   launch.txt, params.bin, buf<K>.before/.after   the selected launch (the
//                        maps found in its parameters are lines of launch.txt)
// Selection: SM90SIM_CAPTURE_KERNEL (POSIX extended regex on the mangled or
// demangled name; empty: every kernel), SM90SIM_CAPTURE_LAUNCH (the Nth
// matching launch, from 1), SM90SIM_CAPTURE_MAX_BYTES (buffers in all).
// No Go runtime and no CUDA headers: the types are declared as cuda.h does.
#include "shim.h"

// Each entry point calls the driver's function for it: the pointer
// cuGetProcAddress returned for that name (slot_*), else the real driver's
// exported symbol; nested calls (a driver calling its own exported entry
// points through the PLT) go straight to the exported symbol.
static void *direct(const char *rn) { return real_sym(rn); }
#define RSLOT(name, rn) (depth > 1 ? (void *)direct(rn) : slot_##name ? (void *)slot_##name : (void *)(slot_##name = (void *)real_sym(rn)))
#define ENTER depth++
#define LEAVE depth--
#define SLOT(name) static name##_t slot_##name, slot_##name##_ptsz;

typedef CUresult (*cuLaunchKernel_t)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
				     CUstream, void **, void **);
typedef CUresult (*cuLaunchKernelEx_t)(const LaunchConfig *, CUfunction, void **, void **);
SLOT(cuLaunchKernel)
SLOT(cuLaunchKernelEx)

static CUresult launch_kernel(cuLaunchKernel_t fn, const char *via, CUfunction f, unsigned gx, unsigned gy, unsigned gz,
			      unsigned bx, unsigned by, unsigned bz, unsigned sh, CUstream st, void **p, void **e) {
	if (!fn) return 999; // CUDA_ERROR_UNKNOWN
	Capture c = {0};
	unsigned g[3] = {gx, gy, gz}, b[3] = {bx, by, bz}, cl[3] = {1, 1, 1};
	if (depth == 1) begin(&c, f, g, b, cl, sh, st, p, e, via);
	CUresult r = fn(f, gx, gy, gz, bx, by, bz, sh, st, p, e);
	end(&c, r);
	return r;
}

static CUresult launch_ex(cuLaunchKernelEx_t fn, const char *via, const LaunchConfig *cfg, CUfunction f, void **p, void **e) {
	if (!fn) return 999;
	Capture c = {0};
	unsigned g[3] = {cfg->gx, cfg->gy, cfg->gz}, b[3] = {cfg->bx, cfg->by, cfg->bz}, cl[3] = {1, 1, 1};
	for (unsigned i = 0; i < cfg->nattrs; i++)
		if (cfg->attrs[i].id == ATTR_CLUSTER_DIMENSION) {
			cl[0] = cfg->attrs[i].value.cluster.x, cl[1] = cfg->attrs[i].value.cluster.y, cl[2] = cfg->attrs[i].value.cluster.z;
			if (!cl[0]) cl[0] = 1;
			if (!cl[1]) cl[1] = 1;
			if (!cl[2]) cl[2] = 1;
		}
	if (depth == 1) begin(&c, f, g, b, cl, cfg->shared, cfg->stream, p, e, via);
	CUresult r = fn(cfg, f, p, e);
	end(&c, r);
	return r;
}



CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
			unsigned sh, CUstream st, void **p, void **e) {
	ENTER;
	CUresult r_ = launch_kernel(RSLOT(cuLaunchKernel, "cuLaunchKernel"), "cuLaunchKernel", f, gx, gy, gz, bx, by, bz, sh, st, p, e);
	LEAVE;
	return r_;
}
CUresult cuLaunchKernel_ptsz(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
			     unsigned sh, CUstream st, void **p, void **e) {
	ENTER;
	CUresult r_ = launch_kernel(RSLOT(cuLaunchKernel_ptsz, "cuLaunchKernel_ptsz"), "cuLaunchKernel", f, gx, gy, gz, bx, by, bz, sh, st, p, e);
	LEAVE;
	return r_;
}
CUresult cuLaunchKernelEx(const LaunchConfig *cfg, CUfunction f, void **p, void **e) {
	ENTER;
	CUresult r_ = launch_ex(RSLOT(cuLaunchKernelEx, "cuLaunchKernelEx"), "cuLaunchKernelEx", cfg, f, p, e);
	LEAVE;
	return r_;
}
CUresult cuLaunchKernelEx_ptsz(const LaunchConfig *cfg, CUfunction f, void **p, void **e) {
	ENTER;
	CUresult r_ = launch_ex(RSLOT(cuLaunchKernelEx_ptsz, "cuLaunchKernelEx_ptsz"), "cuLaunchKernelEx", cfg, f, p, e);
	LEAVE;
	return r_;
}

// modules and libraries
typedef CUresult (*cuModuleLoadData_t)(CUmodule *, const void *);
typedef CUresult (*cuModuleLoadDataEx_t)(CUmodule *, const void *, unsigned, void *, void **);
typedef CUresult (*cuModuleLoadFatBinary_t)(CUmodule *, const void *);
typedef CUresult (*cuLibraryLoadData_t)(CUlibrary *, const void *, void *, void **, unsigned, void *, void **, unsigned);
typedef CUresult (*cuModuleGetFunction_t)(CUfunction *, CUmodule, const char *);
typedef CUresult (*cuLibraryGetKernel_t)(CUkernel *, CUlibrary, const char *);
typedef CUresult (*cuKernelGetFunction_t)(CUfunction *, CUkernel);
static cuModuleLoadData_t slot_cuModuleLoadData;
static cuModuleLoadDataEx_t slot_cuModuleLoadDataEx;
static cuModuleLoadFatBinary_t slot_cuModuleLoadFatBinary;
static cuLibraryLoadData_t slot_cuLibraryLoadData;
static cuModuleGetFunction_t slot_cuModuleGetFunction;
static cuLibraryGetKernel_t slot_cuLibraryGetKernel;
static cuKernelGetFunction_t slot_cuKernelGetFunction;

CUresult cuModuleLoadData(CUmodule *m, const void *img) {
	ENTER;
	void *fp_;
	CUresult r = (fp_ = RSLOT(cuModuleLoadData, "cuModuleLoadData")) ? ((cuModuleLoadData_t)fp_)(m, img) : 999;
	cap_loaded(*m, img, r);
	LEAVE;
	return r;
}
CUresult cuModuleLoadDataEx(CUmodule *m, const void *img, unsigned n, void *o, void **v) {
	ENTER;
	void *fp_;
	CUresult r = (fp_ = RSLOT(cuModuleLoadDataEx, "cuModuleLoadDataEx")) ? ((cuModuleLoadDataEx_t)fp_)(m, img, n, o, v) : 999;
	cap_loaded(*m, img, r);
	LEAVE;
	return r;
}
CUresult cuModuleLoadFatBinary(CUmodule *m, const void *img) {
	ENTER;
	void *fp_;
	CUresult r = (fp_ = RSLOT(cuModuleLoadFatBinary, "cuModuleLoadFatBinary")) ? ((cuModuleLoadFatBinary_t)fp_)(m, img) : 999;
	cap_loaded(*m, img, r);
	LEAVE;
	return r;
}
CUresult cuLibraryLoadData(CUlibrary *l, const void *img, void *jo, void **jv, unsigned nj, void *lo, void **lv, unsigned nl) {
	ENTER;
	void *fp_;
	CUresult r = (fp_ = RSLOT(cuLibraryLoadData, "cuLibraryLoadData")) ? ((cuLibraryLoadData_t)fp_)(l, img, jo, jv, nj, lo, lv, nl) : 999;
	cap_loaded(*l, img, r);
	LEAVE;
	return r;
}
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
	ENTER;
	void *fp_;
	CUresult r = (fp_ = RSLOT(cuModuleGetFunction, "cuModuleGetFunction")) ? ((cuModuleGetFunction_t)fp_)(f, m, name) : 999;
	cap_got(*f, m, name, r);
	LEAVE;
	return r;
}
CUresult cuLibraryGetKernel(CUkernel *k, CUlibrary l, const char *name) {
	ENTER;
	void *fp_;
	CUresult r = (fp_ = RSLOT(cuLibraryGetKernel, "cuLibraryGetKernel")) ? ((cuLibraryGetKernel_t)fp_)(k, l, name) : 999;
	cap_got(*k, l, name, r);
	LEAVE;
	return r;
}
CUresult cuKernelGetFunction(CUfunction *f, CUkernel k) {
	ENTER;
	void *fp_;
	CUresult r = (fp_ = RSLOT(cuKernelGetFunction, "cuKernelGetFunction")) ? ((cuKernelGetFunction_t)fp_)(f, k) : 999;
	cap_got(*f, k, NULL, r);
	LEAVE;
	return r;
}

// tensor maps
typedef CUresult (*cuTensorMapEncodeTiled_t)(void *, int, cuuint32_t, void *, const cuuint64_t *, const cuuint64_t *,
					     const cuuint32_t *, const cuuint32_t *, int, int, int, int);
typedef CUresult (*cuTensorMapEncodeIm2col_t)(void *, int, cuuint32_t, void *, const cuuint64_t *, const cuuint64_t *,
					      const int *, const int *, cuuint32_t, cuuint32_t, const cuuint32_t *, int, int, int, int);
static cuTensorMapEncodeTiled_t slot_cuTensorMapEncodeTiled;
static cuTensorMapEncodeIm2col_t slot_cuTensorMapEncodeIm2col;

static void fill_common(TMap *t, int dt, cuuint32_t rank, void *addr, const cuuint64_t *dims, const cuuint64_t *str,
			const cuuint32_t *estr, int il, int sw, int l2, int oob) {
	memset(t, 0, sizeof *t);
	t->dtype = dt, t->rank = rank > 5 ? 5 : (int)rank, t->addr = (uint64_t)(uintptr_t)addr;
	for (int i = 0; i < t->rank; i++) t->dims[i] = dims[i], t->estr[i] = estr[i];
	for (int i = 0; i + 1 < t->rank; i++) t->strides[i] = str[i];
	t->interleave = il, t->swizzle = sw, t->l2 = l2, t->oob = oob;
}

CUresult cuTensorMapEncodeTiled(void *map, int dt, cuuint32_t rank, void *addr, const cuuint64_t *dims,
				const cuuint64_t *str, const cuuint32_t *box, const cuuint32_t *estr, int il, int sw, int l2, int oob) {
	ENTER;
	void *fp_;
	CUresult r = (fp_ = RSLOT(cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled"))
			 ? ((cuTensorMapEncodeTiled_t)fp_)(map, dt, rank, addr, dims, str, box, estr, il, sw, l2, oob) : 999;
	if (r == 0 && dir[0] && depth == 1) {
		TMap t;
		fill_common(&t, dt, rank, addr, dims, str, estr, il, sw, l2, oob);
		for (int i = 0; i < t.rank; i++) t.box[i] = box[i];
		memcpy(t.enc, map, 128);
		save_tmap(&t);
	}
	LEAVE;
	return r;
}

CUresult cuTensorMapEncodeIm2col(void *map, int dt, cuuint32_t rank, void *addr, const cuuint64_t *dims,
				 const cuuint64_t *str, const int *lo, const int *up, cuuint32_t cpp, cuuint32_t ppc,
				 const cuuint32_t *estr, int il, int sw, int l2, int oob) {
	ENTER;
	void *fp_;
	CUresult r = (fp_ = RSLOT(cuTensorMapEncodeIm2col, "cuTensorMapEncodeIm2col"))
			 ? ((cuTensorMapEncodeIm2col_t)fp_)(map, dt, rank, addr, dims, str, lo, up, cpp, ppc, estr, il, sw, l2, oob) : 999;
	if (r == 0 && dir[0] && depth == 1) {
		TMap t;
		fill_common(&t, dt, rank, addr, dims, str, estr, il, sw, l2, oob);
		t.im2col = 1, t.cpp = cpp, t.ppc = ppc;
		for (int i = 0; i + 2 < t.rank; i++) t.lower[i] = lo[i], t.upper[i] = up[i];
		memcpy(t.enc, map, 128);
		save_tmap(&t);
	}
	LEAVE;
	return r;
}

// cuGetProcAddress: hand out our entry point for the names above, calling
// whatever the driver returned for that name, version and flags.
typedef CUresult (*cuGetProcAddress_t)(const char *, void **, int, cuuint64_t);
typedef CUresult (*cuGetProcAddress_v2_t)(const char *, void **, int, cuuint64_t, int *);
static cuGetProcAddress_t slot_cuGetProcAddress;
static cuGetProcAddress_v2_t slot_cuGetProcAddress_v2;
CUresult cuGetProcAddress(const char *s, void **pfn, int ver, cuuint64_t flags);
CUresult cuGetProcAddress_v2(const char *s, void **pfn, int ver, cuuint64_t flags, int *status);

static void redirect(const char *s, void **pfn, int ver, cuuint64_t flags) {
	if (!pfn || !*pfn) return;
	if (strstr(s, "TensorMap") || strstr(s, "Launch") || strstr(s, "ModuleLoad") || strstr(s, "LibraryLoad"))
		note("cuGetProcAddress(%s, version %d, flags %llu)", s, ver, (unsigned long long)flags);
	int pt = (flags & GPA_PER_THREAD) != 0;
#define R(name, w, wpt)                                            \
	if (!strcmp(s, name)) {                                        \
		if (pt) slot_##wpt = *pfn; else slot_##w = *pfn;           \
		*pfn = pt ? (void *)wpt : (void *)w;                       \
		return;                                                    \
	}
	R("cuLaunchKernel", cuLaunchKernel, cuLaunchKernel_ptsz)
	R("cuLaunchKernelEx", cuLaunchKernelEx, cuLaunchKernelEx_ptsz)
#undef R
#define R1(name)                                 \
	if (!strcmp(s, #name)) {                     \
		slot_##name = *pfn;                      \
		*pfn = (void *)name;                     \
		return;                                  \
	}
	R1(cuModuleLoadData) R1(cuModuleLoadDataEx) R1(cuModuleLoadFatBinary) R1(cuLibraryLoadData)
	R1(cuModuleGetFunction) R1(cuLibraryGetKernel) R1(cuKernelGetFunction)
	R1(cuTensorMapEncodeTiled) R1(cuTensorMapEncodeIm2col)
#undef R1
	if (!strcmp(s, "cuGetProcAddress")) {
		if (ver >= 12000) slot_cuGetProcAddress_v2 = *pfn, *pfn = (void *)cuGetProcAddress_v2;
		else slot_cuGetProcAddress = *pfn, *pfn = (void *)cuGetProcAddress;
	}
}

CUresult cuGetProcAddress(const char *s, void **pfn, int ver, cuuint64_t flags) {
	ENTER;
	void *fp_;
	CUresult r = (fp_ = RSLOT(cuGetProcAddress, "cuGetProcAddress")) ? ((cuGetProcAddress_t)fp_)(s, pfn, ver, flags) : 999;
	if (r == 0) redirect(s, pfn, ver, flags);
	LEAVE;
	return r;
}
CUresult cuGetProcAddress_v2(const char *s, void **pfn, int ver, cuuint64_t flags, int *status) {
	ENTER;
	void *fp_;
	CUresult r = (fp_ = RSLOT(cuGetProcAddress_v2, "cuGetProcAddress_v2")) ? ((cuGetProcAddress_v2_t)fp_)(s, pfn, ver, flags, status) : 999;
	if (r == 0) redirect(s, pfn, ver, flags);
	LEAVE;
	return r;
}
