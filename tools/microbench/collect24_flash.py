#!/usr/bin/env python3
"""Collect the device results of device24_flash.sh (helper fa, session 24) into validation/microbench:

  python3 tools/microbench/collect24_flash.py FILES_AT     (FILES_AT: the run tool's folder with mb.tgz, build.tgz)

For each twin tph_flash_attn_{2x8,2x66,2x132}: cycles.json, clock_runs.json (5 warm runs), provenance.json and gpu/
from mb.tgz; clock_runs_cold.json (the stamps of the 3 launches ncu profiled with its cache flush) and
clock_runs_noflush.json (3 launches under --cache-control none) from build.tgz's dump_*.jsonl; RECORDING_NOTE.
The same call's re-run of tph_flash_attn_1x128 and 2x2 (cycles, stamps) and the memory-metric pass go to
validation/timing/flash/fa24_rerun.json.gz (diagnosis; the session-23 recordings stay). Then pack.py."""
import gzip
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MB = os.path.join(HERE, "..", "..", "validation", "microbench")
TWINS = ("tph_flash_attn_2x8", "tph_flash_attn_2x66", "tph_flash_attn_2x132")
NOTE = ("H200 only (the device lent only H200 kinds in session 24). tph_flash_attn_2x2's stamped twin PTX\n"
        "(gen23_flash.py) on a larger grid (gen24_flash.py), slot 36 the warp's %smid: development data. Recorded in\n"
        "session 24 by helper fa with tools/microbench/device24_flash.sh (one call; the five twins 1x128, 2x2, 2x8,\n"
        "2x66, 2x132 interleaved under ncu): cycles.json = ncu sm__cycles_elapsed.max x3 with ncu's cache flush;\n"
        "clock_runs_cold.json the stamps of those 3 launches; clock_runs_noflush.json the stamps of 3 launches under\n"
        "ncu --cache-control none (diagnosis); clock_runs.json and gpu/ 5 runs without ncu (gpu/ holds run 0).\n"
        "See validation/timing/fa24.md.\n")


def dumps(path, name):
    out = []
    for ln in open(path):
        d = json.loads(ln)
        if d["dir"] == name:
            out.append(d["outputs"])
    return out


def main():
    at = sys.argv[1]
    tmp = tempfile.mkdtemp()
    for t in ("mb.tgz", "build.tgz"):
        with tarfile.open(os.path.join(at, t)) as f:
            f.extractall(tmp)
    for name in TWINS:
        dst = os.path.join(MB, name)
        for f in ("cycles.json", "clock_runs.json"):
            shutil.copy(os.path.join(tmp, name, f), os.path.join(dst, f))
        prov = json.load(open(os.path.join(tmp, name, "provenance.json")))
        nv = [ln for ln in open(os.path.join(tmp, "env", "nvcc_version.txt")).read().splitlines() if ln.startswith("Build")]
        prov["nvcc"] = nv[-1] if nv else None  # as summarize.py --env adds them
        prov["driver"] = open(os.path.join(tmp, "env", "driver.txt")).read().strip()
        for f in ("provenance.json", "provenance.json.gz"):
            if os.path.exists(os.path.join(dst, f)):
                os.remove(os.path.join(dst, f))
        with open(os.path.join(dst, "provenance.json"), "w") as g:
            json.dump(prov, g, indent=1)
            g.write("\n")
        shutil.rmtree(os.path.join(dst, "gpu"), ignore_errors=True)
        shutil.copytree(os.path.join(tmp, name, "gpu"), os.path.join(dst, "gpu"))
        for src, f, what in (("dump_all.jsonl", "clock_runs_cold.json", "ncu profiled with its cache flush (--cache-control all)"),
                             ("dump_none.jsonl", "clock_runs_noflush.json", "ncu profiled under --cache-control none")):
            r = dumps(os.path.join(tmp, src), name)
            with open(os.path.join(dst, f), "w") as g:
                json.dump({"runs": len(r), "note": f"the stamps of the {len(r)} launches {what}, in launch order "
                           "(tools/microbench/device24_flash.sh)", "outputs": r}, g, separators=(",", ":"))
                g.write("\n")
        with open(os.path.join(dst, "RECORDING_NOTE"), "w") as g:
            g.write(NOTE)
        print("collected", dst)
    rerun = {"note": "device24_flash.sh's re-run of the session-23 twins (diagnosis) and its ncu memory-metric pass",
             "cycles": {n: json.load(open(os.path.join(tmp, f"rerun_{n[15:]}_cycles.json")))
                        for n in ("tph_flash_attn_1x128", "tph_flash_attn_2x2")},
             "stamps_cold": {n: dumps(os.path.join(tmp, "dump_all.jsonl"), n)
                             for n in ("tph_flash_attn_1x128", "tph_flash_attn_2x2")},
             "stamps_noflush": {n: dumps(os.path.join(tmp, "dump_none.jsonl"), n)
                                for n in ("tph_flash_attn_1x128", "tph_flash_attn_2x2")},
             "ncu_mem_csv": open(os.path.join(tmp, "ncu_mem.csv")).read()}
    with gzip.GzipFile(os.path.join(HERE, "..", "..", "validation", "timing", "flash", "fa24_rerun.json.gz"), "wb",
                       mtime=0) as g:
        g.write(json.dumps(rerun, separators=(",", ":")).encode())
    subprocess.run([sys.executable, os.path.join(HERE, "pack.py")] + [os.path.join(MB, n) for n in TWINS], check=True)


if __name__ == "__main__":
    main()
