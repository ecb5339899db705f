#!/usr/bin/env bash
# One device call for the tmast9_* directories (tools/microbench/gen8_tmast.py):
#   tools/microbench/device8_tmast.sh MBROOT
# MBROOT holds tools/microbench, tools/record and validation/microbench/tmast9_*
# (plain files). Compiles tmast9.cu once (nvcc -> PTX, ptxas -v, cuobjdump
# SASS), runs every directory 5 times (mb.py run), then one ncu process, 3
# launches per directory (sm__cycles_elapsed.max and .avg.per_second:
# cycles.json). Results: $OUT/mb.tgz (the directories), $OUT/build.tgz (env,
# sass, ncu csv, logs). device7_tmast.sh's steps for another family.
set -u
MB=$1
B=/tmp/mb8; rm -rf $B; mkdir -p $B/env $B/sass
OUT=${OUT:-/tmp/mb8out}; mkdir -p $OUT
T0=$(date +%s)
stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
D=(); for d in $MB/validation/microbench/tmast9_*/; do D+=("${d%/}"); done
stamp "compile (${#D[@]} dirs)"
nvcc -ptx -arch=sm_90a -O3 -o $B/t9.ptx ${D[0]}/kernel.cu > $B/sass/tmast9.nvcc.txt 2>&1 || { echo "nvcc FAILED"; cat $B/sass/tmast9.nvcc.txt; exit 1; }
ptxas -arch=sm_90a -v -o $B/t9.cubin $B/t9.ptx > $B/sass/tmast9.ptxas.txt 2>&1 || cat $B/sass/tmast9.ptxas.txt
cuobjdump --dump-sass $B/t9.cubin > $B/sass/tmast9.sass 2>&1
for d in "${D[@]}"; do cp $B/t9.ptx $d/kernel.ptx; echo "$(basename $d) tmast9" >> $B/sass/dir_to_sass.txt; done
grep -c -E "BRX|UBLKRED|SR_CgaCtaId" $B/sass/tmast9.sass
stamp run
timeout 120 python3 $MB/tools/microbench/mb.py run --runs 5 "${D[@]}" 2>&1 | tee $B/run.log | tail -20
METRICS=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
L=(); for r in 1 2 3; do L+=("${D[@]}"); done
stamp "ncu: ${#L[@]} launches"
timeout 150 ncu --clock-control none --print-units base --csv --log-file $B/ncu_t9.csv --metrics $METRICS \
  python3 $MB/tools/microbench/mb.py once --order $B/order_t9.txt "${L[@]}" > $B/ncu_t9.log 2>&1
echo "ncu rc=$?"; tail -3 $B/ncu_t9.log
python3 $MB/tools/microbench/mb.py cycles --order $B/order_t9.txt --csv $B/ncu_t9.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $METRICS python3 tools/microbench/mb.py once (each directory 3 times, interleaved)" "${D[@]}" | tail -3
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $B/env/nvidia_smi_csv.txt
stamp pack
(cd $MB && tar czf $OUT/mb.tgz validation/microbench/tmast9_*/)
cp $B/run.log $OUT/run.log 2>/dev/null
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log)
stamp done
