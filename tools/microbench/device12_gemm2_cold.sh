#!/usr/bin/env bash
# gemm2 (session 9), second call: record the two new gmm12 directories (Triton's loop not serialized: one CTA,
# 132 CTAs one per SM) like dev1.sh, then every gmm12 directory under ncu with caches flushed (ncu's default,
# as the evidence launches; --dump keeps each profiled launch's clk: the cold stamps) and with --cache-control
# none, 3 launches each, interleaved. $OUT/mb.tgz (new dirs), $OUT/cold.tgz (dumps, ncu csv), $OUT/build.tgz.
set -u
D=${D:?}; MB=$(pwd); B=/tmp/mb12; rm -rf $B; mkdir -p $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
ALL=(); NEW=()
for d in $D/gmm12_*/; do
  d=${d%/}; n=$(basename $d)
  nvcc -ptx -arch=sm_90a -O3 -o $d/kernel.ptx $d/kernel.cu > $B/sass/$n.nvcc.txt 2>&1 || { echo "NVCC FAIL $n"; continue; }
  ALL+=($d)
  case $n in gmm12_t_c1_k1024|gmm12_t_c132_k1024_s1)
    ptxas -arch=sm_90a -v -o $B/$n.cubin $d/kernel.ptx > $B/sass/$n.ptxas.txt 2>&1
    cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1
    grep -h -E "registers|C7515" $B/sass/$n.ptxas.txt | sed "s/^/$n: /" | cut -c1-160
    NEW+=($d);;
  esac
done
stamp "warm runs (new)"
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 "${NEW[@]}" 2>&1 | tee $B/run.log | cut -c1-200
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
LL=(); for r in 1 2 3; do LL+=("${NEW[@]}"); done
timeout 60 ncu --clock-control none --print-units base --csv --log-file $B/ncu_a.csv --metrics $M0 \
  python3 $MB/tools/microbench/mb.py once --order $B/order_a.txt "${LL[@]}" > $B/ncu_a.log 2>&1
echo "ncu rc=$?"
python3 $MB/tools/microbench/mb.py cycles --order $B/order_a.txt --csv $B/ncu_a.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (each directory 3 times, interleaved)" "${NEW[@]}" 2>&1 | tail -4
M=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${ALL[@]}"); done
for cc in all none; do
  stamp "ncu --cache-control $cc --dump: ${#L[@]} launches"
  timeout 120 ncu --clock-control none --cache-control $cc --print-units base --csv --metrics $M \
    --log-file $B/cold_$cc.csv python3 $MB/tools/microbench/mb.py once --order $B/cold_order_$cc.txt --dump $B/dump_$cc.jsonl "${L[@]}" > $B/cold_$cc.log 2>&1
  echo "pass $cc rc=$? launches=$(wc -l < $B/cold_order_$cc.txt)"
done
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in gmm12_t_c1_k1024 gmm12_t_c132_k1024_s1; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $B && tar czf $OUT/cold.tgz dump_*.jsonl cold_*.csv cold_order_*.txt cold_*.log)
(cd $B && tar czf $OUT/build.tgz env sass *.txt *.log *.csv)
stamp done
