#!/usr/bin/env python3
"""Collect device23_fdiv.sh's results (helper fa, session 23) into validation/microbench/fpalu_div*:

  python3 tools/microbench/collect23_fdiv.py FILES_AT

cycles.json, clock_runs.json, gpu/ and provenance.json (driver and nvcc added from env/, as summarize.py --env
does) from mb.tgz / build.tgz, a RECORDING_NOTE "H200 only", then pack.py on the directories."""
import glob
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MB = os.path.join(HERE, "..", "..", "validation", "microbench")
NOTE = ("H200 only (the device lent only H200 kinds in session 23). Recorded by helper fa with\n"
        "tools/microbench/device23_fdiv.sh (one call for the nine fpalu_div* directories): clock_runs.json and gpu/ 5 runs,\n"
        "cycles.json ncu sm__cycles_elapsed.max x3 (cache flush); the SASS (ptxas 13.0 -arch=sm_90a, cuobjdump) is\n"
        "summarized in validation/timing/fa23.md.\n")


def main():
    at, tmp = sys.argv[1], tempfile.mkdtemp()
    for t in ("mb.tgz", "build.tgz"):
        with tarfile.open(os.path.join(at, t)) as f:
            f.extractall(tmp)
    nv = [ln for ln in open(os.path.join(tmp, "env", "nvcc_version.txt")).read().splitlines() if ln.startswith("Build")]
    drv = open(os.path.join(tmp, "env", "driver.txt")).read().strip()
    dirs = []
    for src in sorted(glob.glob(os.path.join(tmp, "fpalu_div*"))):
        name = os.path.basename(src)
        dst = os.path.join(MB, name)
        for f in ("cycles.json", "clock_runs.json"):
            shutil.copy(os.path.join(src, f), os.path.join(dst, f))
        prov = json.load(open(os.path.join(src, "provenance.json")))
        prov["nvcc"], prov["driver"] = (nv[-1] if nv else None), drv
        for f in ("provenance.json", "provenance.json.gz"):
            if os.path.exists(os.path.join(dst, f)):
                os.remove(os.path.join(dst, f))
        with open(os.path.join(dst, "provenance.json"), "w") as g:
            json.dump(prov, g, indent=1)
            g.write("\n")
        shutil.rmtree(os.path.join(dst, "gpu"), ignore_errors=True)
        shutil.copytree(os.path.join(src, "gpu"), os.path.join(dst, "gpu"))
        with open(os.path.join(dst, "RECORDING_NOTE"), "w") as g:
            g.write(NOTE)
        dirs.append(dst)
        print("collected", dst)
    subprocess.run([sys.executable, os.path.join(HERE, "pack.py")] + dirs, check=True)


if __name__ == "__main__":
    main()
