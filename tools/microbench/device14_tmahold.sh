#!/usr/bin/env bash
# tmanthold (session 11): record family tmah (gen14_tmahold.py) on the device and dump the SASS of the
# CuTe tutorial GEMMs (validation/testdata/cute_wgmma_tma_{nt,tn}: reading what ptxas emits, issue 14
# item 4). Run from the repo root with H = a folder holding tmah.cu and dirs/tmah_*/ (copies of
# validation/microbench/tmah_*). Steps: nvcc -ptx, ptxas -v, cuobjdump SASS; mb.py run --runs 5
# (clock_runs.json, provenance.json, gpu/); ncu x3 interleaved (cycles.json). Results: $OUT/mb.tgz (per
# directory), $OUT/build.tgz (env, SASS, ptxas -v, logs, ncu csv).
set -u
H=${H:?}; MB=$(pwd); D=/tmp/tmah; B=/tmp/b14; rm -rf $D $B; mkdir -p $D $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
nvcc -ptx -arch=sm_90a -O3 -o $B/kernel.ptx $H/tmah.cu > $B/sass/nvcc.txt 2>&1 || { cat $B/sass/nvcc.txt; exit 1; }
ptxas -arch=sm_90a -v -o $B/tmah.cubin $B/kernel.ptx > $B/sass/ptxas.txt 2>&1
cuobjdump --dump-sass $B/tmah.cubin > $B/sass/tmah.sass 2>&1
cp $B/kernel.ptx $B/sass/
# the evidence kernels with TMA loads under elect.sync (CuTe, CUTLASS, Triton, mbar_pipeline) and two without
for k in ${SASS_KERNELS:-cute_wgmma_tma_nt cute_wgmma_tma_tn}; do
  f=validation/testdata/$k/kernel.ptx; [ -f $f.gz ] && { zcat $f.gz > $B/$k.ptx; f=$B/$k.ptx; }
  ptxas -arch=sm_90a -v -o $B/$k.cubin $f > $B/sass/ptxas_$k.txt 2>&1
  cuobjdump --dump-sass $B/$k.cubin > $B/sass/$k.sass 2>&1
done
for f in $B/sass/*.sass; do echo "$(basename $f): UTMALDG $(grep -c UTMALDG $f) ELECT $(grep -c ' ELECT ' $f) BRA.U.ANY $(grep -c BRA.U.ANY $f) R2UR $(grep -c R2UR $f)"; done
DIRS=()
for d in $H/dirs/tmah_*/; do d=${d%/}; n=$(basename $d); cp -rL $d $D/$n; cp $B/kernel.ptx $D/$n/kernel.ptx; DIRS+=($D/$n); done
stamp "warm run (${#DIRS[@]} dirs)"
timeout 100 python3 $MB/tools/microbench/mb.py run --runs 5 "${DIRS[@]}" > $B/run.log 2>&1; echo "run rc=$?"
tail -3 $B/run.log | cut -c1-300
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
LL=(); for r in 1 2 3; do LL+=("${DIRS[@]}"); done
stamp "ncu: ${#LL[@]} launches"
timeout 120 ncu --clock-control none --print-units base --csv --log-file $B/ncu_a.csv --metrics $M0 \
  python3 $MB/tools/microbench/mb.py once --order $B/order_a.txt "${LL[@]}" > $B/ncu_a.log 2>&1
echo "ncu rc=$?"
python3 $MB/tools/microbench/mb.py cycles --order $B/order_a.txt --csv $B/ncu_a.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (each directory 3 times, interleaved)" "${DIRS[@]}" > $B/cycles.log 2>&1
tail -2 $B/cycles.log
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in tmah_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log)
python3 - <<'PY'
import json, glob, os
for d in sorted(glob.glob('/tmp/tmah/tmah_*')):
    p = os.path.join(d, 'clock_runs.json')
    if not os.path.exists(p):
        print(os.path.basename(d), 'NO RUNS'); continue
    r = json.load(open(p))['outputs']
    print(os.path.basename(d), [o['clk'][16:23] for o in r])
PY
stamp done
