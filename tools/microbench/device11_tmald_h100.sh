#!/usr/bin/env bash
# tmald (session 8): the H100 recording of families tph / tphl (gen11_tmald.py) from the kernel.ptx
# recorded on the H200 (same nvcc 13.0): mb.py run --runs 5 and one ncu pass x3 (device.sh's metric
# set). Run from the repo root with D = a folder holding the tph*_ directories (copies, with
# kernel.ptx); results: $OUT/mb.tgz (clock_runs.json, cycles.json, provenance.json of each directory;
# renamed .h100.json on merge), $OUT/build.tgz (env, ncu csv, logs).
set -u
D=${D:?}; MB=$(pwd); B=/tmp/mb11h; rm -rf $B; mkdir -p $B/env
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
DIRS=(); for d in $D/tph*_*/; do DIRS+=(${d%/}); done
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 "${DIRS[@]}" 2>&1 | tee $B/run.log | cut -c1-200
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
LL=(); for r in 1 2 3; do LL+=("${DIRS[@]}"); done
timeout 100 ncu --clock-control none --print-units base --csv --log-file $B/ncu_a.csv --metrics $M0 \
  python3 $MB/tools/microbench/mb.py once --order $B/order_a.txt "${LL[@]}" > $B/ncu_a.log 2>&1
echo "ncu rc=$?"
python3 $MB/tools/microbench/mb.py cycles --order $B/order_a.txt --csv $B/ncu_a.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (each directory 3 times, interleaved)" "${DIRS[@]}" 2>&1 | tail -20
(cd $D && tar czf $OUT/mb.tgz $(for d in tph*_*; do for f in clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $B && tar czf $OUT/build.tgz env *.csv *.txt *.log)
