#!/usr/bin/env python3
"""Collect the device results of device23_flash.sh (helper fa, session 23) into validation/microbench:

  python3 tools/microbench/collect23_flash.py FILES_AT     (FILES_AT: the run tool's folder with mb.tgz, build.tgz)

For each twin tph_flash_attn_{1x128,2x2}: cycles.json, clock_runs.json (5 warm runs), provenance.json and gpu/
from mb.tgz; clock_runs_cold.json (the stamps of the 3 launches ncu profiled with its cache flush) and
clock_runs_noflush.json (3 launches under --cache-control none) from build.tgz's dump_*.jsonl; RECORDING_NOTE.
Then run tools/microbench/pack.py on the directories."""
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MB = os.path.join(HERE, "..", "..", "validation", "microbench")
TWINS = ("tph_flash_attn_1x128", "tph_flash_attn_2x2")
NOTE = ("H200 only (the device lent only H200 kinds in session 23). A stamped TWIN of the evidence kernel {ev}\n"
        "(gen23_flash.py): development data for diagnosis. Recorded in session 23 by helper fa with\n"
        "tools/microbench/device23_flash.sh (one call; the twins and the evidence kernels interleaved under ncu):\n"
        "cycles.json = ncu sm__cycles_elapsed.max x3 with ncu's cache flush; clock_runs_cold.json the stamps of those 3\n"
        "launches; clock_runs_noflush.json the stamps of 3 launches under ncu --cache-control none (diagnosis);\n"
        "clock_runs.json and gpu/ 5 runs without ncu (gpu/ holds run 0). The inputs are the evidence's seeded buffers.\n"
        "See validation/timing/fa23.md.\n")
EV = {"tph_flash_attn_1x128": "triton_flash_attn_fwd_1x128", "tph_flash_attn_2x2": "triton_flash_attn_fwd"}


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
                           "(tools/microbench/device23_flash.sh)", "outputs": r}, g, separators=(",", ":"))
                g.write("\n")
        with open(os.path.join(dst, "RECORDING_NOTE"), "w") as g:
            g.write(NOTE.format(ev=EV[name]))
        print("collected", dst)
    subprocess.run([sys.executable, os.path.join(HERE, "pack.py")] + [os.path.join(MB, n) for n in TWINS], check=True)


if __name__ == "__main__":
    main()
