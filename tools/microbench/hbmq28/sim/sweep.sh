#!/bin/bash
# sweep.sh BIN PROFILE TAG NC... : probe sims
B=$1; P=$2; T=$3; shift 3
for nc in "$@"; do d=o_${T}_c$nc; mkdir -p $d
nice -n 10 $B run probe.ptx --spec spec_c$nc.yaml --mode timed --config $P --sm-clock-mhz 1980 --out $d --report $d/report.json --progress off --jobs 1 --top 0 > $d/log 2>&1
python3 simana.py $d:$nc; done
