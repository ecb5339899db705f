#!/usr/bin/env bash
# One device call for the l2bw family (tools/microbench/gen6_l2.py) and,
# optionally, a second GPU's recording of other directories:
#   tools/microbench/device6_l2.sh MBROOT
# MBROOT holds tools/microbench, tools/record and validation/microbench/<dir>
# (plain files, links resolved). Environment:
#   L2='l2bw_*'      the L2 directories: compiled when kernel.ptx is missing, run
#                    5 times, then ncu 5 launches each with the L2/DRAM clocks
#                    and lts__t_bytes; then l2hot.py (hot GPU) bare and under ncu
#   OTHER='glob|..'  more directories (PTX present): run 5 times, ncu 3 launches
#                    each with device.sh's metrics
#   HOT_BURSTS=4     bursts of matmuls before each hot launch (0: no hot pass)
#   FABRIC=1         add lts__t_sectors_srcunit_{ltcfabric,tex}.sum (L2 traffic
#                    between the two partitions; only if ncu --query-metrics has it)
# Results: $OUT/mb.tgz (the directories), $OUT/build.tgz (env, sass, ncu csv,
# logs), $OUT/hot.json, $OUT/hot_ncu.csv.
set -u
shopt -s extglob
MB=$1
L2=${L2:-l2bw_*}
OTHER=${OTHER:-}
HOT_BURSTS=${HOT_BURSTS:-4}
B=/tmp/mb6; rm -rf $B; mkdir -p $B/env $B/sass
OUT=${OUT:-/tmp/mb6out}; mkdir -p $OUT
T0=$(date +%s)
stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
V=$MB/validation/microbench
LD=(); for d in $V/$L2/; do [ -d $d ] && LD+=("${d%/}"); done
OD=(); if [ -n "$OTHER" ]; then for d in $V/*/; do n=$(basename $d); eval "case \$n in $OTHER) OD+=(\"${d%/}\");; esac"; done; fi
echo "L2 dirs: ${#LD[@]}, other dirs: ${#OD[@]}"
stamp compile
# the l2bw source once; the SASS of every distinct PTX of the L2 dirs (folding check)
for d in "${LD[@]}"; do
  if [ ! -f $d/kernel.ptx ]; then
    [ -f $B/l2bw.ptx ] || nvcc -ptx -arch=sm_90a -O3 -o $B/l2bw.ptx $d/kernel.cu > $B/sass/l2bw.nvcc.txt 2>&1 || { echo "nvcc FAILED"; cat $B/sass/l2bw.nvcc.txt; }
    cp $B/l2bw.ptx $d/kernel.ptx
  fi
done
if [ ${#LD[@]} -gt 0 ]; then
  ptxas -arch=sm_90a -v -o $B/l2bw.cubin ${LD[0]}/kernel.ptx > $B/sass/${LD[0]##*/}.ptxas.txt 2>&1 || cat $B/sass/${LD[0]##*/}.ptxas.txt
  cuobjdump --dump-sass $B/l2bw.cubin > $B/sass/${LD[0]##*/}.sass 2>&1
  for d in "${LD[@]}"; do echo "${d##*/} ${LD[0]##*/}" >> $B/sass/dir_to_sass.txt; done
  grep -E "LDG|UTMALDG|Used" $B/sass/${LD[0]##*/}.sass $B/sass/*.ptxas.txt | head -20
fi
stamp warm-up
python3 -c "
import torch,time
a=torch.randn(8192,8192,device='cuda',dtype=torch.bfloat16)
t=time.time()
while time.time()-t<2.0: (a@a); torch.cuda.synchronize()
" 2>&1 | tail -2
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $B/env/nvidia_smi_csv.txt
stamp run
timeout 200 python3 $MB/tools/microbench/mb.py run --runs 5 "${LD[@]}" "${OD[@]}" 2>&1 | tee $B/run.log | grep -v " ok " | tail -20
grep -c " ok " $B/run.log
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
M2=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second,lts__t_bytes.sum,lts__t_sector_hit_rate.pct,gpu__time_duration.sum,smsp__inst_executed.sum
if [ "${FABRIC:-0}" = 1 ] && ncu --query-metrics --chip gh100 2>/dev/null | grep -q lts__t_sectors_srcunit_ltcfabric; then
  M2=$M2,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sectors_srcunit_tex.sum
fi
echo "l2 metrics: $M2"
ncu_pass() {  # tag metrics reps timeout dirs...
  local tag=$1 met=$2 reps=$3 to=$4; shift 4
  local L=(); for r in $(seq $reps); do L+=("$@"); done
  stamp "ncu $tag: ${#L[@]} launches"
  timeout $to ncu --clock-control none --print-units base --csv --log-file $B/ncu_$tag.csv --metrics $met \
    python3 $MB/tools/microbench/mb.py once --order $B/order_$tag.txt "${L[@]}" > $B/ncu_$tag.log 2>&1
  echo "ncu rc=$?"; tail -3 $B/ncu_$tag.log
  python3 $MB/tools/microbench/mb.py cycles --order $B/order_$tag.txt --csv $B/ncu_$tag.csv --env $B/env \
    --command "ncu --clock-control none --print-units base --csv --metrics $met python3 tools/microbench/mb.py once (each directory $reps times, interleaved)" "$@"
}
[ ${#OD[@]} -gt 0 ] && ncu_pass other $M0 3 ${NCU_OTHER_S:-200} "${OD[@]}"
[ ${#LD[@]} -gt 0 ] && ncu_pass l2 $M2 5 ${NCU_L2_S:-200} "${LD[@]}"
if [ "$HOT_BURSTS" -gt 0 ] && [ ${#LD[@]} -gt 0 ]; then
  H=(); for d in "${LD[@]}"; do case ${d##*/} in l2bw_ld_c132|l2bw_tma_c132) H+=("$d");; esac; done
  stamp "hot bare"
  timeout 60 python3 $MB/tools/microbench/l2hot.py --bursts $HOT_BURSTS --burst 0.5 --out $OUT/hot.json "${H[@]}" 2>&1 | tail -3
  stamp "hot ncu"
  timeout 120 ncu --clock-control none --print-units base --csv -k regex:l2bw --log-file $OUT/hot_ncu.csv --metrics $M2 \
    python3 $MB/tools/microbench/l2hot.py --bursts $HOT_BURSTS --burst 0.5 --out $B/hot_ncu_outputs.json "${H[@]}" > $B/hot_ncu.log 2>&1
  echo "hot ncu rc=$?"; tail -3 $B/hot_ncu.log
fi
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $B/env/nvidia_smi_csv.txt
stamp pack
(cd $MB && tar czf $OUT/mb.tgz $(for d in "${LD[@]}" "${OD[@]}"; do echo validation/microbench/${d##*/}; done))
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log)
stamp done
