#!/usr/bin/env bash
# gemm2 (session 9): record family gmm12 (tools/microbench/gen12_gemm2.py) on this GPU and diagnose the
# two 4096^3 evidence GEMMs (ncu counters only; read, never fitted). Run from the repo root, D = folder
# with the gmm12_* directories. $OUT/mb.tgz: kernel.ptx, clock_runs.json, cycles.json, provenance.json, gpu/
# of each directory; $OUT/build.tgz: env, SASS, ptxas -v, ncu csv, logs.
set -u
D=${D:?}; MB=$(pwd); B=/tmp/mb12; rm -rf $B; mkdir -p $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
DIRS=()
for d in $D/gmm12_*/; do
  d=${d%/}; n=$(basename $d)
  nvcc -ptx -arch=sm_90a -O3 -o $d/kernel.ptx $d/kernel.cu > $B/sass/$n.nvcc.txt 2>&1 || { echo "NVCC FAIL $n"; head -30 $B/sass/$n.nvcc.txt; continue; }
  ptxas -arch=sm_90a -v -o $B/$n.cubin $d/kernel.ptx > $B/sass/$n.ptxas.txt 2>&1
  cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1
  grep -h -E "registers|C7515" $B/sass/$n.ptxas.txt | sed "s/^/$n: /" | cut -c1-200
  DIRS+=($d)
done
EV=(); for n in gemm_wgmma_4096 triton_matmul_tma_4096; do
  mkdir -p $B/ev; cp -rL $MB/validation/testdata/$n $B/ev/$n
  [ -f $B/ev/$n/kernel.ptx.gz ] && { zcat $B/ev/$n/kernel.ptx.gz > $B/ev/$n/kernel.ptx; rm $B/ev/$n/kernel.ptx.gz; }
  ptxas -arch=sm_90a -v -o $B/$n.cubin $B/ev/$n/kernel.ptx > $B/sass/$n.ptxas.txt 2>&1
  cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1
  EV+=($B/ev/$n)
done
stamp "warm runs"
timeout 90 python3 $MB/tools/microbench/mb.py run --runs 5 "${DIRS[@]}" 2>&1 | tee $B/run.log | cut -c1-250
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
LL=(); for r in 1 2 3; do LL+=("${DIRS[@]}"); done
stamp "ncu: ${#LL[@]} launches"
timeout 100 ncu --clock-control none --print-units base --csv --log-file $B/ncu_a.csv --metrics $M0 \
  python3 $MB/tools/microbench/mb.py once --order $B/order_a.txt "${LL[@]}" > $B/ncu_a.log 2>&1
echo "ncu rc=$?"
python3 $MB/tools/microbench/mb.py cycles --order $B/order_a.txt --csv $B/ncu_a.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (each directory 3 times, interleaved)" "${DIRS[@]}" 2>&1 | tail -12
stamp "diag: evidence + 264-CTA gmm12 under ncu (SOL, memory, warp states)"
LD=("${EV[@]}" $D/gmm12_p_c264_k1024 $D/gmm12_t_c264_k1024_ser)
timeout 150 ncu --clock-control none --print-units base --csv --page raw --section SpeedOfLight --section WarpStateStats \
  --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis --section Occupancy --section LaunchStats \
  --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,lts__t_sectors_srcunit_tex.sum,lts__t_sectors_srcunit_tex_lookup_miss.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_elapsed \
  --log-file $B/diag.csv python3 $MB/tools/microbench/mb.py once --order $B/diag_order.txt "${LD[@]}" > $B/diag.log 2>&1
echo "diag rc=$?"; tail -3 $B/diag.log
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in gmm12_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log)
stamp done
