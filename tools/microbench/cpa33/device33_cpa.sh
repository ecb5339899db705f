#!/usr/bin/env bash
# cpa33 (session 33, helper cpa): the LDGSTS issue probe (validation/timing/cpa33.md). Directories cpa33_*
# (gen33.py) lie loose in $H (default .devbuild/cpa/mb); carry [".devbuild/cpa"]. Steps: GPU clocks; ptxas +
# cuobjdump of the K=8 kernels (war 0 and 1); mb.py run --runs 3 (warm launches, fresh buffers); ncu clocks
# of two directories. Results in $OUT/cpa33.tgz; a table last.
set -u
MB=$(pwd); H=${H:-.devbuild/cpa/mb}; D=/tmp/cpa33; rm -rf $D; mkdir -p $D/env
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv | tee $D/env/nvidia_smi_csv.txt
nvcc --version > $D/env/nvcc_version.txt 2>&1; ncu --version > $D/env/ncu_version.txt 2>&1
cp -rL $H/cpa33_* $D/
for v in war0 war1; do
  ptxas -arch=sm_90a -v -o $D/env/k.cubin $D/cpa33_w8_k8_hbm_$v/kernel.ptx > $D/env/ptxas_$v.txt 2>&1
  cuobjdump --dump-sass $D/env/k.cubin > $D/env/k8_$v.sass 2>&1; rm -f $D/env/k.cubin
  echo "$v: $(grep -c LDGSTS $D/env/k8_$v.sass) LDGSTS, $(grep -c CS2R $D/env/k8_$v.sass) CS2R"
done
DIRS=$(ls -d $D/cpa33_*)
timeout 150 python3 $MB/tools/microbench/mb.py run --runs 3 $DIRS > $D/env/run.log 2>&1; echo "run rc=$?"; tail -2 $D/env/run.log | cut -c1-300
timeout 60 ncu --clock-control none --print-units base --csv --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second \
  --log-file $D/env/ncu.csv python3 $MB/tools/microbench/mb.py once --order $D/env/order.txt $D/cpa33_w8_k8_hbm_war1 $D/cpa33_w8_k8_l2_war1 > $D/env/ncu_log.txt 2>&1; echo "ncu rc=$?"
grep per_second $D/env/ncu.csv | cut -c1-220
D=$D python3 - <<'PY'
import json, glob, os
print("dir  issue/step/warp (median over runs of the warps' mean)  wait/step/warp  | per-warp issue min..max")
for d in sorted(glob.glob(os.environ["D"] + "/cpa33_*")):
    p = os.path.join(d, "clock_runs.json")
    if not os.path.exists(p): print(os.path.basename(d), "no clock_runs"); continue
    j = json.load(open(p)); iss = []; wt = []; lo = hi = None
    for o in j["outputs"]:
        c = o["clk"]; w = len(c) // 3
        a = [c[3*i] / c[3*i+2] for i in range(w)]; b = [c[3*i+1] / c[3*i+2] for i in range(w)]
        iss.append(sum(a) / w); wt.append(sum(b) / w); lo, hi = min(a), max(a)
    iss.sort(); wt.sort()
    print("%-26s %8.1f %8.1f  | %.1f..%.1f" % (os.path.basename(d), iss[len(iss)//2], wt[len(wt)//2], lo, hi))
PY
(cd $D && tar czf $OUT/cpa33.tgz env $(for d in cpa33_*; do for f in clock_runs.json provenance.json; do [ -e $d/$f ] && echo $d/$f; done; done))
