#!/usr/bin/env python3
"""Merges a recording of tools/microbench/device13_brsplit.sh into validation/microbench (session 13).
  merge13_brsplit.py SRC MB [SUFFIX]
SRC holds the unpacked results: SRC/validation/microbench/brsplit13_*/ (mb.tgz) and SRC/b/env (build.tgz).
Without SUFFIX (the first GPU): copies each directory's kernel.ptx, gpu/, clock_runs.json, cycles.json and
provenance.json. With SUFFIX (h100): writes clock_runs.SUFFIX.json, cycles.SUFFIX.json and provenance.SUFFIX.json
only, after checking that the device compiled the same kernel.ptx (never touches kernel.ptx or gpu/)."""
import json
import os
import shutil
import sys

src, mb = sys.argv[1], sys.argv[2]
sfx = sys.argv[3] if len(sys.argv) > 3 else ""
env = os.path.join(src, "b", "env")
rd = lambda f: open(os.path.join(env, f)).read().strip()
smi = rd("nvidia_smi_csv.txt")
sm = os.path.join(src, "validation", "microbench")
for n in sorted(d for d in os.listdir(sm) if d.startswith("brsplit13_")):
    s, d = os.path.join(sm, n), os.path.join(mb, n)
    assert os.path.isdir(d), d
    p = json.load(open(os.path.join(s, "provenance.json")))
    assert p["gpu"] == rd("gpu_name.txt"), (n, p["gpu"])
    p.update({"driver": rd("driver.txt"), "nvidia_smi_clocks": smi,
              "nvcc": [ln for ln in rd("nvcc_version.txt").splitlines() if "release" in ln],
              "ncu": [ln for ln in rd("ncu_version.txt").splitlines() if ln.startswith("Version")]})
    cmds = p.get("commands", [])
    p["commands"] = ["nvcc -ptx -arch=sm_90a -O3 -o kernel.ptx kernel.cu",
                     "ptxas -arch=sm_90a -v -o kernel.cubin kernel.ptx; cuobjdump --dump-sass kernel.cubin"] + cmds + [
        "ncu --clock-control none --print-units base --csv --metrics sm__cycles_elapsed.max,"
        "sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum "
        "python3 tools/microbench/mb.py once (3 launches per directory, interleaved)",
        "all of the above: bash tools/microbench/device13_brsplit.sh (device.sh with ONLY='brsplit13_*')"]
    if not sfx:
        for f in ("kernel.ptx", "clock_runs.json", "cycles.json"):
            shutil.copy(os.path.join(s, f), os.path.join(d, f))
        shutil.rmtree(os.path.join(d, "gpu"), ignore_errors=True)
        shutil.copytree(os.path.join(s, "gpu"), os.path.join(d, "gpu"))
        out = os.path.join(d, "provenance.json")
    else:
        assert open(os.path.join(s, "kernel.ptx")).read() == open(os.path.join(d, "kernel.ptx")).read(), n
        shutil.copy(os.path.join(s, "clock_runs.json"), os.path.join(d, f"clock_runs.{sfx}.json"))
        shutil.copy(os.path.join(s, "cycles.json"), os.path.join(d, f"cycles.{sfx}.json"))
        out = os.path.join(d, f"provenance.{sfx}.json")
    with open(out, "w") as f:
        json.dump(p, f, indent=1)
        f.write("\n")
    print(n, "merged", sfx or "(first GPU)")
