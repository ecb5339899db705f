#!/usr/bin/env bash
# cpa34 (session 34, helper cpa): the LDGSTS issue probe again (validation/timing/cpa34.md). Directories cpa33_*
# (gen33.py) and cpa34_* (gen34.py) lie loose in $H (default .devbuild/cpa/mb); carry [".devbuild/cpa"]. Steps:
# GPU clocks; ptxas + cuobjdump of two new kernels; mb.py run --runs 3 of every directory (warm launches, fresh
# buffers: the upload leaves the first MiBs of the 128 MiB buffer out of L2); the same launches under ncu
# (--cache-control all: L2 flushed and invalidated before each launch) twice each, clk dumped, SM clock read.
# Results in $OUT/cpa34.tgz; a table last.
set -u
MB=$(pwd); H=${H:-.devbuild/cpa/mb}; D=/tmp/cpa34; rm -rf $D; mkdir -p $D/env
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv | tee $D/env/nvidia_smi_csv.txt
nvcc --version > $D/env/nvcc_version.txt 2>&1; ncu --version > $D/env/ncu_version.txt 2>&1
cp -rL $H/cpa33_* $H/cpa34_* $D/
for v in cpa34_w1_k32_hbm_war0 cpa34_w8_k1_hbm_war0_s6; do
  ptxas -arch=sm_90a -v -o $D/env/k.cubin $D/$v/kernel.ptx > $D/env/ptxas_$v.txt 2>&1
  cuobjdump --dump-sass $D/env/k.cubin > $D/env/$v.sass 2>&1; rm -f $D/env/k.cubin
  echo "$v: $(grep -c LDGSTS $D/env/$v.sass) LDGSTS, $(grep -c CS2R $D/env/$v.sass) CS2R"
done
DIRS=$(ls -d $D/cpa33_* $D/cpa34_*)
timeout 150 python3 $MB/tools/microbench/mb.py run --runs 3 $DIRS > $D/env/run.log 2>&1; echo "run rc=$?"; grep -c " ok " $D/env/run.log
timeout 150 ncu --clock-control none --print-units base --csv --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second \
  --log-file $D/env/ncu.csv python3 $MB/tools/microbench/mb.py once --order $D/env/order.txt --dump $D/env/flush.jsonl $DIRS $DIRS > $D/env/ncu_log.txt 2>&1; echo "ncu rc=$?"
grep -c per_second $D/env/ncu.csv; grep per_second $D/env/ncu.csv | head -2 | cut -c1-220
D=$D python3 - <<'PY'
import json, glob, os
D = os.environ["D"]
fl = {}
for ln in open(os.path.join(D, "env", "flush.jsonl")) if os.path.exists(os.path.join(D, "env", "flush.jsonl")) else []:
    j = json.loads(ln); fl.setdefault(j["dir"], []).append(j["outputs"]["clk"])
def mean(c):
    w = len(c) // 3
    return sum(c[3*i] / c[3*i+2] for i in range(w)) / w, sum(c[3*i+1] / c[3*i+2] for i in range(w)) / w
print("dir  issue wait (warm run median) | issue wait (ncu flushed, per launch)")
for d in sorted(glob.glob(D + "/cpa3*")):
    n = os.path.basename(d); p = os.path.join(d, "clock_runs.json")
    r = sorted(mean(o["clk"]) for o in json.load(open(p))["outputs"]) if os.path.exists(p) else []
    m = r[len(r)//2] if r else (0, 0)
    print("%-28s %7.1f %7.1f | %s" % (n, m[0], m[1], " ".join("%.1f/%.1f" % mean(c) for c in fl.get(n, []))))
PY
(cd $D && tar czf $OUT/cpa34.tgz env $(for d in cpa3*; do for f in clock_runs.json provenance.json; do [ -e $d/$f ] && echo $d/$f; done; done))
