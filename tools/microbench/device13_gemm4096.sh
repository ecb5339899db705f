#!/usr/bin/env bash
# gemm4096 (session 10): record family gmm13 (tools/microbench/gen13_gemm4096.py) on this GPU: compile, two
# warm runs (mb.py run: gpu/clk.npy, clock_runs.json, provenance.json), then every directory 3 times
# (interleaved) under ncu with caches flushed (ncu's default, as the evidence launches; --dump keeps each
# profiled launch's clk) and its DRAM / L2 counters. Run from the repo root, D = folder with the gmm13_*
# directories. $OUT/mb.tgz (directory files), $OUT/cold.tgz (dumps, ncu csv, order), $OUT/build.tgz.
set -u
D=${D:?}; MB=$(pwd); B=/tmp/mb13; rm -rf $B; mkdir -p $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
DIRS=()
for d in $D/gmm13_*/; do
  d=${d%/}; n=$(basename $d)
  nvcc -ptx -arch=sm_90a -O3 -o $d/kernel.ptx $d/kernel.cu > $B/sass/$n.nvcc.txt 2>&1 || { echo "NVCC FAIL $n"; head -30 $B/sass/$n.nvcc.txt; continue; }
  ptxas -arch=sm_90a -v -o $B/$n.cubin $d/kernel.ptx > $B/sass/$n.ptxas.txt 2>&1
  cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1
  grep -h -E "registers|C7515" $B/sass/$n.ptxas.txt | sed "s/^/$n: /" | cut -c1-200
  DIRS+=($d)
done
stamp "warm runs"
timeout 120 python3 $MB/tools/microbench/mb.py run --runs 2 "${DIRS[@]}" 2>&1 | tee $B/run.log | cut -c1-250
M=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex.sum,lts__t_sectors_srcunit_tex_lookup_miss.sum,dram__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg.per_second
L=(); for r in 1 2 3; do L+=("${DIRS[@]}"); done
stamp "ncu flushed --dump: ${#L[@]} launches"
timeout 240 ncu --clock-control none --print-units base --csv --metrics $M --log-file $B/ncu_all.csv \
  python3 $MB/tools/microbench/mb.py once --order $B/order_all.txt --dump $B/dump_all.jsonl "${L[@]}" > $B/ncu_all.log 2>&1
echo "ncu rc=$? launches=$(wc -l < $B/order_all.txt)"; tail -3 $B/ncu_all.log
python3 $MB/tools/microbench/mb.py cycles --order $B/order_all.txt --csv $B/ncu_all.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M python3 tools/microbench/mb.py once --dump (each directory 3 times, interleaved; tools/microbench/device13_gemm4096.sh)" "${DIRS[@]}" 2>&1 | tail -8
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in gmm13_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $B && tar czf $OUT/cold.tgz dump_all.jsonl ncu_all.csv order_all.txt ncu_all.log)
(cd $B && tar czf $OUT/build.tgz env sass run.log)
stamp done
