#!/usr/bin/env python3
"""The l2bw benchmarks on a hot GPU (tools/microbench/gen6_l2.py): before each
launch, `--burst` seconds of 8192^3 bf16 matmuls (torch, same CUDA context)
pull the SM clock down the way a long GEMM does; then each DIR is launched
once (mb.py's driver wrapper) and its timing outputs are kept. Run bare for
the %clock64 / %globaltimer figures, or under `ncu -k regex:l2bw` for the L2
and SM clocks of those launches.

  l2hot.py --bursts N --burst S --out FILE.json DIR...
  l2hot.py --table FILE.json [--timed-bytes-per-cta N]   (no GPU, no torch)
      per launch: SM MHz (%clock64 over %globaltimer, median over CTAs),
      GB/s (all CTAs' timed bytes over the span of %globaltimer) and
      bytes_per_sm_cycle (summarize.py's l2bw figure)
"""
import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def table(path, per):
    import statistics
    runs = json.load(open(path))["runs"]
    print(f"{'dir':16} {'burst':>5} {'SM MHz':>7} {'GB/s':>7} {'B/SM-cycle':>10}")
    for r in runs:
        cl = [r["clk"][i:i + 2] for i in range(0, len(r["clk"]), 2)]
        gt = [r["gt"][i:i + 2] for i in range(0, len(r["gt"]), 2)]
        mhz = statistics.median((c[1] - c[0]) * 1000 / (g[1] - g[0]) for c, g in zip(cl, gt))
        ns = max(g[1] for g in gt) - min(g[0] for g in gt)
        print(f"{r['dir']:16} {r['burst']:5} {mhz:7.0f} {per * len(cl) / ns:7.0f} {sum(per / (c[1] - c[0]) for c in cl):10.1f}")


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--table":
        per = int(sys.argv[4]) if len(sys.argv) > 4 else 16 * 131072
        return table(sys.argv[2], per)
    import torch
    import mb
    R = mb.R
    ap = argparse.ArgumentParser()
    ap.add_argument("--bursts", type=int, default=4)
    ap.add_argument("--burst", type=float, default=0.5)
    ap.add_argument("--out", required=True)
    ap.add_argument("dirs", nargs="+")
    a = ap.parse_args()
    x = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
    torch.cuda.synchronize()
    cuda = R.Cuda()
    cache = mb.Cache(cuda)
    res = []
    for k in range(a.bursts):
        for d in a.dirs:
            d = d.rstrip("/")
            spec, bufs, fn, _, _ = cache.get(d)
            t = time.time()
            n = 0
            while time.time() - t < a.burst:
                x = (x @ x) * 1e-4
                n += 1
                if n % 8 == 0:
                    torch.cuda.synchronize()
            torch.cuda.synchronize()
            outs, _ = R.run_once(cuda, d, spec, fn, bufs, None, R.launch_mode(spec))
            res.append({"dir": os.path.basename(d), "burst": k, "matmuls": n,
                        **{o: outs[o].reshape(-1).tolist() for o in ("clk", "gt", "smid") if o in outs}})
            print(f"[{os.path.basename(d)}] burst {k}: {n} matmuls", flush=True)
    with open(a.out, "w") as f:
        json.dump({"note": "l2bw launches right after a burst of bf16 matmuls (tools/microbench/l2hot.py)",
                   "burst_s": a.burst, "runs": res}, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
