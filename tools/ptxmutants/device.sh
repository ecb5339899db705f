#!/bin/bash
# One device call: ptxas verdicts for the mutants of corpus PTX (mutants.tsv),
# nvcc and Triton PTX for the load check, and mutants of the Triton PTX.
# Run from the repository root of /work/main with .devbuild/citrust carried.
D=.devbuild/citrust
R=$(pwd)
T=/tmp/pm; mkdir -p $T/m $T/gen/nvcc $T/gen/triton $T/tm
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; ptxas --version | tail -2; nvcc --version | tail -2; python3 -c 'import triton; print("triton", triton.__version__)'; date -u; } > $OUT/prov.txt 2>&1
# Triton in the background (GPU), nvcc on 4 cores
( PYTHONUNBUFFERED=1 timeout 150 python3 $D/triton_gen.py $T/gen/triton > $T/triton.log 2>&1 ) &
TP=$!
( ls validation/testdata/*/kernel.cu | xargs -P4 -I{} sh -c 'n=$(basename $(dirname {})); nvcc -ptx -arch=sm_90a -O3 -lineinfo -o '$T'/gen/nvcc/${n}_o3.ptx {} 2>/dev/null; case $n in wg_*|sp_wg*|gemm*|cluster_gemm*) ;; *) nvcc -ptx -arch=sm_90a -G -o '$T'/gen/nvcc/${n}_g.ptx {} 2>/dev/null;; esac; nvcc -ptx -arch=sm_80 -o '$T'/gen/nvcc/${n}_sm80.ptx {} 2>/dev/null; true' ) &
NP=$!
python3 $D/mutate.py apply $D/mutants.tsv . $T/m || echo APPLY FAILED
for f in $D/invalid/*.ptx; do echo "== $(basename $f)"; ptxas -arch=sm_90a -o /dev/null $f 2>&1; echo "rc $?"; done > $OUT/invalid.txt
verdict() { # dir -> id \t rc \t first line of ptxas output
  ls $1 | sed 's/\.ptx$//' | xargs -P12 -I{} sh -c 'o=$(timeout 30 ptxas -arch=sm_90a -o /dev/null '$1'/{}.ptx 2>&1); r=$?; m=$(printf "%s" "$o" | grep -m1 -E "error|fatal" || printf "%s" "$o" | head -1); printf "%s\t%s\t%s\n" {} $r "$(printf "%s" "$m" | sed "s#'$1'/##; s/\t/ /g")"'
}
S=$(date +%s); verdict $T/m > $OUT/verdicts.tsv; echo "mutants: $(wc -l < $OUT/verdicts.tsv) in $(( $(date +%s) - S )) s"
wait $NP; wait $TP; cat $T/triton.log | tail -20
echo "nvcc ptx: $(ls $T/gen/nvcc | wc -l)  triton ptx: $(ls $T/gen/triton | wc -l)"
# the generated PTX itself must be accepted
for d in nvcc triton; do verdict $T/gen/$d | sed "s#^#$d/#" ; done > $OUT/gen_verdicts.tsv
( cd $T/gen && MUT_SCALE=0.3 python3 $R/$D/mutate.py list . $(ls triton/*.ptx | head -40) ) > $OUT/triton_mutants.tsv
python3 $D/mutate.py apply $OUT/triton_mutants.tsv $T/gen $T/tm && verdict $T/tm > $OUT/triton_verdicts.tsv
echo "triton mutants: $(wc -l < $OUT/triton_verdicts.tsv)"
tar -C $T/gen -czf $OUT/gen_ptx.tar.gz nvcc triton
ls -la $OUT
