#!/usr/bin/env bash
# k2934's rule test (session 34, lead): cpasync_k29's kernel (2 warps, 512 B a warp a copy, rep 1) at 16 / 32 / 64
# KiB with 4 groups in flight against 1, .ca (mode 1), and .cg (mode 0) with 4 in flight. H200, warm launches.
set -u
MB=$(pwd); D=/tmp/k29t; rm -rf $D; mkdir -p $D/env; export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $D/env/nvidia_smi.txt
cp -r .devbuild/lead34b/mb/* $D/
timeout 120 python3 $MB/tools/microbench/mb.py run --runs 5 $(ls -d $D/c*) > $D/env/run.log 2>&1; echo "run rc=$?"
D=$D python3 - <<'PY' | tee $D/env/summary.txt
import json, glob, os, re
for d in sorted(glob.glob(os.environ["D"] + "/c*_i*")):
    it = int(re.search(r"_i(\d+)_", d).group(1))
    j = json.load(open(os.path.join(d, "clock_runs.json"))); r = []
    for o in j["outputs"]:
        c = o["clk"]; w = len(c) // 2
        r.append((w * it * 512 / max(c[1::2]), max(c[0::2]), max(c[1::2])))
    r.sort(); print(os.path.basename(d), "rep1 B/cycle/SM", " ".join("%.2f" % x[0] for x in r), "| rep0/rep1 cycles", " ".join("%d/%d" % (x[1], x[2]) for x in r))
PY
(cd $D && tar czf $OUT/k29t.tgz env $(for d in c*_i*; do echo $d/clock_runs.json; done))
