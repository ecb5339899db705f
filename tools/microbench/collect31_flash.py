#!/usr/bin/env python3
"""Collect device31_flash.sh's results (helper flash, session 31) into validation/microbench/:

  python3 tools/microbench/collect31_flash.py FILES_AT

tph31_flash_c{1,2}k32 (gen31_flash.py) and mufutc30_{rs_ffma4,ffma4_w3,ss_ffma4_w3} (gen31_mufu.py): cycles.json,
clock_runs.json, gpu/ and provenance.json (driver and nvcc added from env/, as summarize.py --env does), a
RECORDING_NOTE "H200 only"; the twins' stamps under ncu (dump.jsonl), the ncu CSV, the SASS counts and the
environment go to validation/timing/flash/flash31_device.json.gz; then pack.py."""
import glob
import gzip
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
MB = os.path.join(ROOT, "validation", "microbench")
NAMES = ["tph31_flash_c1k32", "tph31_flash_c2k32", "mufutc30_rs_ffma4", "mufutc30_ffma4_w3", "mufutc30_ss_ffma4_w3"]
NOTE = ("H200 only (session 31, helper flash; the lane's one device call). Recorded with\n"
        "tools/microbench/device31_flash.sh: clock_runs.json and gpu/ from mb.py run (5 runs; the tph31 twins 3),\n"
        "cycles.json ncu sm__cycles_elapsed.max x3 interleaved (cache flush); the twins' stamps of the ncu launches\n"
        "are in validation/timing/flash/flash31_device.json.gz; SASS counts in validation/timing/flash31.md.\n")


def main():
    at, tmp = sys.argv[1], tempfile.mkdtemp()
    for t in ("mb.tgz", "build.tgz"):
        with tarfile.open(os.path.join(at, t)) as f:
            f.extractall(tmp)
    nv = [ln for ln in open(os.path.join(tmp, "env", "nvcc_version.txt")).read().splitlines() if ln.startswith("Build")]
    drv = open(os.path.join(tmp, "env", "driver.txt")).read().strip()
    dirs = []
    for name in NAMES:
        src, dst = os.path.join(tmp, name), os.path.join(MB, name)
        assert os.path.isdir(dst), dst + ": run gen31_flash.py / gen31_mufu.py first"
        for f in ("cycles.json", "clock_runs.json"):
            shutil.copy(os.path.join(src, f), os.path.join(dst, f))
        prov = json.load(open(os.path.join(src, "provenance.json")))
        prov["nvcc"], prov["driver"] = (nv[-1] if nv else None), drv
        with open(os.path.join(dst, "provenance.json"), "w") as g:
            json.dump(prov, g, indent=1)
            g.write("\n")
        shutil.rmtree(os.path.join(dst, "gpu"), ignore_errors=True)
        shutil.copytree(os.path.join(src, "gpu"), os.path.join(dst, "gpu"))
        with open(os.path.join(dst, "RECORDING_NOTE"), "w") as g:
            g.write(NOTE)
        dirs.append(dst)
        print("collected", dst)
    diag = {"note": "helper flash, session 31 (validation/timing/flash31.md): tools/microbench/device31_flash.sh on an NVIDIA "
                    "H200. dump.jsonl: each ncu launch's timing outputs (the tph31 twins' clk stamps; mufutc30's gt). "
                    "The unstamped slope launches (fa31_*) failed (their launch.yaml lacked outputs); fa30's recordings "
                    "(flash30_device.json.gz) stand for them."}
    for f in ("env/nvidia_smi_csv.txt", "env/driver.txt", "env/ncu_version.txt", "env/nvcc_version.txt", "ncu.csv",
              "order.txt", "dump.jsonl", "ncu.log"):
        diag[f] = open(os.path.join(tmp, f)).read()
    for f in sorted(glob.glob(os.path.join(tmp, "sass", "*.ptxas.txt"))):
        diag["sass/" + os.path.basename(f)] = open(f).read()
    out = os.path.join(ROOT, "validation", "timing", "flash", "flash31_device.json.gz")
    with gzip.GzipFile(out, "wb", mtime=0) as g:
        g.write(json.dumps(diag, indent=0, sort_keys=True).encode())
    print("wrote", out)
    subprocess.run([sys.executable, os.path.join(HERE, "pack.py")] + dirs, check=True)


if __name__ == "__main__":
    main()
