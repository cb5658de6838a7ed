#!/bin/sh
# Compile time of include-and-go: a translation unit with only <wafer/wafer.hpp> (and one with only
# the standard headers it includes), the one-kernel and three-layout units (and the three
# layouts frozen with their kernels: g++, header-only), and one per lesson's C++ form that builds
# its layout (its kernels lowered, its frozen layout verified by static_assert). Prints seconds and
# peak memory (MB) for each, with g++ -O2 and the flags the wafer::wafer CMake target gives its
# users (CMakeLists.txt), as a user would build.
#   bench/compile_time.sh [compiler] [separate]   (default g++; `separate`: with
#   WAFER_SEPARATE_COMPILATION, the interpreter, lowering and Paint's build compiled once elsewhere)
set -e
cxx=${1:-g++}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case $cxx in
    *clang*) budget=-fconstexpr-steps=33554432 ;;
    *) budget=-fconstexpr-ops-limit=134217728 ;;
esac
flags_pp="-std=c++20 -I$root/include"
[ "$2" = separate ] && flags_pp="$flags_pp -DWAFER_SEPARATE_COMPILATION"
flags="$flags_pp -O2 -ffp-contract=off $budget -I$root/examples -c -o $work/out.o"

measure() {  # name, source text
    printf '%s\n' "$2" > "$work/$1.cpp"
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f "%e %M" -o "$work/time" $cxx $flags "$work/$1.cpp"
        read -r seconds kb < "$work/time"
        printf '%-12s %6.1f s %6d MB\n' "$1" "$seconds" $((kb / 1024))
    else
        start=$(date +%s.%N)
        $cxx $flags "$work/$1.cpp"
        printf '%-12s %6.1f s\n' "$1" "$(echo "$(date +%s.%N) - $start" | bc)"
    fi
}

measure empty 'int main() { return 0; }'
measure umbrella '#include <wafer/wafer.hpp>
int main() { return 0; }'
# The standard headers the umbrella includes (those a wafer header names), alone: the umbrella's
# own cost is the difference (wafer's target: 1 s).
std_headers=$(echo '#include <wafer/wafer.hpp>' | $cxx $flags_pp -x c++ -fsyntax-only -H - 2>&1 |
    awk '/^\.+ / { depth = length($1); parent[depth] = $2
                   if ($2 !~ /wafer\// && (depth == 1 || parent[depth - 1] ~ /wafer\//)) print "#include \"" $2 "\"" }' | sort -u)
measure std_headers "$std_headers"
# The one-kernel program (add/minimal.hpp's layout built and run) and the three-layout unit.
run_layout='template <class F> void run(F build) {
    wafer::diagnostics d;
    wafer::fabric::fabric f(build(d));
    std::cout << f.run().cycles << "\n";
}'
measure one "#include <iostream>
#include <wafer/fabric/fabric.hpp>
#include \"add/minimal.hpp\"
$run_layout
int main() { run([](auto& d) { return add::build<4>(d); }); }"
measure three "#include <iostream>
#include <wafer/fabric/fabric.hpp>
#include \"pipeline/pipeline.hpp\"
#include \"heateq/heateq.hpp\"
#include \"life/life.hpp\"
$run_layout
int main() {
    run([](auto& d) { return pipeline::build<8>(d); });
    run([](auto& d) { return heateq::build<4, 2, 4>(d); });
    run([](auto& d) { return life::build<6, 6, 4>(d); });
}"
# The same three layouts with every kernel frozen too, the whole image built by the compiler
# (freeze_image needs wafer header-only and g++: dsl/frozen.hpp).
case "$cxx $2" in
    *clang*|*separate*) ;;
    *) measure three_frozen "#include <wafer/tungsten/dsl/frozen.hpp>
#include \"pipeline/pipeline.hpp\"
#include \"heateq/heateq.hpp\"
#include \"life/life.hpp\"
namespace w = wafer::dsl;
constexpr auto p = w::freeze_image<pipeline::send, pipeline::compute, pipeline::recv>([] { return pipeline::layout<8>; });
constexpr auto h = w::freeze_image<heateq::heateq9pt, heateq::source, heateq::sink>([] { return heateq::layout<4, 2, 4>; });
constexpr auto l = w::freeze_image<life::life, life::drain>([] { return life::layout<6, 6, 4>; });
static_assert(verify(p) && verify(h) && verify(l));
int main() { return int(p.bytes.size() + h.bytes.size() + l.bytes.size()); }" ;;
esac
lesson() {  # example, header, the build call
    measure "$1" "#include \"$1/$2\"
int main() { wafer::diagnostics d; return int($3(d).pes.size()); }"
}
lesson add minimal.hpp 'add::build<4>'
lesson pipeline pipeline.hpp 'pipeline::build<8>'
lesson broadcast broadcast.hpp 'broadcast::build_scatter<4, 4>'
lesson exchange exchange.hpp 'exchange::build<3, 3>'
lesson life life.hpp 'life::build<9, 9, 1>'
lesson heateq heateq.hpp 'heateq::build<4, 2, 3>'
lesson scan scan.hpp 'scan::build<8>'
lesson runsum runsum.hpp 'runsum::build<4, 3>'
lesson deadlock deadlock.hpp 'deadlock::build<8>'
lesson transport transport.hpp 'transport::build<4>'
lesson filter filter.hpp 'filter::build<8, 4, 1, 3>'
lesson gemv gemv.hpp 'gemv::build<3, 2>'
lesson histogram histogram.hpp 'histogram::build<4, 4, 4>'
lesson dotbench dotbench.hpp 'dotbench::build<16>'
