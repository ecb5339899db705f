#!/usr/bin/env bash
# cpa35 probe (validation/timing/cpa35.md): gen.py's 105 directories (loose in .devbuild/cpa/k35/mb; carry
# .devbuild/cpa/k35). mb.py run --runs 5 (warm launches), ptxas+cuobjdump of the f4/f2 kernels, ncu SM clock on 4.
set -u
MB=$(pwd); D=/tmp/cpa35; rm -rf $D; mkdir -p $D/env; export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv | tee $D/env/nvidia_smi_csv.txt
nvcc --version > $D/env/nvcc_version.txt 2>&1; ncu --version > $D/env/ncu_version.txt 2>&1
cp -r .devbuild/cpa/k35/mb/* $D/
for v in ca_w2_f4_k64 ca_w2_f2_k64; do
  ptxas -arch=sm_90a -v -o $D/env/k.cubin $D/$v/kernel.ptx > $D/env/ptxas_$v.txt 2>&1
  cuobjdump --dump-sass $D/env/k.cubin > $D/env/$v.sass 2>&1; rm -f $D/env/k.cubin
  echo "$v: $(grep -c LDGSTS $D/env/$v.sass) LDGSTS; $(grep -E 'DEPBAR' $D/env/$v.sass | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
done
DIRS=$(ls -d $D/c[ag]_*)
timeout 200 python3 $MB/tools/microbench/mb.py run --runs 5 $DIRS > $D/env/run.log 2>&1; echo "run rc=$?"; grep -c " ok" $D/env/run.log
S="$D/ca_w2_f4_k64 $D/ca_w1_f1_k64 $D/ca_w4_f2_k56 $D/cg_w2_f4_k64"
timeout 120 ncu --clock-control none --print-units base --csv --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second \
  --log-file $D/env/ncu.csv python3 $MB/tools/microbench/mb.py once --order $D/env/order.txt $S $S > $D/env/ncu_log.txt 2>&1; echo "ncu rc=$?"
grep per_second $D/env/ncu.csv | awk -F'","' '{print $(NF-2), $NF}' | head -20
D=$D python3 - <<'PY' | tee $D/env/summary.txt
import json, glob, os, re
for d in sorted(glob.glob(os.environ["D"] + "/c[ag]_*")):
    n = os.path.basename(d); w, k = int(re.search(r"_w(\d+)", n).group(1)), int(re.search(r"_k(\d+)", n).group(1))
    p = os.path.join(d, "clock_runs.json")
    if not os.path.exists(p): print(n, "missing"); continue
    r = []
    for o in json.load(open(p))["outputs"]:
        c = o["clk"]; r.append((k * 1024 / max(c[1::2]), max(c[0::2]), max(c[1::2])))
    r.sort(); print(n, "B/cyc", " ".join("%.2f" % x[0] for x in r), "| r0/r1", " ".join("%d/%d" % (x[1], x[2]) for x in r))
PY
(cd $D && tar czf $OUT/cpa35.tgz env $(for d in c[ag]_*; do echo $d/clock_runs.json; done))
