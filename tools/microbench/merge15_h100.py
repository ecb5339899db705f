#!/usr/bin/env python3
"""Merges the H100 recording of tools/microbench/device15_h100.sh into validation/microbench (session 12).
  merge15_h100.py SRC MB
SRC holds the unpacked results: SRC/<dir>/{clock_runs,cycles,provenance}.json (mb.tgz), SRC/fc/ (flushcmp.tgz:
ncu_{all,none}.csv, dump_{all,none}.jsonl, order_*.txt, host.txt) and SRC/b/env (build.tgz). Writes, per
directory, clock_runs.h100.json, cycles.h100.json, provenance.h100.json (the run's provenance plus driver, nvcc,
ncu, clocks and the commands); for the stamped twins tph_* clock_runs_cold.h100.json (the stamps of the three
launches ncu profiled with caches flushed, as device14_mbarops.sh's clock_runs_cold.json); for sgp_*
clock_ncu.h100.json.gz and cycles_nocache.h100.json through flushrec.py --suffix h100. Never touches the H200 files,
kernel.ptx or gpu/ (the outputs the functional tests compare)."""
import gzip
import json
import os
import shutil
import subprocess
import sys

src, mb = sys.argv[1], sys.argv[2]
env = os.path.join(src, "b", "env")
rd = lambda f: open(os.path.join(env, f)).read().strip()
driver, gpu = rd("driver.txt"), rd("gpu_name.txt")
nvcc = [ln for ln in rd("nvcc_version.txt").splitlines() if "release" in ln]
ncu = [ln for ln in rd("ncu_version.txt").splitlines() if ln.startswith("Version")]
smi = rd("nvidia_smi_csv.txt")
names = sorted(d for d in os.listdir(src) if os.path.isfile(os.path.join(src, d, "cycles.json")))
dumps = [json.loads(ln) for ln in open(os.path.join(src, "fc", "dump_all.jsonl"))]
for n in names:
    s, d = os.path.join(src, n), os.path.join(mb, n)
    assert os.path.isdir(d), d
    shutil.copy(os.path.join(s, "clock_runs.json"), os.path.join(d, "clock_runs.h100.json"))
    shutil.copy(os.path.join(s, "cycles.json"), os.path.join(d, "cycles.h100.json"))
    p = json.load(open(os.path.join(s, "provenance.json")))
    p.update({"driver": driver, "nvcc": nvcc, "ncu": ncu, "nvidia_smi_clocks": smi,
              "commands": [f"python3 tools/microbench/mb.py run --runs 5 validation/microbench/{n}",
                           "bash tools/microbench/device15_h100.sh (the kernel.ptx recorded on the H200, no recompile; "
                           "mb.py run --runs 5; ncu --cache-control all x3 interleaved with --dump: cycles.json)"]})
    assert p["gpu"] == gpu, (n, p["gpu"])
    with open(os.path.join(d, "provenance.h100.json"), "w") as f:
        json.dump(p, f, indent=1)
        f.write("\n")
    if n.startswith("tph_"):
        cold = [r["outputs"] for r in dumps if r["dir"] == n]
        with open(os.path.join(d, "clock_runs_cold.h100.json"), "w") as f:
            json.dump({"runs": len(cold), "gpu": gpu, "note": "stamps of the launches ncu profiled with caches "
                       "flushed (--cache-control all; tools/microbench/device15_h100.sh)", "outputs": cold}, f,
                      separators=(",", ":"))
            f.write("\n")
print(f"{len(names)} directories merged ({gpu}, driver {driver})")
if any(n.startswith("sgp_") for n in names):
    subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "flushrec.py"),
                    os.path.join(src, "fc"), mb, "--suffix", "h100"], check=True)
    for n in names:
        p = os.path.join(mb, n, "clock_ncu.h100.json")
        if n.startswith("sgp_") and os.path.exists(p):
            with open(p, "rb") as f, gzip.open(p + ".gz", "wb", compresslevel=9) as g:
                g.write(f.read())
            os.remove(p)
