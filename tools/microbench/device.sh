#!/usr/bin/env bash
# One device call: compile the microbenchmark families (nvcc -> PTX, ptxas -v,
# cuobjdump SASS), run every validation/microbench dir (mb.py run), then one
# ncu process over every dir x3 and one over the evidence corpus dirs x3
# (sm__cycles_elapsed.max, sm__cycles_elapsed.avg.per_second), write cycles.json.
#   tools/microbench/device.sh MBROOT [evidence-name ...]
# MBROOT holds tools/microbench, tools/record and validation/microbench (a copy of
# this repo's, carried to the device); evidence dirs are validation/testdata/<name>
# of the repo the command runs in. Results go to $OUT (mb.tgz, evidence.tgz, build.tgz).
set -u
shopt -s extglob
MB=$1; shift
EVID=("$@")
B=/tmp/mbbuild; rm -rf $B; mkdir -p $B/env $B/sass
OUT=${OUT:-/tmp/mbout}; mkdir -p $OUT
T0=$(date +%s)
stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
DEADLINE=$(( T0 + ${BUDGET_S:-530} ))
cap() { local l=$(( DEADLINE - $(date +%s) )); [ $l -lt 5 ] && l=5; [ $1 -lt $l ] && echo $1 || echo $l; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
# one compile per distinct kernel.cu (dirs of a family share it), 16 in parallel
for d in $MB/validation/microbench/${ONLY:-*}/; do d=${d%/}; echo "$(md5sum < $d/kernel.cu | cut -c1-12) $(basename $d)"; done | sort > $B/hashes.txt
cut -d' ' -f1 $B/hashes.txt | uniq > $B/uniq.txt
compile_one() {  # hash
  local h=$1 first; first=$(grep "^$h " $B/hashes.txt | head -1 | cut -d' ' -f2)
  local src=$MB/validation/microbench/$first/kernel.cu
  nvcc -ptx -arch=sm_90a -O3 -o $B/$h.ptx $src > $B/sass/$first.nvcc.txt 2>&1 || { echo "nvcc $first FAILED"; cat $B/sass/$first.nvcc.txt; return; }
  ptxas -arch=sm_90a -v -o $B/$h.cubin $B/$h.ptx > $B/sass/$first.ptxas.txt 2>&1 || { echo "ptxas $first FAILED"; cat $B/sass/$first.ptxas.txt; }
  cuobjdump --dump-sass $B/$h.cubin > $B/sass/$first.sass 2>&1
  for n in $(grep "^$h " $B/hashes.txt | cut -d' ' -f2); do cp $B/$h.ptx $MB/validation/microbench/$n/kernel.ptx; echo "$n $first" >> $B/sass/map_$h.txt; done
}
export -f compile_one; export B MB
xargs -P 16 -I{} bash -c 'compile_one {}' < $B/uniq.txt
cat $B/sass/map_*.txt > $B/sass/dir_to_sass.txt 2>/dev/null
stamp warm-up
python3 -c "
import torch,time
a=torch.randn(8192,8192,device='cuda',dtype=torch.bfloat16)
t=time.time()
while time.time()-t<2.0: (a@a); torch.cuda.synchronize()
" 2>&1 | tail -2
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $B/env/nvidia_smi_csv.txt
ALL=(); for d in $MB/validation/microbench/${ONLY:-*}/; do [ -f $d/kernel.ptx ] && ALL+=("${d%/}"); done
group() { for d in "${ALL[@]}"; do case $(basename $d) in $1) echo $d;; esac; done; }
METRICS=${METRICS:-sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum}
ncu_pass() {  # tag dirs...
  local tag=$1; shift
  local L=(); for r in 1 2 3; do L+=("$@"); done
  stamp "ncu $tag: ${#L[@]} launches"
  timeout $(cap ${NCU_TIMEOUT:-200}) ncu --clock-control none --print-units base --csv --log-file $B/ncu_$tag.csv --metrics $METRICS \
    python3 $MB/tools/microbench/mb.py once --order $B/order_$tag.txt "${L[@]}" > $B/ncu_$tag.log 2>&1
  echo "ncu rc=$?"; tail -5 $B/ncu_$tag.log
  python3 $MB/tools/microbench/mb.py cycles --order $B/order_$tag.txt --csv $B/ncu_$tag.csv --env $B/env \
    --command "ncu --clock-control none --print-units base --csv --metrics $METRICS python3 tools/microbench/mb.py once (each directory 3 times, interleaved)" "$@"
}
for g in 'gmem_*' 'tma_*|cpasync_*|dsmem_*|cluster_bar_*' 'wgmma_*' '*'; do
  G=(); for d in "${ALL[@]}"; do n=$(basename $d); [ -f $d/cycles.json ] && continue; eval "case \$n in $g) G+=(\"\$d\");; esac"; done
  [ ${#G[@]} -eq 0 ] && continue
  tag=$(echo "$g" | tr -c 'a-z0-9\n' '_' | cut -c1-12)
  stamp "run group $g: ${#G[@]} dirs"
  timeout $(cap ${RUN_TIMEOUT:-150}) python3 $MB/tools/microbench/mb.py run --runs 5 "${G[@]}" 2>&1 | tee -a $B/run.log | grep -v " ok " | tail -40
  NCU_TIMEOUT=150 ncu_pass $tag "${G[@]}" | tail -3
  touch_missing=0; for d in "${G[@]}"; do [ -f $d/cycles.json ] || echo '{"error": "ncu pass did not finish"}' > $d/cycles.json; done
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $B/env/nvidia_smi_csv.txt
if [ ${#EVID[@]} -gt 0 ]; then
  E=(); for n in "${EVID[@]}"; do E+=("validation/testdata/$n"); done
  NCU_TIMEOUT=240 ncu_pass ev "${E[@]}"
fi
stamp pack
(cd $MB && tar czf $OUT/mb.tgz validation/microbench/${ONLY:-*}/)
[ ${#EVID[@]} -gt 0 ] && tar czf $OUT/evidence.tgz $(for n in "${EVID[@]}"; do echo validation/testdata/$n/cycles.json; done) 2>/dev/null
cp $B/run.log $OUT/run.log 2>/dev/null
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log)
stamp done
