#!/usr/bin/env bash
# cpin31 (session 31, helper cpin): cp.async pipelines from HBM, strided and on several SMs (validation/timing/cpin31.md). The
# directories cpasync_p31_* (tools/microbench/cpin31/gen31.py: launch.yaml + kernel.ptx, the hand-written
# cp_pipe2.ptx) lie loose in $H (default .devbuild/cpin/mb); carry [".devbuild/cpin"]. Steps: GPU clocks;
# ptxas + cuobjdump of the PTX (LDGSTS count); mb.py run --runs 5 (fresh buffers each launch, as the
# recordings); ncu --cache-control all, each directory 3 times interleaved (mb.py once), mb.py cycles.
# Results in $OUT/cpin31.tgz (env/, DIR/{clock_runs.json,provenance.json,gpu,cycles.json}).
set -u
MB=$(pwd); H=${H:-.devbuild/cpin/mb}; D=/tmp/cpin31; rm -rf $D; mkdir -p $D/env
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv | tee $D/env/nvidia_smi_csv.txt
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $D/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $D/env/driver.txt
ncu --version > $D/env/ncu_version.txt 2>&1; nvcc --version > $D/env/nvcc_version.txt 2>&1
cp -rL $H/cpasync_p31_* $D/
ptxas -arch=sm_90a -v -o $D/env/k.cubin $D/cpasync_p31_c4_s4_n1_x512/kernel.ptx > $D/env/ptxas.txt 2>&1
cuobjdump --dump-sass $D/env/k.cubin > $D/env/kernel.sass 2>&1; rm -f $D/env/k.cubin
grep -o "LDGSTS[.A-Z0-9]*\|DEPBAR[.A-Z0-9]*\|LDGDEPBAR" $D/env/kernel.sass | sort | uniq -c
DIRS=$(ls -d $D/cpasync_p31_*)
timeout 100 python3 $MB/tools/microbench/mb.py run --runs 5 $DIRS > $D/env/run.log 2>&1; echo "run rc=$?"; tail -3 $D/env/run.log | cut -c1-300
L=(); for r in 1 2 3; do L+=($DIRS); done
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,dram__cycles_elapsed.avg.per_second
timeout 100 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $D/env/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $D/env/order.txt "${L[@]}" > $D/env/log.txt 2>&1
echo "ncu rc=$? launches=$(wc -l < $D/env/order.txt)"
CMD="ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (each directory 3 times, interleaved; tools/microbench/cpin31/device31_cpin.sh)"
python3 $MB/tools/microbench/mb.py cycles --order $D/env/order.txt --csv $D/env/ncu_all.csv --env $D/env --command "$CMD" $DIRS > $D/env/cycles.log 2>&1; echo "cycles rc=$?"
grep -E "per_second" $D/env/ncu_all.csv | head -4 | cut -c1-200
D=$D python3 - <<'PY'
import json, glob, os
for d in sorted(glob.glob(os.environ["D"] + "/cpasync_p31_*")):
    p = os.path.join(d, "clock_runs.json")
    if not os.path.exists(p): print(os.path.basename(d), "no clock_runs"); continue
    j = json.load(open(p)); r = []
    for o in j["outputs"]:
        c = o["clk"]; rows = [c[i:i + 2] for i in range(0, len(c), 2)]
        per = sorted(8 * 128 * 1024 / max(x[1] for x in rows[b:b + 8]) for b in range(0, len(rows), 8))
        r.append((per[len(per) // 2], per[0], per[-1]))
    r.sort(); print(os.path.basename(d), "B/cyc/SM rep1 (median, min, max over CTAs)", " ".join("%.2f(%.1f-%.1f)" % x for x in r))
    p = os.path.join(d, "cycles.json")
    if os.path.exists(p): print("   ncu", json.load(open(p)).get("sm__cycles_elapsed.max"))
PY
(cd $D && tar czf $OUT/cpin31.tgz env $(for d in cpasync_p31_*; do for f in clock_runs.json provenance.json gpu cycles.json; do [ -e $d/$f ] && echo $d/$f; done; done))
