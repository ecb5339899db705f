#!/bin/bash
# grun.sh BIN PROFILE TAG PTX C
B=$1; P=$2; T=$3; X=$4; C=$5; d=g_${T}_$(basename $X .ptx)_c$C; mkdir -p $d
$B run $X --spec gspec_c$C.yaml --mode timed --config $P --sm-clock-mhz 1980 --out $d --report $d/report.json --progress off --jobs 1 --top 0 > $d/log 2>&1 || tail -3 $d/log
python3 ana.py $d:0:2
