#!/usr/bin/env python3
"""Summary table of `sm90sim validate --report` files:

    python3 tools/record/validate_summary.py REPORT.json ...

One row per report: directory (the file's name), outputs equal n/m, status, GPU cycles and
their source (ncu's sm__cycles_elapsed.max, or kernel time x measured SM clock), median
kernel time, SM clock (measured, then nvidia-smi's current and max), first error."""
import json
import os
import sys


def get(d, *keys):
    for k in keys:
        if not isinstance(d, dict):
            return None
        d = d.get(k)
    return d


def row(path):
    name = os.path.splitext(os.path.basename(path))[0]
    try:
        with open(path) as f:
            r = json.load(f)
    except (OSError, ValueError) as e:
        return [name, "-", "no report", "-", "-", "-", "-", str(e)[:60]]
    outs = r.get("outputs") or []
    eq = sum(1 for o in outs if o.get("equal"))
    g = get(r, "gpu", "gpu") or {}
    clk = g.get("clocks") or {}
    mhz = clk.get("measured_sm_mhz")
    smi = f"{clk.get('smi_sm_mhz')}/{clk.get('smi_max_sm_mhz')}"
    src = get(r, "cycles", "gpu_source") or ""
    src = "ncu" if "ncu" in src else ("t*clk" if src else "-")
    kt = get(g, "kernel_time", "median_ms")
    err = r.get("error") or ""
    bad = [f"{o['name']}:{o['mismatches']}" for o in outs if not o.get("equal")]
    note = (" ".join(bad) + " " + err).strip().replace("\n", " ")
    return [name, f"{eq}/{len(outs)}", r.get("status", "?"), str(get(r, "cycles", "gpu")), src,
            f"{kt:.4f}" if isinstance(kt, (int, float)) else "-",
            (f"{mhz:.0f}" if isinstance(mhz, (int, float)) else "-") + " " + smi, note[:90]]


def main(paths):
    head = ["dir", "equal", "status", "gpu_cycles", "src", "median_ms", "sm_mhz meas smi/max", "note"]
    rows = [row(p) for p in sorted(paths)]
    w = [max(len(x[i]) for x in rows + [head]) for i in range(len(head) - 1)]
    for x in [head] + rows:
        print("  ".join(v.ljust(w[i]) for i, v in enumerate(x[:-1])) + "  " + x[-1])
    n = sum(1 for x in rows if x[2] == "match")
    print(f"{n} of {len(rows)} directories match")
    if rows:
        with open(sorted(paths)[0]) as f:
            g = get(json.load(f), "gpu", "gpu") or {}
        print(f"GPU: {g.get('name')}, driver {g.get('driver_version')}, CUDA driver API {g.get('cuda_driver_api')}, "
              f"cc {g.get('compute_capability')}, {g.get('sm_count')} SMs, clocks {json.dumps(g.get('clocks'))}")


if __name__ == "__main__":
    main(sys.argv[1:])
