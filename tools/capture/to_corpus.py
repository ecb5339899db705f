#!/usr/bin/env python3
"""Copies a corpus entry made by device_run.sh (seeded, recorded with
`sm90sim validate --record`) into validation/testdata/NAME, with the
program's source, the capture's provenance (capture.json) and cycles.json
from the 3-launch ncu run (ncu_cycles.csv).

    to_corpus.py SRC_DIR NAME SOURCE_FILE [GPU DRIVER]"""
import csv, io, json, os, shutil, statistics, sys

src, name, source = sys.argv[1], sys.argv[2], sys.argv[3]
gpu = sys.argv[4] if len(sys.argv) > 4 else ""
driver = sys.argv[5] if len(sys.argv) > 5 else ""
dst = os.path.join("validation/testdata", name)
shutil.rmtree(dst, ignore_errors=True)
os.makedirs(dst)
for f in ["kernel.ptx", "launch.yaml", "counters.json", "provenance.json", "capture.json"]:
    if os.path.exists(os.path.join(src, f)):
        shutil.copy(os.path.join(src, f), dst)
shutil.copytree(os.path.join(src, "gpu"), os.path.join(dst, "gpu"))
shutil.copy(source, os.path.join(dst, "kernel" + os.path.splitext(source)[1]))

text = open(os.path.join(src, "ncu_cycles.csv")).read()
rows = [r for r in csv.reader(io.StringIO("\n".join(l for l in text.split("\n") if l.startswith('"'))))]
head, rows = rows[0], rows[1:]
idx = {k: i for i, k in enumerate(head)}
launches = {}
for r in rows:
    v = float(r[idx["Metric Value"]].replace(",", ""))
    launches.setdefault(int(r[idx["ID"]]), {})[r[idx["Metric Name"]]] = v
ls = [launches[k] for k in sorted(launches)]
def summary(key):
    vals = [l[key] for l in ls if key in l]
    return {"min": min(vals), "median": statistics.median(vals), "max": max(vals)} if vals else None
out = {
    "tool": "ncu (Nsight Compute 2025.3), --clock-control none",
    "command": "ncu --clock-control none --print-units base --csv --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second "
               "-k regex:^KERNEL$ -c 3 sm90sim gpu run kernel.ptx --spec launch.yaml --ncu off --warmup 0 --repeat 2",
    "gpu": gpu, "driver": driver,
    "note": "the first 3 launches of the kernel in one process on pristine inputs (the PTX of this directory, "
            "JIT-compiled by the driver); launch 0 is the process's first",
    "launches": [{"sm__cycles_elapsed.max": int(l["sm__cycles_elapsed.max"]),
                  "sm__cycles_elapsed.avg.per_second": l.get("sm__cycles_elapsed.avg.per_second")} for l in ls],
    "sm__cycles_elapsed.max": summary("sm__cycles_elapsed.max"),
    "sm__cycles_elapsed.avg.per_second": summary("sm__cycles_elapsed.avg.per_second"),
}
with open(os.path.join(dst, "cycles.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(dst, out["sm__cycles_elapsed.max"])
