#!/usr/bin/env python3
"""Session 31, helper flash (validation/timing/flash31.md): three more directories of family mufutc30
(gen30_mufu.py's kernel, unchanged) for the dependent FFMA chain beside a running wgmma:
  mufutc30_rs_ffma4      the chain (mode 3) beside RS wgmma (A from registers)
  mufutc30_ffma4_w3      two chains a sub-partition (384 threads: two FP warpgroups), alone
  mufutc30_ss_ffma4_w3   the same beside SS wgmma
`python3 tools/microbench/gen31_mufu.py [OUTDIR]` writes only these directories and, for the default, their
benchmarks.json entries."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, HERE)
import gen30_mufu as M  # noqa: E402

VARIANTS = {
    "mufutc30_rs_ffma4": ("rs", 256, 4, 250, 3, 120, "one dependent FFMA chain of 64 a pass beside RS wgmma (A from registers)"),
    "mufutc30_ffma4_w3": ("ss", 384, 0, 0, 3, 100, "two dependent FFMA chains a sub-partition (two FP warpgroups), alone"),
    "mufutc30_ss_ffma4_w3": ("ss", 384, 4, 250, 3, 100, "two dependent FFMA chains a sub-partition beside SS wgmma"),
}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "validation", "microbench")
    ks = {k: M.kernel(k) for k in M.SRC}
    ents = []
    for name, (kind, th, il, it, mode, fpi, op) in VARIANTS.items():
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "kernel.ptx"), "w").write(ks[kind])
        open(os.path.join(d, "launch.yaml"), "w").write(M.launch(name, th, il, it, mode, fpi).replace(
            "gen30_mufu.py (helper flash, session 30)", "gen31_mufu.py (helper flash, session 31; gen30_mufu.py's kernel)"))
        ents.append({"name": name, "family": "mufutc30", "kernel": "wgmma_bench", "grid": [1, 1, 1], "block": [th, 1, 1],
                     "meta": {"kind": "throughput", "op": op, "wgmma": kind if it else "none", "fp_mode": mode,
                              "fp_passes": fpi, "fp_warps": th // 32 - 4, "session": 31,
                              "derive": "fp_cycles_per_pass = max over warps 4.. of (gt[w][1] - gt[w][0]) / gt[w][4]; "
                                        "wg_span_cycles = gt[0][1] - gt[0][0] (with wgmma)"}})
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
