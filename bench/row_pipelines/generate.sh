#!/bin/sh
# Writes the Paint layout of a W x W grid of row pipelines to stdout: in each row the PE in column 0
# sends N wavelets east, the PEs after it relay them (relay.w, `tx <- rx`) or compute on each
# (compute.w, `tx <- rx * 3 + 1`: one DSD operation a PE, the same streaming shape), the last
# stores them; the two colors alternate along the row. docs/performance.md times both through
# `wafer run`:
#   bench/row_pipelines/generate.sh 256 > /tmp/rows256.paint
#   bench/row_pipelines/generate.sh 256 compute > /tmp/compute256.paint
#   wafer run source=/tmp/rows256.paint lib=bench/row_pipelines set=N=256
set -eu
w=${1:?usage: generate.sh W [relay|compute]}
middle=${2:-relay}
case $middle in
    relay | compute) ;;
    *) echo "generate.sh: the middle PEs relay or compute, not '$middle'" >&2; exit 2 ;;
esac
echo "let c0 = color()"
echo "let c1 = color()"
columns=""
x=0
while [ "$x" -lt "$w" ]; do
    rx="c$(( (x + 1) % 2 ))" tx="c$(( x % 2 ))"
    echo "let col$x = rect($x 0 1 $w)"
    if [ "$x" -eq 0 ]; then
        echo "col$x : code('send [tx:$tx N:N])"
    elif [ "$x" -eq $(( w - 1 )) ]; then
        echo "col$x : code('recv [rx:$rx N:N])"
    else
        echo "col$x : code('$middle [rx:$rx tx:$tx N:N])"
    fi
    [ "$x" -gt 0 ] && echo "col$x : paint($rx [L>C])"
    [ "$x" -lt $(( w - 1 )) ] && echo "col$x : paint($tx [C>R])"
    columns="$columns col$x"
    x=$(( x + 1 ))
done
echo "union(${columns# })"
