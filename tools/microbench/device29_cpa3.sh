#!/usr/bin/env bash
# cpa29, third call: the L1's capacity for cp.async.ca lines beside 64 KiB of static shared memory (the
# cpasync kernel, carveout 196 KiB on the GPU's rule). cpasync_ca16_lat's launch with `iters` 64..160: one warp,
# one 512-byte .ca copy at a time (commit, wait_group 0), rep 1 re-reading rep 0's iters*512 bytes. Loose
# directories cpl1_i<iters> in $H (default .devbuild/cpa/l1); carry [".devbuild/cpa"]; mb.py run --runs 3;
# prints cycles per step (clk[1] / iters) per run. Results in $OUT/cpa29_l1.tgz.
set -u
MB=$(pwd); H=${H:-.devbuild/cpa/l1}; D=/tmp/cpa29l; rm -rf $D; mkdir -p $D
export PYTHONUNBUFFERED=1
cp -rL $H/cpl1_* $D/
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 3 $(ls -d $D/cpl1_*) > $D/run.log 2>&1; echo "run rc=$?"
D=$D python3 - <<'PY'
import json, glob, os, re
for d in sorted(glob.glob(os.environ["D"] + "/cpl1_*"), key=lambda p: int(p.rsplit("i", 1)[1])):
    it = int(d.rsplit("i", 1)[1]); j = json.load(open(os.path.join(d, "clock_runs.json")))
    print(os.path.basename(d), "KiB", it // 2, "cycles/step rep0 rep1:", " | ".join("%.1f %.1f" % (o["clk"][0] / it, o["clk"][1] / it) for o in j["outputs"]))
PY
(cd $D && tar czf $OUT/cpa29_l1.tgz run.log $(for d in cpl1_*; do echo $d/clock_runs.json $d/provenance.json; done))
