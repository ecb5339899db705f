#!/usr/bin/env python3
"""Merges the recording of tools/microbench/device17_part1.sh into validation/microbench (helper part1,
session 14). The device tool lent an H100 for the call asked as nvidia-h200, so the files are the H100's:
  merge17_part1.py SRC MB
SRC holds the unpacked mb.tgz (validation/microbench/<dir>/...) and build.tgz (env/, sass/). Writes, per
directory: kernel.ptx and gpu/ (the run's outputs, which the functional tests compare), clock_runs.h100.json,
cycles.h100.json, provenance.h100.json (the run's provenance plus driver, nvcc, ncu, clocks, the commands,
ptxas -v and the SASS timed regions of sass_loops.py) and RECORDING_NOTE ("H100 only")."""
import json
import os
import shutil
import subprocess
import sys

src, mb = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
env = os.path.join(src, "env")
rd = lambda f: open(os.path.join(env, f)).read().strip()
driver, gpu = rd("driver.txt"), rd("gpu_name.txt")
nvcc = [ln for ln in rd("nvcc_version.txt").splitlines() if "release" in ln]
ncu = [ln for ln in rd("ncu_version.txt").splitlines() if ln.startswith("Version")]
smi = rd("nvidia_smi_csv.txt")
dmap = dict(ln.split() for ln in open(os.path.join(src, "sass", "dir_to_sass.txt")))
sroot = os.path.join(src, "validation", "microbench")
for n in sorted(os.listdir(sroot)):
    s, d = os.path.join(sroot, n), os.path.join(mb, n)
    assert os.path.isdir(d), d
    shutil.copy(os.path.join(s, "kernel.ptx"), os.path.join(d, "kernel.ptx"))
    if os.path.isdir(os.path.join(d, "gpu")):
        shutil.rmtree(os.path.join(d, "gpu"))
    shutil.copytree(os.path.join(s, "gpu"), os.path.join(d, "gpu"))
    shutil.copy(os.path.join(s, "clock_runs.json"), os.path.join(d, "clock_runs.h100.json"))
    shutil.copy(os.path.join(s, "cycles.json"), os.path.join(d, "cycles.h100.json"))
    p = json.load(open(os.path.join(s, "provenance.json")))
    first = dmap[n]
    sass = os.path.join(src, "sass", first + ".sass")
    loops = json.loads(subprocess.check_output([sys.executable, os.path.join(here, "sass_loops.py"), sass]))
    kern = open(os.path.join(d, "launch.yaml")).read().split("\nkernel: ")[1].split("\n")[0]
    p.update({"driver": driver, "nvcc": nvcc, "ncu": ncu, "nvidia_smi_clocks": smi,
              "ptxas_v": open(os.path.join(src, "sass", first + ".ptxas.txt")).read(),
              "sass_timed_regions": loops.get(kern, []),
              "sass_note": "timed regions: code between consecutive CS2R SR_CLOCKLO reads of the entry; loops: backward "
                           "branches inside (tools/microbench/sass_loops.py on ptxas 13.0 -arch=sm_90a output of kernel.ptx)",
              "commands": [f"python3 tools/microbench/mb.py run --runs 5 validation/microbench/{n}",
                           "bash tools/microbench/device17_part1.sh MBROOT (device.sh: nvcc -ptx, ptxas -v, cuobjdump; "
                           "mb.py run --runs 5; ncu x3 interleaved: cycles.json)"]})
    assert p["gpu"] == gpu, (n, p["gpu"])
    with open(os.path.join(d, "provenance.h100.json"), "w") as f:
        json.dump(p, f, indent=1)
        f.write("\n")
    with open(os.path.join(d, "RECORDING_NOTE"), "w") as f:
        f.write("H100 only: the device call (tools/microbench/device17_part1.sh, asked as nvidia-h200) was lent an "
                "NVIDIA H100 80GB HBM3, and the lane's device budget allowed one call; no H200 recording.\n")
    print(n, kern, len(p["sass_timed_regions"]))
