#!/usr/bin/env bash
# h100rec: H100 recording of the 'H200 only' directories, device6_l2.sh's way
# (mb.py run --runs 5, then ncu passes with the metric set each family's H200
# recording used). Run from the repo root (MB=.); results: $OUT/mb.tgz (each
# directory's clock_runs.json, cycles.json, provenance.json, gpu/; rename to .h100
# for the H100), $OUT/build.tgz (env, ncu csv, logs). LIMIT: seconds for the whole run.
set -u
shopt -s extglob
MB=$(pwd); V=$MB/validation/microbench
B=/tmp/mb6; rm -rf $B; mkdir -p $B/env
T0=$(date +%s); LIMIT=${LIMIT:-540}
el() { echo $(( $(date +%s) - T0 )); }
stamp() { echo "=== [$(el)s] $*"; }
left() { echo $(( LIMIT - $(el) )); }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
g() { for d in $V/$1; do [ -d $d ] && echo ${d%/}; done; }
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
MR=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,launch__occupancy_limit_warps,sm__warps_active.avg.per_cycle_active
MF=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,sm__inst_executed_pipe_alu.sum,sm__inst_executed_pipe_fma.sum,launch__registers_per_thread
M2=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second,lts__t_bytes.sum,lts__t_sector_hit_rate.pct,gpu__time_duration.sum,smsp__inst_executed.sum
if ncu --query-metrics --chip gh100 2>/dev/null | grep -q lts__t_sectors_srcunit_ltcfabric; then M2=$M2,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sectors_srcunit_tex.sum; fi
A=( $(g 'gls_*') $(g 'gls2_*') $(g 't6*') $(g 'c6*') $(g 'idivtput_*_w[48]') )
R=( $(g 'regocc_*') ); F=( $(g 'fpalu_*') ); L=( $(g 'l2bw_sh_*') )
X=(); for d in $(g '@(bulkl|itmix|mbwait2|mbwait3|smgst|smst|smst2|idivtput)_*'); do grep -q "H200 only" $d/RECORDING_NOTE 2>/dev/null && case " ${A[*]} " in *" $d "*) ;; *) X+=($d);; esac; done
echo "A=${#A[@]} R=${#R[@]} F=${#F[@]} L=${#L[@]} X=${#X[@]}"
stamp warm-up
python3 -c "
import torch,time
a=torch.randn(8192,8192,device='cuda',dtype=torch.bfloat16)
t=time.time()
while time.time()-t<2.0: (a@a); torch.cuda.synchronize()
" 2>&1 | tail -2
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $B/env/nvidia_smi_csv.txt
stamp run
timeout 180 python3 $MB/tools/microbench/mb.py run --runs 5 "${A[@]}" "${R[@]}" "${F[@]}" "${L[@]}" "${X[@]}" 2>&1 | tee $B/run.log | grep -v " ok " | tail -20
echo "ok: $(grep -c ' ok ' $B/run.log)"
DONE=()
ncu_pass() {  # tag metrics reps timeout dirs...
  local tag=$1 met=$2 reps=$3 to=$4; shift 4
  [ $# -eq 0 ] && return
  local l=$(left); [ $l -lt 20 ] && { echo "SKIP ncu $tag (time)"; return; }
  [ $to -gt $l ] && to=$l
  local LL=(); for r in $(seq $reps); do LL+=("$@"); done
  stamp "ncu $tag: ${#LL[@]} launches, timeout $to"
  timeout $to ncu --clock-control none --print-units base --csv --log-file $B/ncu_$tag.csv --metrics $met \
    python3 $MB/tools/microbench/mb.py once --order $B/order_$tag.txt "${LL[@]}" > $B/ncu_$tag.log 2>&1
  echo "ncu rc=$?"; tail -3 $B/ncu_$tag.log
  python3 $MB/tools/microbench/mb.py cycles --order $B/order_$tag.txt --csv $B/ncu_$tag.csv --env $B/env \
    --command "ncu --clock-control none --print-units base --csv --metrics $met python3 tools/microbench/mb.py once (each directory $reps times, interleaved)" "$@" > $B/cycles_$tag.txt 2>&1
  tail -2 $B/cycles_$tag.txt; DONE+=("$@")
}
ncu_pass l2sh $M2 5 90 "${L[@]}"
ncu_pass regocc $MR 3 40 "${R[@]}"
ncu_pass fpalu $MF 3 30 "${F[@]}"
ncu_pass a $M0 3 240 "${A[@]}"
ncu_pass x $M0 3 120 "${X[@]}"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $B/env/nvidia_smi_csv.txt
stamp pack
(cd $MB && tar czf $OUT/mb.tgz $(for d in "${A[@]}" "${R[@]}" "${F[@]}" "${L[@]}" "${X[@]}"; do n=validation/microbench/${d##*/}; for f in clock_runs.json cycles.json provenance.json gpu; do [ -e $n/$f ] && echo $n/$f; done; done))
(cd $B && tar czf $OUT/build.tgz env *.csv *.txt *.log)
ls -la $OUT; stamp done
