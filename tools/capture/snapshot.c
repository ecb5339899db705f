// snapshot.c: the interposer's state (see shim.c): which launch to take,
// the function/module handles and the images they came from, the tensor
// maps encoded so far, and the snapshot of the selected launch (parameter
// block, reachable buffers before and after).
#include "shim.h"

#pragma GCC visibility push(hidden)

// depth: our entry points active on this thread. A driver that calls its
// own exported entry points through the PLT reaches us again; such nested
// calls go straight to the driver's exported symbol and record nothing.
__thread int depth;

static pthread_mutex_t mu = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static void *real;
char dir[4096];
static FILE *logf;

void *real_sym(const char *name) {
	if (!real) {
		real = dlopen(SM90SIM_REAL_LIBCUDA, RTLD_LAZY | RTLD_NOLOAD);
		if (!real) real = dlopen(SM90SIM_REAL_LIBCUDA, RTLD_LAZY);
	}
	return real ? dlsym(real, name) : NULL;
}

void note(const char *fmt, ...) {
	if (!logf) return;
	va_list ap;
	va_start(ap, fmt);
	vfprintf(logf, fmt, ap);
	va_end(ap);
	fputc('\n', logf);
	fflush(logf);
}

static FILE *open_in_dir(const char *name, const char *mode) {
	char p[4352];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	return fopen(p, mode);
}

static void write_file(const char *name, const void *b, size_t n) {
	FILE *f = open_in_dir(name, "wb");
	if (!f) { note("cannot write %s", name); return; }
	if (n) fwrite(b, 1, n, f);
	fclose(f);
}

// ---- selection ----
static regex_t kre;
static int have_re, want_launch = 1, matched, captured;
static unsigned long long max_bytes = 16ull << 20;
static char *(*demangle)(const char *, char *, size_t *, int *);

__attribute__((constructor)) static void init(void) {
	const char *d = getenv("SM90SIM_CAPTURE_DIR");
	if (!d || !*d) return;
	snprintf(dir, sizeof dir, "%s", d);
	logf = open_in_dir("log.txt", "a");
	const char *k = getenv("SM90SIM_CAPTURE_KERNEL");
	if (k && *k) {
		if (regcomp(&kre, k, REG_EXTENDED | REG_NOSUB) == 0) have_re = 1;
		else note("bad SM90SIM_CAPTURE_KERNEL regex %s", k);
	}
	const char *n = getenv("SM90SIM_CAPTURE_LAUNCH");
	if (n && atoi(n) > 0) want_launch = atoi(n);
	const char *m = getenv("SM90SIM_CAPTURE_MAX_BYTES");
	if (m && *m) max_bytes = strtoull(m, NULL, 10);
}

// ---- handles: functions/kernels -> name and image; modules/libraries -> image ----
#define MAXH 65536
typedef struct { void *h; int image; char *name; } Handle;
static Handle funcs[MAXH], mods[MAXH];
static int nfuncs, nmods, nimages;

static Handle *find(Handle *t, int n, void *h) {
	for (int i = n - 1; i >= 0; i--)
		if (t[i].h == h) return &t[i];
	return NULL;
}
static void add(Handle *t, int *n, void *h, int image, const char *name) {
	if (*n >= MAXH) return;
	t[*n].h = h, t[*n].image = image, t[*n].name = name ? strdup(name) : NULL;
	(*n)++;
}

