#!/usr/bin/env bash
# tmald: record family tma7ld (gen7_tmald.py) on the device, device6_h100rec.sh's
# way: nvcc -ptx + ptxas -v + cuobjdump SASS (also of tma.cu and tmax.cu, to read
# the tma_mcast / tma_desc loops), mb.py run --runs 5, one ncu pass x3 with
# device.sh's metric set. Run from the repo root with D = a folder holding
# tma7ld.cu and the t7mc_* directories (copies); results: $OUT/mb.tgz (each
# directory's kernel.ptx, clock_runs.json, cycles.json, provenance.json, gpu/),
# $OUT/build.tgz (env, SASS, ncu csv, logs).
set -u
D=${D:?}; MB=$(pwd); B=/tmp/mb7; rm -rf $B; mkdir -p $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
for f in $D/tma7ld.cu $MB/tools/microbench/tma.cu $MB/tools/microbench/tmax.cu; do
  n=$(basename $f .cu)
  nvcc -ptx -arch=sm_90a -O3 -o $B/$n.ptx $f > $B/sass/$n.nvcc.txt 2>&1 || cat $B/sass/$n.nvcc.txt
  ptxas -arch=sm_90a -v -o $B/$n.cubin $B/$n.ptx > $B/sass/$n.ptxas.txt 2>&1 || cat $B/sass/$n.ptxas.txt
  cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1
done
DIRS=(); for d in $D/t7mc_*/; do d=${d%/}; cp $B/tma7ld.ptx $d/kernel.ptx; DIRS+=($d); done
stamp warm-up
python3 -c "
import torch,time
a=torch.randn(8192,8192,device='cuda',dtype=torch.bfloat16)
t=time.time()
while time.time()-t<2.0: (a@a); torch.cuda.synchronize()
" 2>&1 | tail -2
stamp run
timeout 90 python3 $MB/tools/microbench/mb.py run --runs 5 "${DIRS[@]}" 2>&1 | tee $B/run.log
# references recorded earlier (printed only, to compare this run with the recordings)
timeout 30 python3 $MB/tools/microbench/mb.py run --runs 3 $MB/validation/microbench/{tma_nomcast2_4k,tma_mcast2_16k,cluster_bar_c2,tma_load_128b_4k_lat} 2>&1 | tee $B/ref.log
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
LL=(); for r in 1 2 3; do LL+=("${DIRS[@]}"); done
stamp "ncu: ${#LL[@]} launches"
timeout 120 ncu --clock-control none --print-units base --csv --log-file $B/ncu_a.csv --metrics $M0 \
  python3 $MB/tools/microbench/mb.py once --order $B/order_a.txt "${LL[@]}" > $B/ncu_a.log 2>&1
echo "ncu rc=$?"
python3 $MB/tools/microbench/mb.py cycles --order $B/order_a.txt --csv $B/ncu_a.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (each directory 3 times, interleaved)" "${DIRS[@]}" 2>&1 | tail -20
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in t7mc_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log)
cp $B/sass/tma7ld.sass $B/sass/tma.sass $OUT/ 2>/dev/null
stamp done
