#!/usr/bin/env bash
# lead (session 11): record tph_mbar_ops (gen14_mbarops.py), the mbar_ops evidence kernel with %clock64
# stamps. Run from the repo root. Steps: nvcc -ptx + ptxas -v + cuobjdump SASS (the new kernel and the
# evidence kernel's recorded PTX); the stamps under ncu's cache flush (--cache-control all, 3 launches:
# clock_runs_cold.json); mb.py run --runs 5 (warm: clock_runs.json, provenance.json, gpu/); ncu x3
# (cycles.json). Results: $OUT/mb.tgz, $OUT/build.tgz (env, SASS, ptxas -v, logs, ncu csv).
set -u
MB=$(pwd); D=/tmp/mb14; B=/tmp/b14; rm -rf $D $B; mkdir -p $D $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
cp -rL $MB/validation/microbench/tph_mbar_ops $D/
d=$D/tph_mbar_ops
nvcc -ptx -arch=sm_90a -O3 -o $d/kernel.ptx $d/kernel.cu > $B/sass/nvcc.txt 2>&1 || { cat $B/sass/nvcc.txt; exit 1; }
ptxas -arch=sm_90a -v -o $B/t.cubin $d/kernel.ptx > $B/sass/tph_mbar_ops.ptxas.txt 2>&1
cuobjdump --dump-sass $B/t.cubin > $B/sass/tph_mbar_ops.sass 2>&1
ptxas -arch=sm_90a -v -o $B/e.cubin $MB/validation/testdata/mbar_ops/kernel.ptx > $B/sass/mbar_ops.ptxas.txt 2>&1
cuobjdump --dump-sass $B/e.cubin > $B/sass/mbar_ops.sass 2>&1
stamp "cold stamps (ncu --cache-control all)"
mkdir -p $B/cold; cp -r $d $B/cold/
timeout 120 ncu --clock-control none --cache-control all --print-units base --csv --log-file $B/ncu_cold.csv \
  --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second python3 $MB/tools/microbench/mb.py run --runs 3 $B/cold/tph_mbar_ops > $B/cold.log 2>&1
echo "cold rc=$?"
[ -f $B/cold/tph_mbar_ops/clock_runs.json ] && cp $B/cold/tph_mbar_ops/clock_runs.json $d/clock_runs_cold.json
stamp "warm run"
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 $d 2>&1 | tee $B/run.log | cut -c1-300
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
stamp "ncu x3"
timeout 100 ncu --clock-control none --print-units base --csv --log-file $B/ncu_a.csv --metrics $M0 \
  python3 $MB/tools/microbench/mb.py once --order $B/order_a.txt $d $d $d > $B/ncu_a.log 2>&1
echo "ncu rc=$?"
python3 $MB/tools/microbench/mb.py cycles --order $B/order_a.txt --csv $B/ncu_a.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (3 launches)" $d 2>&1 | tail -5
python3 - <<'PY'
import json
for f in ("clock_runs_cold.json", "clock_runs.json"):
    try:
        r = json.load(open("/tmp/mb14/tph_mbar_ops/" + f))["outputs"]
    except Exception as e:
        print(f, e); continue
    for o in r:
        c = o["clk"]
        print(f, "w0", c[1:14], "w1", c[17:30])
print(open("/tmp/mb14/tph_mbar_ops/cycles.json").read()[:400])
PY
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for f in kernel.ptx clock_runs.json clock_runs_cold.json cycles.json provenance.json gpu; do [ -e tph_mbar_ops/$f ] && echo tph_mbar_ops/$f; done))
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log)
stamp done