// image_size: a cubin (ELF), a fatbin, a fatbin wrapper or PTX text.
static const void *image_bytes(const void *img, size_t *n, const char **kind) {
	const unsigned char *b = img;
	uint32_t magic;
	memcpy(&magic, b, 4);
	if (magic == 0x466243b1u) { // __fatBinC_Wrapper_t {magic, version, data, ...}
		const void *data;
		memcpy(&data, b + 8, sizeof data);
		return image_bytes(data, n, kind);
	}
	if (magic == 0xBA55ED50u) { // fatbin header {magic, u16 version, u16 header size, u64 size}
		uint16_t hs;
		uint64_t fs;
		memcpy(&hs, b + 6, 2);
		memcpy(&fs, b + 8, 8);
		*n = hs + fs, *kind = "fatbin";
		return b;
	}
	if (b[0] == 0x7f && b[1] == 'E' && b[2] == 'L' && b[3] == 'F') {
		// the end of the last of: section header table, program header
		// table, any section's bytes
		uint64_t shoff, phoff, end;
		uint16_t shentsize, shnum, phentsize, phnum;
		memcpy(&phoff, b + 0x20, 8);
		memcpy(&shoff, b + 0x28, 8);
		memcpy(&phentsize, b + 0x36, 2);
		memcpy(&phnum, b + 0x38, 2);
		memcpy(&shentsize, b + 0x3a, 2);
		memcpy(&shnum, b + 0x3c, 2);
		end = shoff + (uint64_t)shentsize * shnum;
		if (phoff + (uint64_t)phentsize * phnum > end) end = phoff + (uint64_t)phentsize * phnum;
		for (unsigned i = 0; i < shnum; i++) {
			const unsigned char *sh = b + shoff + (uint64_t)i * shentsize;
			uint32_t type;
			uint64_t off, size;
			memcpy(&type, sh + 4, 4);
			memcpy(&off, sh + 0x18, 8);
			memcpy(&size, sh + 0x20, 8);
			if (type != 8 && off + size > end) end = off + size; // not SHT_NOBITS
		}
		*n = end, *kind = "cubin";
		return b;
	}
	*n = strlen((const char *)b) + 1, *kind = "ptx";
	return b;
}

static int save_image(const void *img) {
	if (!dir[0] || !img) return -1;
	pthread_mutex_lock(&mu);
	size_t n = 0;
	const char *kind = "?";
	const void *b = image_bytes(img, &n, &kind);
	int id = nimages++;
	char name[64];
	snprintf(name, sizeof name, "img%d.bin", id);
	write_file(name, b, n);
	FILE *f = open_in_dir("images.txt", "a");
	if (f) { fprintf(f, "%d %s %zu\n", id, kind, n); fclose(f); }
	pthread_mutex_unlock(&mu);
	return id;
}

// ---- tensor maps encoded so far ----
static TMap tmaps[MAXT];
static int ntmaps;

static void hex128(char *out, const unsigned char *b) {
	for (int i = 0; i < 128; i++) sprintf(out + 2 * i, "%02x", b[i]);
}

void save_tmap(const TMap *t) {
	pthread_mutex_lock(&mu);
	char h[257];
	hex128(h, t->enc);
	note("encoded %s map %d: rank %d dtype %d address %#llx -> %s", t->im2col ? "im2col" : "tiled", ntmaps, t->rank, t->dtype,
	     (unsigned long long)t->addr, h);
	tmaps[ntmaps % MAXT] = *t;
	ntmaps++;
	pthread_mutex_unlock(&mu);
}

