#!/usr/bin/env python3
"""Turns the two ncu passes of tools/microbench/device11_flush.sh (the
flushcmp.tgz folder: ncu_{all,none}.csv, dump_{all,none}.jsonl, order_*.txt,
host.txt) into files of the flushj_* / flushs_* directories, and prints the
cached-vs-flushed table of every directory measured (new and old):
  clock_ncu[.SUFFIX].json   the clk outputs of the profiled launches, caches
                            flushed (`outputs`, ncu's default, as the
                            recordings) and not (`outputs_nocache`)
  cycles_nocache[.SUFFIX].json  ncu sm__cycles_elapsed.max with
                            `--cache-control none` (diagnosis only)
  flushrec.py FLUSHCMP_DIR MB_DIR [--suffix h100]"""
import csv
import io
import json
import os
import statistics
import sys


def ncu_rows(path):
    """(kernel, {metric: value}) per profiled launch, in order (ncu --csv --page raw-less output)."""
    lines = [ln for ln in open(path, errors="replace").read().splitlines() if ln.startswith('"')]
    rows = list(csv.reader(io.StringIO("\n".join(lines))))
    h = rows[0]
    i_id, i_k, i_m, i_v = h.index("ID"), h.index("Kernel Name"), h.index("Metric Name"), h.index("Metric Value")
    order, by = [], {}
    for r in rows[1:]:
        if len(r) <= max(i_id, i_k, i_m, i_v) or r[0] == "ID":
            continue
        if r[i_id] not in by:
            by[r[i_id]] = (r[i_k], {})
            order.append(r[i_id])
        by[r[i_id]][1][r[i_m]] = float(r[i_v].replace(",", ""))
    return [by[k] for k in order]


def load(src, cc):
    order = [ln.split()[0] for ln in open(os.path.join(src, f"order_{cc}.txt")) if ln.strip() and "FAILED" not in ln]
    rows = ncu_rows(os.path.join(src, f"ncu_{cc}.csv"))
    dumps = [json.loads(ln) for ln in open(os.path.join(src, f"dump_{cc}.jsonl"))]
    per = {}
    for i, d in enumerate(order):
        n = os.path.basename(d.rstrip("/"))
        e = per.setdefault(n, {"cycles": [], "hz": [], "clk": []})
        if i < len(rows):
            e["cycles"].append(int(rows[i][1]["sm__cycles_elapsed.max"]))
            e["hz"].append(float(rows[i][1]["sm__cycles_elapsed.avg.per_second"]))
        if i < len(dumps) and dumps[i]["dir"] == n:
            e["clk"].append(dumps[i]["outputs"])
    return per


def main():
    src, mb = sys.argv[1], sys.argv[2]
    sfx = "." + sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--suffix" else ""
    host = open(os.path.join(src, "host.txt")).read().strip().splitlines()[-1]
    a, n = load(src, "all"), load(src, "none")
    cmd = ("ncu --clock-control none --cache-control {all|none} --print-units base --csv --metrics "
           "sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum "
           "python3 tools/microbench/mb.py once --dump (every directory 3 times, interleaved; "
           "tools/microbench/device11_flush.sh)")
    print(f"{'directory':28} {'flushed':>22} {'not flushed':>22}  MHz   ({host})")
    for name in sorted(a):
        fa, fn = a[name], n.get(name, {"cycles": [], "hz": [], "clk": []})
        mhz = statistics.median(fa["hz"] + fn["hz"]) / 1e6 if fa["hz"] else 0
        print(f"{name:28} {str(fa['cycles']):>22} {str(fn['cycles']):>22}  {mhz:.0f}")
        d = os.path.join(mb, name)
        if not name.startswith(("flushj_", "flushs_", "sfl_", "sgp_")) or not os.path.isdir(d):
            continue
        with open(os.path.join(d, f"clock_ncu{sfx}.json"), "w") as f:
            json.dump({"runs": len(fa["clk"]), "gpu": host, "command": cmd,
                       "note": "clk of the launches ncu profiled: outputs with caches flushed (ncu's default, as "
                               "cycles.json), outputs_nocache with --cache-control none",
                       "outputs": fa["clk"], "outputs_nocache": fn["clk"]}, f, separators=(",", ":"))
            f.write("\n")
        with open(os.path.join(d, f"cycles_nocache{sfx}.json"), "w") as f:
            json.dump({"metric": "sm__cycles_elapsed.max", "launches": len(fn["cycles"]), "values": fn["cycles"],
                       "median": statistics.median(fn["cycles"]) if fn["cycles"] else None,
                       "sm_clock_hz": {"values": fn["hz"]}, "gpu": host, "cache_control": "none",
                       "command": cmd, "note": "diagnosis only: the recordings and the model are flushed launches"},
                      f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
