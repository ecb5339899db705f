#!/usr/bin/env bash
# tmald (session 8): record families tph / tphl (gen11_tmald.py) and diagnose the single-CTA
# TMA-load evidence launches. Run from the repo root with D = a folder holding the tph*_ directories
# (copies). Steps: nvcc -ptx + ptxas -v + cuobjdump SASS of each new kernel and of the four evidence
# kernels' recorded PTX; mb.py run --runs 5 (warm: no ncu); the tph_* directories again under ncu
# with its cache flush (--cache-control all: the stamps of flushed launches, clock_runs_cold.json);
# one ncu pass x3 with device.sh's metric set (cycles.json); the evidence launches x3 under ncu with
# --cache-control all and none (WarpStateStats; diagnosis only).
# Results: $OUT/mb.tgz (kernel.ptx, clock_runs*.json, cycles.json, provenance.json, gpu/ of each
# directory), $OUT/build.tgz (env, SASS, ncu csv, logs).
set -u
D=${D:?}; MB=$(pwd); B=/tmp/mb11; rm -rf $B; mkdir -p $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
DIRS=()
for d in $D/tph*_*/; do
  d=${d%/}; n=$(basename $d)
  nvcc -ptx -arch=sm_90a -O3 -o $d/kernel.ptx $d/kernel.cu > $B/sass/$n.nvcc.txt 2>&1 || { cat $B/sass/$n.nvcc.txt; continue; }
  ptxas -arch=sm_90a -v -o $B/$n.cubin $d/kernel.ptx > $B/sass/$n.ptxas.txt 2>&1
  cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1
  DIRS+=($d)
done
EV=(); for n in tma_load_2d_none tma_load_2d_shift tma_load_nd_r3 tma_bulk; do
  mkdir -p $B/ev; cp -rL $MB/validation/testdata/$n $B/ev/$n
  [ -f $B/ev/$n/kernel.ptx.gz ] && { zcat $B/ev/$n/kernel.ptx.gz > $B/ev/$n/kernel.ptx; rm $B/ev/$n/kernel.ptx.gz; }
  ptxas -arch=sm_90a -v -o $B/$n.cubin $B/ev/$n/kernel.ptx > $B/sass/$n.ptxas.txt 2>&1
  cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1
  EV+=($B/ev/$n)
done
stamp "cold stamps (ncu --cache-control all)"
mkdir -p $B/cold; CD=(); for d in "${DIRS[@]}"; do cp -r $d $B/cold/; CD+=($B/cold/$(basename $d)); done
timeout 120 ncu --clock-control none --cache-control all --print-units base --csv --log-file $B/ncu_cold.csv \
  --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second python3 $MB/tools/microbench/mb.py run --runs 3 "${CD[@]}" > $B/cold.log 2>&1
echo "cold rc=$?"; grep -c . $B/cold.log
for d in "${DIRS[@]}"; do [ -f $B/cold/$(basename $d)/clock_runs.json ] && cp $B/cold/$(basename $d)/clock_runs.json $d/clock_runs_cold.json; done
stamp "warm run"
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 "${DIRS[@]}" 2>&1 | tee $B/run.log | cut -c1-300
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
LL=(); for r in 1 2 3; do LL+=("${DIRS[@]}"); done
stamp "ncu: ${#LL[@]} launches"
timeout 100 ncu --clock-control none --print-units base --csv --log-file $B/ncu_a.csv --metrics $M0 \
  python3 $MB/tools/microbench/mb.py once --order $B/order_a.txt "${LL[@]}" > $B/ncu_a.log 2>&1
echo "ncu rc=$?"
python3 $MB/tools/microbench/mb.py cycles --order $B/order_a.txt --csv $B/ncu_a.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (each directory 3 times, interleaved)" "${DIRS[@]}" 2>&1 | tail -20
stamp "evidence: cache-control all / none"
LE=(); for r in 1 2 3; do LE+=("${EV[@]}"); done
for cc in all none; do
  timeout 100 ncu --clock-control none --cache-control $cc --print-units base --csv --page raw \
    --section WarpStateStats --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,sm__cycles_active.max,smsp__inst_executed.sum,lts__t_sectors_srcunit_tex.sum,lts__t_sectors_srcunit_tex_lookup_miss.sum,dram__sectors_read.sum \
    --log-file $B/ev_$cc.csv python3 $MB/tools/microbench/mb.py once --order $B/ev_order_$cc.txt "${LE[@]}" > $B/ev_$cc.log 2>&1
  echo "ev $cc rc=$?"
done
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in tph*_*; do for f in kernel.ptx clock_runs.json clock_runs_cold.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log)
stamp done
