"""The mma.sync half of gen_mma_sweep.py: validation/testdata/mma_<type>/ (kernel.cu, launch.yaml).

Every form of a directory runs on blockIdx.y == its index: 4 warps per CTA, ITERS mma.syncs per
warp, each with fresh A, B and C registers generated in the kernel (mma_sweep_common.h; the bits
of register r of lane l are the type's elements in order, lowest bits first), and the raw D
registers of every lane stored at out[form base + ((cta*4 + warp)*ITERS + it)*32*ND + lane*ND + r].
The fragment layouts are not needed to make or compare the data: the simulator must interpret
the same registers the way the tensor cores do.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
TD = os.path.join(HERE, "..", "..", "validation", "testdata")

BITS = {"f16": 16, "bf16": 16, "tf32": 32, "e4m3": 8, "e5m2": 8, "s8": 8, "u8": 8, "s4": 4, "u4": 4,
        "b1": 1, "f64": 64}
CTAS = 16

# (shape, d, a, b, c, extra) per directory; extra: "sat", "and", "xor"
DIRS = {
    "mma_f16": [("m16n8k8", "f32", "f16", "f16", "f32", ""), ("m16n8k8", "f16", "f16", "f16", "f16", ""),
                ("m16n8k16", "f32", "f16", "f16", "f32", ""), ("m16n8k16", "f16", "f16", "f16", "f16", "")],
    "mma_bf16": [("m16n8k8", "f32", "bf16", "bf16", "f32", ""), ("m16n8k16", "f32", "bf16", "bf16", "f32", "")],
    "mma_tf32": [("m16n8k4", "f32", "tf32", "tf32", "f32", ""), ("m16n8k8", "f32", "tf32", "tf32", "f32", "")],
    "mma_fp8": [("m16n8k32", "f32", "e4m3", "e4m3", "f32", ""), ("m16n8k32", "f32", "e4m3", "e5m2", "f32", ""),
                ("m16n8k32", "f32", "e5m2", "e4m3", "f32", ""), ("m16n8k32", "f32", "e5m2", "e5m2", "f32", ""),
                ("m16n8k16", "f32", "e4m3", "e4m3", "f32", ""), ("m16n8k16", "f32", "e5m2", "e4m3", "f32", "")],
    "mma_fp8_f16": [("m16n8k32", "f16", "e4m3", "e4m3", "f16", ""), ("m16n8k32", "f16", "e5m2", "e4m3", "f16", ""),
                    ("m16n8k16", "f16", "e4m3", "e5m2", "f16", ""), ("m16n8k16", "f16", "e5m2", "e5m2", "f16", "")],
    "mma_i8": [("m8n8k16", "s32", "s8", "s8", "s32", ""), ("m16n8k16", "s32", "u8", "s8", "s32", ""),
               ("m16n8k16", "s32", "s8", "s8", "s32", "sat"), ("m16n8k32", "s32", "s8", "s8", "s32", ""),
               ("m16n8k32", "s32", "s8", "u8", "s32", ""), ("m16n8k32", "s32", "u8", "s8", "s32", "sat"),
               ("m16n8k32", "s32", "u8", "u8", "s32", ""), ("m8n8k16", "s32", "u8", "u8", "s32", "sat")],
    "mma_i4": [("m8n8k32", "s32", "s4", "s4", "s32", ""), ("m16n8k32", "s32", "u4", "s4", "s32", ""),
               ("m16n8k32", "s32", "s4", "s4", "s32", "sat"), ("m16n8k64", "s32", "s4", "s4", "s32", ""),
               ("m16n8k64", "s32", "s4", "u4", "s32", "sat"), ("m16n8k64", "s32", "u4", "u4", "s32", ""),
               ("m8n8k32", "s32", "u4", "s4", "s32", "sat")],
    "mma_b1": [("m8n8k128", "s32", "b1", "b1", "s32", "and"), ("m8n8k128", "s32", "b1", "b1", "s32", "xor"),
               ("m16n8k128", "s32", "b1", "b1", "s32", "and"), ("m16n8k128", "s32", "b1", "b1", "s32", "xor"),
               ("m16n8k256", "s32", "b1", "b1", "s32", "and"), ("m16n8k256", "s32", "b1", "b1", "s32", "xor")],
    "mma_f64": [("m8n8k4", "f64", "f64", "f64", "f64", ""), ("m16n8k4", "f64", "f64", "f64", "f64", ""),
                ("m16n8k8", "f64", "f64", "f64", "f64", ""), ("m16n8k16", "f64", "f64", "f64", "f64", "")],
}


def dims(shape):
    m, rest = shape[1:].split("n")
    n, k = rest.split("k")
    return int(m), int(n), int(k)


def regs(shape, d, a, b, c):
    m, n, k = dims(shape)
    ea, eb, ec = m * k // 32, n * k // 32, m * n // 32  # elements per thread
    ra = max(1, ea * BITS[a] // 32) if a != "f64" else ea
    rb = max(1, eb * BITS[b] // 32) if b != "f64" else eb
    def acc(t):
        return ec // 2 if t == "f16" else ec
    return ra, rb, acc(c), acc(d), ec


def gen_elem(t, acc16):
    return {"f16": f"sw_f16(z, kind, {acc16})", "bf16": "sw_bf16(z, kind)", "tf32": "sw_tf32(z, kind)",
            "e4m3": f"sw_e4m3(z, kind, {acc16})", "e5m2": f"sw_e5m2(z, kind, {acc16})",
            "s8": "sw_i8(z, kind)", "u8": "sw_i8(z, kind)", "s4": "sw_i4(z, kind)", "u4": "sw_i4(z, kind)",
            "b1": "(uint32_t)z"}[t]


def pack_code(var, nregs, t, tag, acc16):
    """Fill var[0..nregs) (u32) with elements of type t (b1: a random word per register)."""
    if t == "f64":
        return (f"    for (int r = 0; r < {nregs}; r++) {var}[r] = __longlong_as_double((long long)sw_f64("
                f"sw_hash(seed, {tag}, key * {nregs} + r), kind));\n")
    bits = BITS[t]
    if bits == 1:
        return f"    for (int r = 0; r < {nregs}; r++) {var}[r] = (uint32_t)sw_hash(seed, {tag}, key * {nregs} + r);\n"
    per = 32 // bits
    mask = (1 << bits) - 1
    return (f"    for (int r = 0; r < {nregs}; r++) {{\n        uint32_t v = 0;\n"
            f"        for (int j = 0; j < {per}; j++) {{ uint64_t z = sw_hash(seed, {tag}, (key * {nregs} + r) * {per} + j); "
            f"v |= ({gen_elem(t, acc16)} & {mask}u) << ({bits} * j); }}\n        {var}[r] = v;\n    }}\n")


def form_fn(fi, form):
    shape, d, a, b, c, extra = form
    ra, rb, rc, rd, ec = regs(shape, d, a, b, c)
    acc16 = 1 if "f16" in (d, c) else 0
    lines = [f"// form {fi}: {shape} {d}.{a}.{b}.{c} {extra}",
             f"__device__ __noinline__ void form{fi}(uint32_t seed, uint32_t kind, uint64_t key, uint32_t* o) {{"]
    lines.append(f"    uint32_t ra[{ra}], rb[{rb}];" if a != "f64" else f"    double ra[{ra}], rb[{rb}];")
    lines.append(pack_code("ra", ra, a, 1, acc16))
    lines.append(pack_code("rb", rb, b, 2, acc16))
    if c == "f64":
        lines.append(f"    double rc[{rc}], rd[{rd}];")
        lines.append(pack_code("rc", rc, "f64", 3, acc16))
    elif c == "f32":
        lines.append(f"    float rc[{rc}];")
        lines.append(f"    for (int r = 0; r < {rc}; r++) rc[r] = __uint_as_float(sw_c32(sw_hash(seed, 3, key * {rc} + r), kind));")
    elif c == "f16":
        lines.append(f"    uint32_t rc[{rc}];")
        lines.append(f"    for (int r = 0; r < {rc}; r++) rc[r] = sw_c16(sw_hash(seed, 3, key * {2 * rc} + 2 * r), kind) | "
                     f"(sw_c16(sw_hash(seed, 3, key * {2 * rc} + 2 * r + 1), kind) << 16);")
    else:
        lines.append(f"    uint32_t rc[{rc}];")
        lines.append(f"    for (int r = 0; r < {rc}; r++) rc[r] = sw_cs32(sw_hash(seed, 3, key * {rc} + r));")
    if d == "f32":
        lines.append(f"    float rd[{rd}];")
    elif d != "f64":
        lines.append(f"    uint32_t rd[{rd}];")
    cd = {"f32": "f", "f64": "d"}.get(d, "r")
    cc = {"f32": "f", "f64": "d"}.get(c, "r")
    cab = "d" if a == "f64" else "r"
    idx = 0
    def grp(n):
        nonlocal idx
        s = "{" + ", ".join(f"%{idx + i}" for i in range(n)) + "}"
        idx += n
        return s
    sd, sa, sb, sc = grp(rd), grp(ra), grp(rb), grp(rc)
    mid = ".row.col"
    if extra == "sat":
        mid += ".satfinite"
    tail = ""
    if extra in ("and", "xor"):
        tail = f".{extra}.popc"
    op = f"mma.sync.aligned.{shape}{mid}.{d}.{a}.{b}.{c}{tail}"
    outs = ", ".join(f'"={cd}"(rd[{i}])' for i in range(rd))
    ins = ", ".join([f'"{cab}"(ra[{i}])' for i in range(ra)] + [f'"{cab}"(rb[{i}])' for i in range(rb)] +
                    [f'"{cc}"(rc[{i}])' for i in range(rc)])
    lines.append(f'    asm volatile("{op} {sd}, {sa}, {sb}, {sc};\\n" : {outs} : {ins});')
    if d == "f64":
        lines.append(f"    for (int r = 0; r < {rd}; r++) {{ unsigned long long u = __double_as_longlong(rd[r]); "
                     f"o[2 * r] = (uint32_t)u; o[2 * r + 1] = (uint32_t)(u >> 32); }}")
    elif d == "f32":
        lines.append(f"    for (int r = 0; r < {rd}; r++) o[r] = __float_as_uint(rd[r]);")
    else:
        lines.append(f"    for (int r = 0; r < {rd}; r++) o[r] = rd[r];")
    lines.append("}")
    words = rd * 2 if d == "f64" else rd
    return "\n".join(lines), words, ec


def kernel(name, forms):
    common = open(os.path.join(HERE, "mma_sweep_common.h")).read().replace("#pragma once\n", "")
    fns, cases, table = [], [], []
    base = 0
    per_dir = 1 << 20
    for fi, form in enumerate(forms):
        code, words, ec = form_fn(fi, form)
        fns.append(code)
        elems_per_mma = ec * 32
        target = max(1 << 18, -(-per_dir // len(forms)))
        iters = -(-target // (elems_per_mma * CTAS * 4))
        cases.append(f"    case {fi}: for (uint32_t it = 0; it < {iters}u; it++) {{\n"
                     f"        uint64_t key = ((uint64_t)(blockIdx.x * 4 + warp) * {iters}u + it) * 32u + lane;\n"
                     f"        form{fi}(seed + {fi}u * 0x1000193u, kind, key, out + {base}u + key * {words}u);\n"
                     f"    }} break;")
        n = CTAS * 4 * iters * 32 * words
        table.append((fi, form, iters, base, n, CTAS * 4 * iters * elems_per_mma))
        base += n
    desc = "\n".join(f"//   form {fi}: mma.sync {f[0]} {f[1]}.{f[2]}.{f[3]}.{f[4]} {f[5]}: {it} iterations, out words "
                     f"[{b}, {b + n}), {e} D elements" for fi, f, it, b, n, e in table)
    src = f"""// {name}: mma.sync sweep (generated by tools/record/gen_mma_sync.py via gen_mma_sweep.py).
