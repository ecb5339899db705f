#!/usr/bin/env bash
# icache helper, session 13: one device call per GPU (run from the repo root).
set -u
MB=.devbuild/icache/mb
B=/tmp/icb; rm -rf $B; mkdir -p $B/env $B/sass
export PYTHONUNBUFFERED=1
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
ALL=(); for d in $MB/validation/microbench/icgap_*/; do ALL+=("${d%/}"); done
for d in "${ALL[@]}"; do n=$(basename $d)
  ( nvcc -ptx -arch=sm_90a -O3 -o $d/kernel.ptx $d/kernel.cu > $B/sass/$n.nvcc.txt 2>&1 && ptxas -arch=sm_90a -v -o $B/$n.cubin $d/kernel.ptx > $B/sass/$n.ptxas.txt 2>&1 && cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1 ) &
done
for n in fma_tput_w1 chain_add_s32 idivtput_s64 coldj_k64_s1 coldj_k64_s17 coldc_s4 flushj_n0 icache_ffma_w1 flushs_k8; do
  f=validation/microbench/$n/kernel.ptx; [ -e $f ] || { gunzip -c $f.gz > /tmp/$n.ptx; f=/tmp/$n.ptx; }
  ( ptxas -arch=sm_90a -o $B/$n.cubin $f > $B/sass/$n.ptxas.txt 2>&1 && cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1 ) &
done
wait
stamp warm-up
python3 -c "
import torch,time
a=torch.randn(8192,8192,device='cuda',dtype=torch.bfloat16)
t=time.time()
while time.time()-t<1.5: (a@a); torch.cuda.synchronize()
" 2>&1 | tail -2
stamp run
timeout 60 python3 tools/microbench/mb.py run --runs 5 "${ALL[@]}" > $B/run.log 2>&1; echo "run rc=$?"; grep -v " ok " $B/run.log | tail -5
L=(); for r in 1 2 3; do L+=("${ALL[@]}"); done
M=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
stamp ncu
timeout 200 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M --log-file $B/ncu_all.csv \
  python3 tools/microbench/mb.py once --order $B/order_all.txt --dump $B/dump_all.jsonl "${L[@]}" > $B/log_all.txt 2>&1
echo "ncu rc=$? launches=$(wc -l < $B/order_all.txt)"; tail -3 $B/log_all.txt
python3 tools/microbench/mb.py cycles --order $B/order_all.txt --csv $B/ncu_all.csv --env $B/env \
  --command "ncu --clock-control none --cache-control all --print-units base --csv --metrics $M python3 tools/microbench/mb.py once --dump (each directory 3 times, interleaved)" "${ALL[@]}" 2>&1 | tail -3
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $B/env/nvidia_smi_csv.txt
stamp pack
tar czf $OUT/mb.tgz $MB/validation/microbench
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log *.jsonl)
for d in "${ALL[@]}"; do echo "$(basename $d) $(head -c 300 $d/clock_runs.json | tr -d '\n' | cut -c1-200)"; done
grep -h "" $B/dump_all.jsonl | cut -c1-200 | head -30
stamp done