// ---- real entry points ----
#define REAL(ret, name, args) \
	typedef ret(*name##_t) args; \
	static name##_t real_##name;
REAL(CUresult, cuCtxSynchronize, (void))
REAL(CUresult, cuMemGetAddressRange_v2, (CUdeviceptr *, size_t *, CUdeviceptr))
REAL(CUresult, cuMemcpyDtoH_v2, (void *, CUdeviceptr, size_t))
REAL(CUresult, cuFuncGetParamInfo, (CUfunction, size_t, size_t *, size_t *))
REAL(CUresult, cuKernelGetParamInfo, (CUkernel, size_t, size_t *, size_t *))
REAL(CUresult, cuFuncGetAttribute, (int *, int, CUfunction))
REAL(CUresult, cuFuncGetName, (const char **, CUfunction))
REAL(CUresult, cuStreamIsCapturing, (CUstream, int *))
REAL(CUresult, cuFuncGetModule, (CUmodule *, CUfunction))
#define LOAD(name) (real_##name ? real_##name : (real_##name = (name##_t)real_sym(#name)))

// ---- the launch ----
static const char *kernel_name(CUfunction f, int *image) {
	Handle *h = find(funcs, nfuncs, f);
	*image = -1;
	if (h) {
		*image = h->image;
		if (h->name) return h->name;
	}
	CUmodule m;
	if (*image < 0 && LOAD(cuFuncGetModule) && real_cuFuncGetModule(&m, f) == 0) {
		Handle *mh = find(mods, nmods, m);
		if (mh) *image = mh->image;
	}
	const char *name = NULL;
	if (LOAD(cuFuncGetName) && real_cuFuncGetName(&name, f) == 0 && name) return name;
	return "?";
}

static int name_matches(const char *name) {
	if (!have_re) return 1;
	if (regexec(&kre, name, 0, NULL, 0) == 0) return 1;
	if (!demangle) demangle = (char *(*)(const char *, char *, size_t *, int *))dlsym(RTLD_DEFAULT, "__cxa_demangle");
	if (demangle) {
		int st = 0;
		char *d = demangle(name, NULL, NULL, &st);
		if (d) {
			int ok = regexec(&kre, d, 0, NULL, 0) == 0;
			free(d);
			return ok;
		}
	}
	return 0;
}

#define MAXSEEN 4096
static char *seen[MAXSEEN];
static int nseen;
static void mark_seen(const char *name) {
	for (int i = 0; i < nseen; i++)
		if (!strcmp(seen[i], name)) return;
	if (nseen >= MAXSEEN) return;
	seen[nseen++] = strdup(name);
	FILE *f = open_in_dir("seen.txt", "a");
	if (f) { fprintf(f, "%s\n", name); fclose(f); }
}

static void add_buf(Capture *c, CUdeviceptr v) {
	if (v < 4096 || !LOAD(cuMemGetAddressRange_v2)) return;
	CUdeviceptr base;
	size_t size;
	if (real_cuMemGetAddressRange_v2(&base, &size, v) != 0) return;
	for (int i = 0; i < c->nbufs; i++)
		if (c->bufs[i].base == base) return;
	if (c->nbufs < 256) c->bufs[c->nbufs++] = (Buf){base, size, NULL};
}

// same_map: the parameter's 128 bytes equal an encoded map, or equal it
// but for bit 21 of the second 64-bit word, which CuTe clears after
// encoding small tensors on drivers up to 13010 (copy_traits_sm90_tma.hpp).
static int same_map(const unsigned char *p, const unsigned char *enc, int *cleared) {
	if (!memcmp(p, enc, 128)) return 1;
	unsigned char e[128];
	memcpy(e, enc, 128);
	e[10] &= (unsigned char)~0x20;
	*cleared = !memcmp(p, e, 128);
	return *cleared;
}

static void fprint_u64s(FILE *f, const uint64_t *v, int n) {
	for (int i = 0; i < n; i++) fprintf(f, " %llu", (unsigned long long)v[i]);
}
static void fprint_u32s(FILE *f, const uint32_t *v, int n) {
	for (int i = 0; i < n; i++) fprintf(f, " %u", v[i]);
}

// begin: decide, snapshot the parameter block and the reachable buffers.
void begin(Capture *c, CUfunction f, const unsigned g[3], const unsigned b[3], const unsigned cl[3],
		  unsigned shared, CUstream stream, void **params, void **extra, const char *via) {
	c->active = 0, c->nbufs = 0;
	if (!dir[0]) return;
	pthread_mutex_lock(&mu);
	int image;
	const char *name = kernel_name(f, &image);
	mark_seen(name);
	int cap = 0;
	if (LOAD(cuStreamIsCapturing) && real_cuStreamIsCapturing(stream, &cap) == 0 && cap) {
		note("launch of %s while stream %p is being captured into a CUDA graph: not capturable (graph replays are not seen)", name, stream);
		pthread_mutex_unlock(&mu);
		return;
	}
	if (captured || !name_matches(name) || ++matched != want_launch) {
		pthread_mutex_unlock(&mu);
		return;
	}
	captured = 1;
	// the parameter layout
	size_t off[1024], sz[1024], np = 0, total = 0;
	if (LOAD(cuFuncGetParamInfo))
		while (np < 1024 && real_cuFuncGetParamInfo(f, np, &off[np], &sz[np]) == 0) np++;
	if (np == 0 && LOAD(cuKernelGetParamInfo))
		while (np < 1024 && real_cuKernelGetParamInfo((CUkernel)f, np, &off[np], &sz[np]) == 0) np++;
	for (size_t i = 0; i < np; i++)
		if (off[i] + sz[i] > total) total = off[i] + sz[i];
	unsigned char *blk = calloc(total + 8, 1);
	if (params) {
		for (size_t i = 0; i < np; i++) memcpy(blk + off[i], params[i], sz[i]);
	} else if (extra) {
		void *p = NULL;
		size_t n = 0;
		for (int i = 0; extra[i] != (void *)0; i += 2) {
			if (extra[i] == (void *)1) p = extra[i + 1];
			if (extra[i] == (void *)2) n = *(size_t *)extra[i + 1];
		}
		if (p) memcpy(blk, p, n < total ? n : total);
	}
	FILE *lf = open_in_dir("launch.txt", "w");
	fprintf(lf, "name %s\nimage %d\nvia %s\nlaunch %d\n", name, image, via, want_launch);
	fprintf(lf, "grid %u %u %u\nblock %u %u %u\ncluster %u %u %u\nshared %u\n", g[0], g[1], g[2], b[0], b[1], b[2],
		cl[0], cl[1], cl[2], shared);
	int regs = -1;
	if (LOAD(cuFuncGetAttribute)) real_cuFuncGetAttribute(&regs, FUNC_ATTR_NUM_REGS, f);
	fprintf(lf, "regs %d\nparams_passed %s\n", regs, params ? "kernelParams" : extra ? "extra" : "none");
	for (size_t i = 0; i < np; i++) fprintf(lf, "param %zu %zu %zu\n", i, off[i], sz[i]);
	write_file("params.bin", blk, total);
	// buffers: 8-byte words of the block inside an allocation, and the
	// global addresses of the tensor maps the block holds
	for (size_t o = 0; o + 8 <= total; o += 8) {
		uint64_t v;
		memcpy(&v, blk + o, 8);
		add_buf(c, v);
	}
	int nt = ntmaps < MAXT ? ntmaps : MAXT;
	// maps sit at 64-byte aligned offsets of a parameter (the driver's
	// offsets need not be multiples of 64: Triton's first param is at 48)
	for (size_t pi = 0; pi < np; pi++)
		for (size_t o = off[pi]; o + 128 <= off[pi] + sz[pi]; o += 64)
		for (int i = nt - 1; i >= 0; i--) {
			TMap *t = &tmaps[i];
			int cleared = 0;
			if (!same_map(blk + o, t->enc, &cleared)) continue;
			fprintf(lf, "tmap %zu %s %d %d %d %d %d %d %llu", o, t->im2col ? "im2col" : "tiled", t->dtype, t->rank,
				t->interleave, t->swizzle, t->l2, t->oob, (unsigned long long)t->addr);
			fprintf(lf, " dims"), fprint_u64s(lf, t->dims, t->rank);
			fprintf(lf, " strides"), fprint_u64s(lf, t->strides, t->rank - 1);
			fprintf(lf, " box"), fprint_u32s(lf, t->box, t->im2col ? 0 : t->rank);
			fprintf(lf, " estr"), fprint_u32s(lf, t->estr, t->rank);
			if (t->im2col) {
				fprintf(lf, " lower");
				for (int k = 0; k < t->rank - 2; k++) fprintf(lf, " %d", t->lower[k]);
				fprintf(lf, " upper");
				for (int k = 0; k < t->rank - 2; k++) fprintf(lf, " %d", t->upper[k]);
				fprintf(lf, " cpp %u ppc %u", t->cpp, t->ppc);
			}
			fprintf(lf, "%s\n", cleared ? " cleared_bit21" : "");
			add_buf(c, t->addr);
			break;
		}
	for (size_t pi = 0; pi < np; pi++)
	for (size_t o = off[pi]; o + 128 <= off[pi] + sz[pi]; o += 64) {
		uint64_t v;
		memcpy(&v, blk + o, 8);
		CUdeviceptr base;
		size_t size;
		if (v >= 4096 && LOAD(cuMemGetAddressRange_v2) && real_cuMemGetAddressRange_v2(&base, &size, v) == 0) {
			char h[257];
			hex128(h, blk + o);
			note("param bytes at %zu start with a device address (%d maps encoded so far): %s", o, ntmaps, h);
		}
	}
	free(blk);
	unsigned long long all = 0;
	for (int i = 0; i < c->nbufs; i++) all += c->bufs[i].size;
	if (all > max_bytes) {
		fprintf(lf, "error %d buffers of %llu bytes in all, more than --max-bytes %llu\n", c->nbufs, all, max_bytes);
		fclose(lf);
		pthread_mutex_unlock(&mu);
		return;
	}
	LOAD(cuCtxSynchronize), LOAD(cuMemcpyDtoH_v2);
	if (real_cuCtxSynchronize) real_cuCtxSynchronize();
	for (int i = 0; i < c->nbufs; i++) {
		Buf *bf = &c->bufs[i];
		bf->before = malloc(bf->size ? bf->size : 1);
		CUresult r = real_cuMemcpyDtoH_v2(bf->before, bf->base, bf->size);
		fprintf(lf, "buf %d %llu %zu %d\n", i, (unsigned long long)bf->base, bf->size, r);
		char fn[64];
		snprintf(fn, sizeof fn, "buf%d.before", i);
		write_file(fn, bf->before, bf->size);
	}
	fclose(lf);
	c->active = 1;
	pthread_mutex_unlock(&mu);
}

void end(Capture *c, CUresult launched) {
	if (!c->active) return;
	pthread_mutex_lock(&mu);
	CUresult s = real_cuCtxSynchronize ? real_cuCtxSynchronize() : 0;
	FILE *lf = open_in_dir("launch.txt", "a");
	fprintf(lf, "result %d %d\n", launched, s);
	for (int i = 0; i < c->nbufs; i++) {
		Buf *bf = &c->bufs[i];
		unsigned char *after = malloc(bf->size ? bf->size : 1);
		CUresult r = real_cuMemcpyDtoH_v2(after, bf->base, bf->size);
		char fn[64];
		snprintf(fn, sizeof fn, "buf%d.after", i);
		write_file(fn, after, bf->size);
		fprintf(lf, "after %d %d\n", i, r);
		free(after), free(bf->before);
	}
	fprintf(lf, "done\n");
	fclose(lf);
	pthread_mutex_unlock(&mu);
}

void cap_loaded(void *h, const void *img, CUresult r) {
	if (r != 0 || !dir[0] || depth > 1) return;
	int id = save_image(img);
	pthread_mutex_lock(&mu);
	add(mods, &nmods, h, id, NULL);
	pthread_mutex_unlock(&mu);
}
void cap_got(void *h, void *parent, const char *name, CUresult r) {
	if (r != 0 || !dir[0] || depth > 1) return;
	pthread_mutex_lock(&mu);
	Handle *m = find(mods, nmods, parent);
	if (!m) m = find(funcs, nfuncs, parent); // a kernel's function
	add(funcs, &nfuncs, h, m ? m->image : -1, name ? name : m ? m->name : NULL);
	pthread_mutex_unlock(&mu);
}


#pragma GCC visibility pop
