#!/usr/bin/env bash
# cpa29 (session 29, helper cpa): the cp.async fill's knee on the H200 (validation/timing/cpa29.md). The
# directories cpasync_k29_{ca,cg}16_w{2,6,12,24} (cpasync_{ca,cg}16_tput_w8's kernel and PTX, 2..24 warps of one CTA,
# 4 copies of 512 B in flight each) and the two _w8 originals as controls lie loose in $H (default
# .devbuild/cpa/mb); carry [".devbuild/cpa"]. Steps: GPU clocks; ptxas + cuobjdump of the PTX (LDGSTS count);
# mb.py run --runs 5 (fresh buffers each launch, as the recordings); ncu sm__cycles_elapsed.avg.per_second on
# one launch of each control (--cache-control none). Results in $OUT/cpa29.tgz.
set -u
MB=$(pwd); H=${H:-.devbuild/cpa/mb}; D=/tmp/cpa29; rm -rf $D; mkdir -p $D/env
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv | tee $D/env/nvidia_smi_csv.txt
cp -rL $H/* $D/
ptxas -arch=sm_90a -v -o $D/env/k.cubin $D/cpasync_k29_cg16_w2/kernel.ptx > $D/env/ptxas.txt 2>&1
cuobjdump --dump-sass $D/env/k.cubin > $D/env/kernel.sass 2>&1; rm -f $D/env/k.cubin
grep -o "LDGSTS[.A-Z0-9]*" $D/env/kernel.sass | sort | uniq -c
DIRS=$(ls -d $D/cpasync*)
timeout 120 python3 $MB/tools/microbench/mb.py run --runs 5 $DIRS > $D/env/run.log 2>&1; echo "run rc=$?"; tail -3 $D/env/run.log | cut -c1-300
timeout 60 ncu --clock-control none --cache-control none --print-units base --csv \
  --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second \
  python3 $MB/tools/microbench/mb.py once --order $D/env/order.txt $D/cpasync_ca16_tput_w8 $D/cpasync_cg16_tput_w8 > $D/env/ncu.csv 2>&1
echo "ncu rc=$?"; grep -E "per_second|cycles_elapsed" $D/env/ncu.csv | cut -c1-200
D=$D python3 - <<'PY'
import json, glob, os
for d in sorted(glob.glob(os.environ["D"] + "/cpasync*")):
    p = os.path.join(d, "clock_runs.json")
    if not os.path.exists(p): print(os.path.basename(d), "no clock_runs"); continue
    j = json.load(open(p)); r = []
    for o in j["outputs"]:
        c = o["clk"]; w = len(c) // 2
        r.append(w * 64 * 512 / max(c[1::2]))
    r.sort(); print(os.path.basename(d), "bytes/cycle/SM runs", " ".join("%.2f" % x for x in r), "median %.2f" % r[len(r) // 2])
PY
(cd $D && tar czf $OUT/cpa29.tgz env $(for d in cpasync*; do for f in clock_runs.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
