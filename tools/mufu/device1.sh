#!/bin/bash
# Device call 1 of issue 16: SASS of every form, tool versions, clocks, and the dumps.
D=$(cd $(dirname $0) && pwd); O=$OUT; W=/tmp/mufu; M=$W/meta; mkdir -p $W/d $M
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > $M/smi.txt 2>&1
(nvcc --version; ptxas --version) > $M/versions.txt 2>&1
ptxas -arch=sm_90a -o $W/forms.cubin $D/forms.ptx 2> $M/forms_ptxas.txt && cuobjdump --dump-sass $W/forms.cubin > $M/forms.sass
nvcc -O2 -arch=sm_90a -o $W/dump $D/dump.cu 2>&1 | tee $M/nvcc.txt
[ -x $W/dump ] || { cp $M/* $O/; exit 1; }
cuobjdump --dump-sass $W/dump | grep -E "Function|MUFU" | sort | uniq -c > $M/dump_mufu.txt
( time $W/dump $W/d ) 2>&1 | tee $M/dump_log.txt
timeout 90 ncu --metrics sm__cycles_elapsed.avg.per_second -k kRange -c 1 $W/dump $W/d clock > $M/ncu.txt 2>&1 &
cd $W/d
g() { out=$1; shift; tar cf - "$@" | xz -T16 -6 > $O/$out; ls -l $O/$out; }
g ex2.tar.xz bin_ex2*
g rcprsqsqrt.tar.xz bin_rcp* bin_rsq* bin_sqrt*
g lg2.tar.xz bin_lg2*
g sin.tar.xz bin_sin*
g cos.tar.xz bin_cos*
g tanh.tar.xz bin_tanh*
g strat.tar.xz strat_* div_a.u32 all_* f64_*
wait
cd $M && tar cf - * | xz > $O/meta.tar.xz; ls -l $O; cat $M/dump_log.txt $M/smi.txt; grep -i "per_second\|error" $M/ncu.txt
