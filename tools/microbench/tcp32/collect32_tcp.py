#!/usr/bin/env python3
"""Session 32, helper tcp: pack the device call's results (device32_tcp.sh: tcp32.tgz unpacked in DIR) into
validation/timing/tcp/tcp32_device.json.gz. Stamps are stored per warp row as [smid, entry, slot k - slot k-1
for k = 1..52] (gen32_tcp.py's slots); launches: 'ncu' = the three ncu launches (caches flushed, as the
evidence's recording), 'warm' = mb.py run (fresh uploads: the inputs L2-resident).

  python3 tools/microbench/tcp32/collect32_tcp.py DIR"""
import gzip
import json
import os
import sys

S = 64


def rows(flat):
    out = []
    for i in range(len(flat) // S):
        r = flat[i * S:(i + 1) * S]
        out.append([r[63], r[0]] + [r[k] - r[k - 1] for k in range(1, 53)])
    return out


def main():
    d = sys.argv[1]
    res = {"note": "helper tcp, session 32 (validation/timing/tcp32.md): tools/microbench/tcp32/device32_tcp.sh on an "
                   "NVIDIA H200; stamp rows [smid, entry %clock64, slot k - slot k-1 for k = 1..52] (gen32_tcp.py)",
           "env": {}, "ptxas": {}, "stamps": {}}
    for f in sorted(os.listdir(os.path.join(d, "env"))):
        res["env"][f] = open(os.path.join(d, "env", f)).read()
    for n in ("twin", "ev"):
        res["ptxas"][n] = open(os.path.join(d, "sass", n + ".ptxas.txt")).read()
    dump = [json.loads(ln) for ln in open(os.path.join(d, "dump.jsonl"))]
    for n in ("tcp32_mm_g132", "tcp32_mm_g12", "tcp32_mm_g1"):
        cr = json.load(open(os.path.join(d, n + "_clock_runs.json")))
        warm = cr["outputs"][:1] if n == "tcp32_mm_g132" else cr["outputs"][:3]
        res["stamps"][n] = {"ncu": [rows(x["outputs"]["clk"]) for x in dump if x["dir"] == n],
                            "warm": [rows(o["clk"]) for o in warm],
                            "cycles": json.load(open(os.path.join(d, n + "_cycles.json")))}
    res["evidence_cycles"] = json.load(open(os.path.join(d, "ev_cycles.json")))
    for f in ("ncu.csv", "ncu_nf.csv", "ev_full_details.csv"):
        res[f] = open(os.path.join(d, f)).read()
    # the --set full launch: the metrics read in tcp32.md (raw page) and the SASS lines with stall samples
    import csv
    raw = list(csv.reader(open(os.path.join(d, "ev_full_raw.csv"))))
    keep = [i for i, h in enumerate(raw[0]) if h.startswith(("lts__t_sector", "lts__t_request", "dram__bytes", "sm__cycles",
            "smsp__average_warps_issue_stalled", "smsp__average_warp_latency", "l1tex__m_", "sm__warps_active",
            "smsp__inst_executed.sum", "gpc__cycles", "lts__cycles_elapsed.avg.per_second", "sm__ctas"))]
    res["ev_full_raw"] = {raw[0][i]: [raw[1][i], raw[2][i]] for i in keep}
    src = list(csv.reader(open(os.path.join(d, "ev_full_source.csv"))))
    h = src[1]
    cols = [h.index("Source"), h.index("Warp Stall Sampling (All Samples)")] + [i for i, c in enumerate(h) if c.startswith("stall_") and "Not Issued" not in c]
    res["ev_full_source"] = [[h[i] for i in cols]] + [[r[i] for i in cols] for r in src[2:] if len(r) > max(cols)]
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "validation", "timing", "tcp",
                       "tcp32_device.json.gz")
    with gzip.GzipFile(out, "wb", mtime=0) as f:
        f.write(json.dumps(res, separators=(",", ":")).encode())
    print(out, os.path.getsize(out))


if __name__ == "__main__":
    main()
