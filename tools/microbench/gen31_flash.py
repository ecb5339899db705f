#!/usr/bin/env python3
"""Session 31, helper flash (validation/timing/flash31.md): the flash-attention key block at steady state, phase
by phase. Stamped TWINS of the flash PTX (validation/testdata/triton_flash_attn_fwd_1x128/kernel.ptx.gz, the PTX
every triton_flash_attn_fwd size uses) with gen23_flash.py's stamps, on a grid [X, 132] with N_CTX 2048: 32 key
blocks a CTA, one (X = 1) or two (X = 2, the register limit) CTAs an SM, every SM busy; buffers for 132 heads.
Differences from gen23_flash.py: SLOTS 240 (key block i at 4 + 7 i, i < 32; the post-loop stamps 32..35 move to
232..235; slot 239 holds %smid); only the CTAs with linear id < STAMPED store their stamps (the stores are
predicated, so every CTA runs the same instructions). Family tph31 (SIM_SKIP: 132-264 CTAs x 32 key blocks).

  python3 tools/microbench/gen31_flash.py [OUTDIR]

writes the directories (default validation/microbench) and, for the default, their benchmarks.json entries."""
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, HERE)
import gen23_flash as G  # noqa: E402

SLOTS, STAMPED, HEADS, NCTX, HD = 240, 4, 132, 2048, 64
POST = {32: 232, 33: 233, 34: 234, 35: 235}
TWINS = [("tph31_flash_c1k32", 1), ("tph31_flash_c2k32", 2)]  # name, CTAs a head (grid x)
SRC = "triton_flash_attn_fwd_1x128"


def instrument(ptx, kern):
    G.SLOTS = SLOTS
    p = G.instrument(ptx, kern)
    for a, b in POST.items():
        old = f"\tst.global.u64 [%fab+{8 * a}], %tv;\n"
        assert p.count(old) == 1, old
        p = p.replace(old, f"\tst.global.u64 [%fab+{8 * b}], %tv;\n")
    # predicate every stamp store on the CTA's linear id
    n = p.count("\tst.global.u64 [%fab") + p.count("\tst.global.u64 [%ta")
    assert n == 2 + 2 + 7 + 4, n
    p = p.replace("\tst.global.u64 [%fab", "\t@%pfa st.global.u64 [%fab").replace(
        "\tst.global.u64 [%ta", "\t@%pfa st.global.u64 [%ta")
    p = G.after(p, "\t.reg .b64 %fab;\n", "\t.reg .pred %pfa;\n")
    p = G.after(p, "\tmad.lo.u32 %t1, %t1, %t2, %t3;\n", f"\tsetp.lt.u32 %pfa, %t1, {STAMPED};\n")
    p = G.after(p, "\tadd.s64 %fab, %fab, %tw;\n",
                f"\tmov.u32 %t3, %smid;\n\tcvt.u64.u32 %tw, %t3;\n\t@%pfa st.global.u64 [%fab+{8 * (SLOTS - 1)}], %tw;\n")
    return p


def launch_yaml(name, x):
    n = HEADS * NCTX * HD
    return f"""# {name}: gen31_flash.py (helper flash, session 31): a stamped TWIN of the flash PTX ({SRC}'s) on a grid [{x}, {HEADS}],
# N_CTX {NCTX} (32 key blocks a CTA); clk: raw %clock64 stamps of the CTAs with linear id < {STAMPED} (timing data, not compared)
kernel: {name}
grid: [{x}, {HEADS}, 1]
block: [256, 1, 1]
shared_bytes: 49152
seed: 1
buffers:
  b0: {{dtype: f16, shape: [{n}], init: uniform, low: -1, high: 1}}
  b1: {{dtype: f16, shape: [{n}], init: uniform, low: -1, high: 1}}
  b2: {{dtype: f16, shape: [{n}], init: uniform, low: -1, high: 1}}
  b3: {{dtype: f16, shape: [{n}]}}
  clk: {{dtype: u64, shape: [{STAMPED * G.WARPS}, {SLOTS}]}}
params:
  - {{buffer: b0}}
  - {{buffer: b1}}
  - {{buffer: b2}}
  - {{buffer: b3}}
  - {{u32: 1040187392}}
  - {{u32: {NCTX}}}
  - {{u64: 0}}
  - {{u64: 0}}
  - {{buffer: clk}}
outputs: [b3, clk]
compare:
  clk: {{ignore: all}}
"""


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "validation", "microbench")
    with gzip.open(os.path.join(ROOT, "validation", "testdata", SRC, "kernel.ptx.gz"), "rt") as f:
        ptx = f.read()
    ents = []
    for name, x in TWINS:
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        head = (f"// sm90sim microbenchmark {name} (tools/microbench/gen31_flash.py): a stamped twin of the flash PTX\n"
                f"// (validation/testdata/{SRC}) on [{x}, {HEADS}] with N_CTX {NCTX}; see the generator.\n")
        with gzip.GzipFile(os.path.join(d, "kernel.ptx.gz"), "wb", mtime=0) as f:
            f.write((head + instrument(ptx, name)).encode())
        open(os.path.join(d, "launch.yaml"), "w").write(launch_yaml(name, x))
        open(os.path.join(d, "SIM_SKIP"), "w").write(f"{HEADS * x} CTAs x 32 key blocks: tens of seconds of simulation\n")
        ents.append({"name": name, "family": "tph31", "kernel": name, "grid": [x, HEADS, 1], "block": [256, 1, 1],
                     "meta": {"kind": "phases", "op": f"a stamped twin of the flash PTX ({SRC}'s) on [{x}, {HEADS}], N_CTX "
                              f"{NCTX}: 32 key blocks, {x} CTA(s) an SM ({SLOTS} slots: gen31_flash.py)", "source": SRC,
                              "warps": G.WARPS, "key_blocks": NCTX // 64, "stamped_ctas": STAMPED,
                              "derive": "raw %clock64 per slot (gen23_flash.py's, key block i at 4 + 7 i; post-loop 232..235; "
                                        "slot 239 %smid); see gen31_flash.py"}})
    if len(sys.argv) == 1:
        bj = os.path.join(HERE, "benchmarks.json")
        names = [e["name"] for e in ents]
        old = [b for b in json.load(open(bj)) if b["name"] not in names] + ents
        with open(bj, "w") as f:
            json.dump(old, f, indent=1)
            f.write("\n")
    print("wrote", len(ents), "directories under", out)


if __name__ == "__main__":
    main()
