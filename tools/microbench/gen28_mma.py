"""Session 28 (helper mma, issue 14 item 3c): mma.sync latency and issue interval per shape and dtype.

Family "mma28": one CTA on one SM, warp-level `mma.sync.aligned` of the shapes and types nvcc and CUTLASS emit on
sm_90 (the FORMS table below: m16n8k16 f16 -> f32 and f16 -> f16, bf16 m16n8k16, tf32 m16n8k8, s8 m16n8k32 -> s32,
e4m3 m16n8k32 -> f32, f16 m16n8k8 -> f32, f64 m8n8k4 DMMA). One kernel.cu per form, three entries:

  mma28_chain  (directory mma28_<form>_lat, one warp): a dependent chain, each mma's accumulator is the next one's
               C (D = A*B + D), UNROLL 32 a loop iteration, ITERS 32 iterations (1024 mma a rep);
               latency_cycles = clk[1] / 1024.
  mma28_stream (mma28_<form>_w<W>, W = 1, 2, 4, 8, 16 warps): every warp runs NACC 8 independent accumulators
               (8 chains interleaved), 4 rounds a loop iteration (32 mma), ITERS 32 (1024 mma a warp a rep); warp w
               sits on sub-partition w % 4; issue_interval_cycles = max over warps of clk[2w+1] / (1024 *
               ceil(W / 4)): the cycles one sub-partition spends per mma when every sub-partition holds ceil(W/4)
               such warps (W = 1, 2: one warp alone on its sub-partition).
  mma28_fmix   (mma28_f16f32_fmix_w4, mma28_f64_dmix_w4; 4 warps, one a sub-partition): the stream of 8 accumulators
               with FMIX independent FP ops after each mma (8 FFMA after an HMMA, 4 DFMA after a DMMA, on 16
               separate chains): does mma.sync share its pipe with the FP32 / FP64 units? issue_interval_cycles as
               above (per mma, the FP ops included); compare with mma28_<form>_w4.

Operands: A and B fragments from a hash of (seed, lane, register), chosen in ranges that keep the 2 x 1024
accumulations finite (f16: +-[2^-7, 2^-6), bf16/tf32/f32 exponent 2^-7, e4m3 exponent 2^-3..2^0, s8 any byte,
tf32 with its low 13 mantissa bits random: the hardware ignores them); C from the hash too. e4m3 only: A and B
change before every mma (VARY below: else ptxas hoists its emulated products out of the loop). A barrier before
each rep's first stamp lines the warps up (without it, with 16 warps, some warps ran rep 1 alone). rep 0 warms the
instruction cache, rep 1 is the figure. Per warp, lane 0 writes clk[2w + rep] (%clock64 after - before the loop).
sink: every lane's accumulator registers (chain) or the xor over its accumulators (stream, fmix), 32-bit words:
the functional check (the simulator must give the GPU's bits).

`python3 tools/microbench/gen28_mma.py [OUTDIR]` writes kernel.cu + launch.yaml per directory; without OUTDIR into
validation/microbench, adding or replacing the entries in tools/microbench/benchmarks.json. Recorded by
tools/microbench/device28_mma.sh (H200), collected by collect28_mma.py; figures validation/calibrate/groups28_mma.go;
validation/timing/mma28.md."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MB = os.path.join(HERE, "..", "..", "validation", "microbench")

UNROLL, ITERS, NACC, ROUNDS = 32, 32, 8, 4
WARPS = (1, 2, 4, 8, 16)

# form: (ptx instruction, A regs, B regs, C regs, C type (f32 / u32 / f64), A/B fill (mask, or), what)
FORMS = {
    "f16f32": ("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 4, 2, 4, "f32", (0x83ff83ff, 0x20002000),
               "m16n8k16 f16 inputs, f32 accumulator"),
    "f16f16": ("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", 4, 2, 2, "u32", (0x83ff83ff, 0x20002000),
               "m16n8k16 f16 inputs, f16 accumulator"),
    "bf16": ("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", 4, 2, 4, "f32", (0x807f807f, 0x3c003c00),
             "m16n8k16 bf16 inputs, f32 accumulator"),
    "tf32": ("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", 4, 2, 4, "f32", (0x807fffff, 0x3c000000),
             "m16n8k8 tf32 inputs, f32 accumulator"),
    "s8": ("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", 4, 2, 4, "u32", (0xffffffff, 0),
           "m16n8k32 s8 inputs, s32 accumulator"),
    "e4m3": ("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32", 4, 2, 4, "f32", (0x9f9f9f9f, 0x20202020),
             "m16n8k32 e4m3 inputs, f32 accumulator"),
    "f16k8": ("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", 2, 1, 4, "f32", (0x83ff83ff, 0x20002000),
              "m16n8k8 f16 inputs, f32 accumulator"),
    "f64": ("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64", 1, 1, 2, "f64", None,
            "m8n8k4 f64 (DMMA)"),
}
# forms whose A and B change before every mma (xor with a mask of a loop-carried sum: an IADD and one LOP3 a
# register): ptxas emulates e4m3 mma.sync on sm_90 as F2FP unpacks to f16, two HMMA.16816.F32 with a zero C and
# FADDs into the accumulator, and with loop-invariant A and B it hoists the HMMAs and leaves only the FADDs (first
# recording, session 28). The mask toggles the e4m3 mantissa bits only (no NaN).
VARY = {"e4m3": 0x07070707}
# the FP-pipe mixes: form -> (directory, FP ops after each mma, what)
MIX = {"f16f32": ("fmix", 8, "fma.rn.f32"), "f64": ("dmix", 4, "fma.rn.f64")}

SRC = r'''// mma28 form {form}: {what} (tools/microbench/gen28_mma.py)
// {ptx}
#define UNROLL {unroll}
#define NACC {nacc}
#define ROUNDS {rounds}
__device__ __forceinline__ unsigned long long clk64() {{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}}
__device__ __forceinline__ unsigned hash32(unsigned x) {{
    x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
    return x;
}}
typedef {abt} AB;
typedef {ct} CT;
__device__ __forceinline__ AB fill(unsigned seed, unsigned lane, unsigned i) {{
    const unsigned h = hash32(seed * 0x9e3779b9u + lane * 64u + i);
{fillbody}
}}
__device__ __forceinline__ CT cinit(unsigned seed, unsigned lane, unsigned i) {{
{cbody}
}}
__device__ __forceinline__ void mma(CT* d, const AB* a, const AB* b) {{
    asm volatile("{ptx} {{{dl}}}, {{{al}}}, {{{bl}}}, {{{dl}}};"
                 : {dcons} : {acons}, {bcons});
}}
__device__ __forceinline__ void vary(AB* a, AB* b, unsigned& s) {{
{varybody}
}}
__device__ __forceinline__ void put(unsigned* sink, unsigned i, CT v) {{
{putbody}
}}
__device__ __forceinline__ CT mix(CT x, CT y) {{
{mixbody}
}}

extern "C" __global__ void mma28_chain(unsigned long long* clk, unsigned* sink, int iters, unsigned seed) {{
    const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    AB a[{na}], b[{nb}];
    CT d[{nc}];
    unsigned s = seed;
#pragma unroll
    for (int i = 0; i < {na}; i++) a[i] = fill(seed, lane, i);
#pragma unroll
    for (int i = 0; i < {nb}; i++) b[i] = fill(seed ^ 0x55555555u, lane, i);
#pragma unroll
    for (int i = 0; i < {nc}; i++) d[i] = cinit(seed, lane, i);
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {{
        __syncthreads();
        const unsigned long long t0 = clk64();
#pragma unroll 1
        for (int it = 0; it < iters; it++) {{
#pragma unroll
            for (int k = 0; k < UNROLL; k++) {{ vary(a, b, s); mma(d, a, b); }}
        }}
        const unsigned long long t1 = clk64();
        if (lane == 0) clk[2 * warp + rep] = t1 - t0;
    }}
#pragma unroll
    for (int i = 0; i < {nc}; i++) put(sink, threadIdx.x * {words} + i * {wpc}, d[i]);
}}

extern "C" __global__ void mma28_stream(unsigned long long* clk, unsigned* sink, int iters, unsigned seed) {{
    const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    AB a[{na}], b[{nb}];
    CT d[NACC][{nc}];
    unsigned s = seed + warp;
#pragma unroll
    for (int i = 0; i < {na}; i++) a[i] = fill(seed + warp, lane, i);
#pragma unroll
    for (int i = 0; i < {nb}; i++) b[i] = fill((seed + warp) ^ 0x55555555u, lane, i);
#pragma unroll
    for (int k = 0; k < NACC; k++)
#pragma unroll
        for (int i = 0; i < {nc}; i++) d[k][i] = cinit(seed + warp, lane, k * 8 + i);
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {{
        __syncthreads();
        const unsigned long long t0 = clk64();
#pragma unroll 1
        for (int it = 0; it < iters; it++) {{
#pragma unroll
            for (int r = 0; r < ROUNDS; r++)
#pragma unroll
                for (int k = 0; k < NACC; k++) {{ vary(a, b, s); mma(d[k], a, b); }}
        }}
        const unsigned long long t1 = clk64();
        if (lane == 0) clk[2 * warp + rep] = t1 - t0;
    }}
#pragma unroll
    for (int i = 0; i < {nc}; i++) {{
        CT x = d[0][i];
#pragma unroll
        for (int k = 1; k < NACC; k++) x = mix(x, d[k][i]);
        put(sink, threadIdx.x * {words} + i * {wpc}, x);
    }}
}}
{mixkernel}'''

MIXKERNEL = r'''
// {nfp} independent {fpop} after each mma, on 16 separate chains
extern "C" __global__ void mma28_fmix(unsigned long long* clk, unsigned* sink, int iters, unsigned seed) {{
    const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    AB a[{na}], b[{nb}];
    CT d[NACC][{nc}];
    unsigned s = seed + warp;
    {ft} f[16];
#pragma unroll
    for (int i = 0; i < {na}; i++) a[i] = fill(seed + warp, lane, i);
#pragma unroll
    for (int i = 0; i < {nb}; i++) b[i] = fill((seed + warp) ^ 0x55555555u, lane, i);
#pragma unroll
    for (int k = 0; k < NACC; k++)
#pragma unroll
        for (int i = 0; i < {nc}; i++) d[k][i] = cinit(seed + warp, lane, k * 8 + i);
#pragma unroll
    for (int j = 0; j < 16; j++) f[j] = ({ft})(hash32(seed + lane * 16 + j) & 0xffff) * ({ft})0x1p-16;
    const {ft} fa = ({ft})(0.999 + (seed & 0xf) * 1e-6), fb = ({ft})0.0625;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {{
        __syncthreads();
        const unsigned long long t0 = clk64();
#pragma unroll 1
        for (int it = 0; it < iters; it++) {{
#pragma unroll
            for (int r = 0; r < ROUNDS; r++)
#pragma unroll
                for (int k = 0; k < NACC; k++) {{
                    vary(a, b, s);
                    mma(d[k], a, b);
#pragma unroll
                    for (int j = 0; j < {nfp}; j++)
                        asm volatile("{fpop} %0, %0, %1, %2;" : "+{fc}"(f[(k * {nfp} + j) % 16]) : "{fc}"(fa), "{fc}"(fb));
                }}
        }}
        const unsigned long long t1 = clk64();
        if (lane == 0) clk[2 * warp + rep] = t1 - t0;
    }}
    {ft} fs = 0;
#pragma unroll
    for (int j = 0; j < 16; j++) fs += f[j];
#pragma unroll
    for (int i = 0; i < {nc}; i++) {{
        CT x = d[0][i];
#pragma unroll
        for (int k = 1; k < NACC; k++) x = mix(x, d[k][i]);
        put(sink, threadIdx.x * {words} + i * {wpc}, x);
    }}
    sink[blockDim.x * {words} + threadIdx.x] = {fsbits};
}}
'''

LAUNCH = '''# mma28_{name}: {what} (tools/microbench/gen28_mma.py)
# clk holds %clock64 deltas (timing data, ignored by the functional compare); sink the accumulators' bits
kernel: {kernel}
grid: [1, 1, 1]
block: [{threads}, 1, 1]
shared_bytes: 0
seed: 1
buffers:
  clk: {{dtype: u64, shape: [{nclk}]}}
  sink: {{dtype: u32, shape: [{nsink}]}}
params:
  - {{buffer: clk}}
  - {{buffer: sink}}
  - {{s32: {iters}}}
  - {{u32: 12345}}
outputs: [clk, sink]
compare:
  clk: {{ignore: all}}
'''


def source(form):
    ptx, na, nb, nc, ct, fill, what = FORMS[form]
    f64 = ct == "f64"
    abt = "double" if f64 else "unsigned"
    if f64:
        fillbody = ("    const unsigned long long m = ((unsigned long long)hash32(h) << 32 | h) & 0x800fffffffffffffull;\n"
                    "    return __longlong_as_double((long long)(m | 0x3f80000000000000ull));")
    else:
        fillbody = f"    return (h & 0x{fill[0]:08x}u) | 0x{fill[1]:08x}u;"
    if ct == "f32":
        cbody = ("    const unsigned h = hash32(seed * 0x85ebca6bu + lane * 64u + i);\n"
                 "    return __uint_as_float((h & 0x807fffffu) | 0x3c000000u);")
        putbody = "    sink[i] = __float_as_uint(v);"
        mixbody = "    return __uint_as_float(__float_as_uint(x) ^ __float_as_uint(y));"
        dcons = ", ".join(f'"+f"(d[{i}])' for i in range(nc))
    elif ct == "u32":
        if form == "f16f16":
            cb = "(h & 0x83ff83ffu) | 0x20002000u"
        else:
            cb = "h & 0x0000ffffu"
        cbody = f"    const unsigned h = hash32(seed * 0x85ebca6bu + lane * 64u + i);\n    return {cb};"
        putbody = "    sink[i] = v;"
        mixbody = "    return x ^ y;"
        dcons = ", ".join(f'"+r"(d[{i}])' for i in range(nc))
    else:
        cbody = ("    const unsigned h = hash32(seed * 0x85ebca6bu + lane * 64u + i);\n"
                 "    return __longlong_as_double((long long)((((unsigned long long)h << 32 | h) & 0x800fffffffffffffull) | 0x3f80000000000000ull));")
        putbody = ("    const unsigned long long u = (unsigned long long)__double_as_longlong(v);\n"
                   "    sink[i] = (unsigned)u;\n    sink[i + 1] = (unsigned)(u >> 32);")
        mixbody = "    return __longlong_as_double(__double_as_longlong(x) ^ __double_as_longlong(y));"
        dcons = ", ".join(f'"+d"(d[{i}])' for i in range(nc))
    abc = "d" if f64 else "r"
    dl = ", ".join(f"%{i}" for i in range(nc))
    al = ", ".join(f"%{nc + i}" for i in range(na))
    bl = ", ".join(f"%{nc + na + i}" for i in range(nb))
    acons = ", ".join(f'"{abc}"(a[{i}])' for i in range(na))
    bcons = ", ".join(f'"{abc}"(b[{i}])' for i in range(nb))
    wpc = 2 if f64 else 1
    varybody = "    (void)a; (void)b; (void)s;"
    if form in VARY:
        varybody = ("    s += 0x9e3779b9u;\n    const unsigned m = s & 0x%08xu;\n" % VARY[form]
                    + "".join(f"    a[{i}] ^= m;\n" for i in range(na)) + "".join(f"    b[{i}] ^= m;\n" for i in range(nb))).rstrip()
    mixk = ""
    if form in MIX:
        _, nfp, fpop = MIX[form]
        ft, fc = ("double", "d") if fpop.endswith("f64") else ("float", "f")
        fsbits = ("(unsigned)(__double_as_longlong(fs) >> 20)" if ft == "double" else "__float_as_uint(fs)")
        mixk = MIXKERNEL.format(nfp=nfp, fpop=fpop, na=na, nb=nb, nc=nc, ft=ft, fc=fc, words=nc * wpc, wpc=wpc,
                                fsbits=fsbits)
    return SRC.format(form=form, what=what, ptx=ptx, unroll=UNROLL, nacc=NACC, rounds=ROUNDS, abt=abt,
                      ct={"f32": "float", "u32": "unsigned", "f64": "double"}[ct], fillbody=fillbody, cbody=cbody,
                      dl=dl, al=al, bl=bl, dcons=dcons, acons=acons, bcons=bcons, putbody=putbody, mixbody=mixbody, varybody=varybody,
                      na=na, nb=nb, nc=nc, words=nc * wpc, wpc=wpc, mixkernel=mixk)


def entries():
    """(directory suffix, form, kernel, warps)."""
    for form in FORMS:
        yield f"{form}_lat", form, "mma28_chain", 1
        for w in WARPS:
            yield f"{form}_w{w}", form, "mma28_stream", w
        if form in MIX:
            yield f"{form}_{MIX[form][0]}_w4", form, "mma28_fmix", 4


def words(form):
    _, _, _, nc, ct, _, _ = FORMS[form]
    return nc * (2 if ct == "f64" else 1)


def index_entry(name, form, kernel, w):
    ptx, na, nb, nc, ct, _, what = FORMS[form]
    per_warp = UNROLL * ITERS if kernel == "mma28_chain" else ROUNDS * NACC * ITERS
    meta = {"form": form, "ptx": ptx, "warps": w, "iters": ITERS, "mma_per_warp": per_warp,
            "warps_per_subpartition": (w + 3) // 4}
    if kernel == "mma28_chain":
        meta.update(kind="latency", op=f"{ptx}: a dependent chain (the accumulator feeds the next mma), one warp",
                    derive="rep 1: latency_cycles = clk[1] / mma_per_warp")
    else:
        op = f"{ptx}: {NACC} independent accumulators a warp, {w} warps"
        if kernel == "mma28_fmix":
            nfp, fpop = MIX[form][1], MIX[form][2]
            op += f", {nfp} independent {fpop} after each mma"
            meta["fp_ops_per_mma"] = nfp
        meta.update(kind="throughput", op=op,
                    derive="rep 1: issue_interval_cycles = max over warps w of clk[2w+1] / (mma_per_warp * "
                           "warps_per_subpartition) (cycles a sub-partition spends per mma)")
    return {"name": f"mma28_{name}", "family": "mma28", "kernel": kernel, "grid": [1, 1, 1], "block": [32 * w, 1, 1],
            "cluster": None, "meta": meta}


def main(out=None):
    for name, form, kernel, w in entries():
        d = os.path.join(out or MB, f"mma28_{name}")
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "kernel.cu"), "w").write(source(form))
        nsink = 32 * w * words(form) + (32 * w if kernel == "mma28_fmix" else 0)
        iters = ITERS
        what = index_entry(name, form, kernel, w)["meta"]["op"]
        open(os.path.join(d, "launch.yaml"), "w").write(LAUNCH.format(
            name=name, what=what, kernel=kernel, threads=32 * w, nclk=2 * w, nsink=nsink, iters=iters))
    if out is None:
        bj = os.path.join(HERE, "benchmarks.json")
        ent = {e["name"]: e for e in (index_entry(*x) for x in entries())}
        old = [ent.pop(b["name"], b) for b in json.load(open(bj))]
        old += list(ent.values())
        with open(bj, "w") as f:
            json.dump(old, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
