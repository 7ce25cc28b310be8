# p99 latency per second through the rollout, the ways that ran side by side, every run of a way in
# its panel. Called by bench/rollout.sh: gnuplot -c p99.gp OUTPUT.png RESULTS_DIR "WAY..." (the ways
# with a run in RESULTS_DIR, in the script's order).
# x: seconds from the first SIGTERM; the points at the bottom mark the seconds an instance joined.
output = ARG1
results = ARG2
ways = ARG3
set datafile separator "\t"
set datafile missing "-"
set logscale y
# One scale for every panel, up to past the load generator's 10 s timeout.
set yrange [1:30000]
set xlabel "seconds from the first SIGTERM"
set ylabel "p99 latency per second (ms)"
set key top right
set grid ytics
title(way) = way eq "off" ? "starter off" : way eq "defaults" ? "starter defaults" : way eq "trained" ? "trained start" : \
	way eq "opted-in" ? "starter, the pages opted in" : "trained start, the pages opted in"
set terminal pngcairo size (500 * words(ways)),500 font ",10"
set output output
set multiplot layout 1,words(ways) title "Rolling restart of 3 instances behind HAProxy: p99 per second, triangles at the seconds an instance joined (bench/rollout.sh)"
do for [way in ways] {
	files = system("ls " . results . "/" . way . "-[0-9]*/per-second.tsv 2>/dev/null")
	set title title(way)
	plot for [f in files] f using 1:5 with lines title system("basename $(dirname " . f . ")"), \
		for [f in files] f using 1:($12 > 0 ? 1.2 : 1/0) with points pt 9 ps 1.5 notitle
}
unset multiplot