// grid ({CTAS}, {len(forms)}): blockIdx.y is the form; 4 warps per CTA; kind (1: specials) = blockIdx.x % 4 == 3.
{desc}
#include <stdint.h>

{common}
{chr(10).join(fns)}

extern "C" __global__ void __launch_bounds__(128) {name}(uint32_t seed, uint32_t* __restrict__ out) {{
    const uint32_t warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const uint32_t kind = (blockIdx.x % 4) == 3;
    switch (blockIdx.y) {{
{chr(10).join(cases)}
    default: break;
    }}
}}
"""
    total_elems = sum(t[5] for t in table)
    spec = f"""# {name}: mma.sync sweep (tools/record/gen_mma_sweep.py): {len(forms)} forms, {total_elems} D elements
# ({base} u32 words: raw D registers per lane); inputs generated in the kernel (kernel.cu says more).
kernel: {name}
grid: [{CTAS}, {len(forms)}, 1]
block: [128, 1, 1]
buffers:
  out: {{dtype: u32, shape: [{base}]}}
params:
  - {{u32: {0x5EED0000 + len(name) * 977}}}
  - {{buffer: out}}
outputs: [out]
"""
    return src, spec, total_elems


def main(only=""):
    for name, forms in DIRS.items():
        if not name.startswith(only):
            continue
        src, spec, n = kernel(name, forms)
        dd = os.path.join(TD, name)
        os.makedirs(dd, exist_ok=True)
        open(os.path.join(dd, "kernel.cu"), "w").write(src)
        open(os.path.join(dd, "launch.yaml"), "w").write(spec)
        print(f"{dd}: {len(forms)} forms, {n} D elements")
