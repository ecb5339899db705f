#!/usr/bin/env bash
# lead (session 11): record tph_mbar_ops / tph_stsm_none (gen14_mbarops.py), evidence kernels with
# %clock64 stamps. Run from the repo root: bash device14_mbarops.sh [DIR NAME...] (default tph_mbar_ops). Steps: nvcc -ptx + ptxas -v + cuobjdump SASS (the new kernel and the
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
NAMES=("$@"); [ ${#NAMES[@]} -eq 0 ] && NAMES=(tph_mbar_ops)
DIRS=()
for n in "${NAMES[@]}"; do
  cp -rL $MB/validation/microbench/$n $D/
  d=$D/$n
  nvcc -ptx -arch=sm_90a -O3 -o $d/kernel.ptx $d/kernel.cu > $B/sass/$n.nvcc.txt 2>&1 || { cat $B/sass/$n.nvcc.txt; exit 1; }
  rm -f $d/kernel.ptx.gz
  ptxas -arch=sm_90a -v -o $B/t.cubin $d/kernel.ptx > $B/sass/$n.ptxas.txt 2>&1
  cuobjdump --dump-sass $B/t.cubin > $B/sass/$n.sass 2>&1
  e=${n#tph_}
  ptxas -arch=sm_90a -v -o $B/e.cubin $MB/validation/testdata/$e/kernel.ptx > $B/sass/$e.ptxas.txt 2>&1
  cuobjdump --dump-sass $B/e.cubin > $B/sass/$e.sass 2>&1
  DIRS+=($d)
done
stamp "cold stamps (ncu --cache-control all)"
mkdir -p $B/cold; CD=(); for d in "${DIRS[@]}"; do cp -r $d $B/cold/; CD+=($B/cold/$(basename $d)); done
timeout 120 ncu --clock-control none --cache-control all --print-units base --csv --log-file $B/ncu_cold.csv \
  --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second python3 $MB/tools/microbench/mb.py run --runs 3 "${CD[@]}" > $B/cold.log 2>&1
echo "cold rc=$?"
for d in "${DIRS[@]}"; do [ -f $B/cold/$(basename $d)/clock_runs.json ] && cp $B/cold/$(basename $d)/clock_runs.json $d/clock_runs_cold.json; done
stamp "warm run"
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 "${DIRS[@]}" 2>&1 | tee $B/run.log | cut -c1-300
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
LL=(); for r in 1 2 3; do LL+=("${DIRS[@]}"); done
stamp "ncu x3"
timeout 100 ncu --clock-control none --print-units base --csv --log-file $B/ncu_a.csv --metrics $M0 \
  python3 $MB/tools/microbench/mb.py once --order $B/order_a.txt "${LL[@]}" > $B/ncu_a.log 2>&1
echo "ncu rc=$?"
python3 $MB/tools/microbench/mb.py cycles --order $B/order_a.txt --csv $B/ncu_a.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (3 launches each, interleaved)" "${DIRS[@]}" 2>&1 | tail -5
for d in "${DIRS[@]}"; do cat $d/cycles.json | head -12; done
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for n in "${NAMES[@]}"; do for f in kernel.ptx clock_runs.json clock_runs_cold.json cycles.json provenance.json gpu; do [ -e $n/$f ] && echo $n/$f; done; done))
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log)
stamp done
