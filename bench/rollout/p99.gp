# p99 latency per second through the rollout, the three ways side by side, every run of a way in its
# panel. Called by bench/rollout.sh: gnuplot -c p99.gp OUTPUT.png RESULTS_DIR
# x: seconds from the first SIGTERM; the points at the bottom mark the seconds an instance joined.
output = ARG1
results = ARG2
set terminal pngcairo size 1500,500 font ",10"
set output output
set datafile separator "\t"
set datafile missing "-"
set logscale y
# One scale for the three panels, up to past the load generator's 10 s timeout.
set yrange [1:30000]
set xlabel "seconds from the first SIGTERM"
set ylabel "p99 latency per second (ms)"
set key top right
set grid ytics
set multiplot layout 1,3 title "Rolling restart of 3 instances behind HAProxy: p99 per second, triangles at the seconds an instance joined (bench/rollout.sh)"
do for [way in "off defaults trained"] {
	files = system("ls " . results . "/" . way . "-[0-9]*/per-second.tsv 2>/dev/null")
	set title (way eq "off" ? "starter off" : (way eq "defaults" ? "starter defaults" : "trained start"))
	if (strlen(files) > 0) {
		plot for [f in files] f using 1:5 with lines title system("basename $(dirname " . f . ")"), \
			for [f in files] f using 1:($12 > 0 ? 1.2 : 1/0) with points pt 9 ps 1.5 notitle
	} else {
		# An empty panel: gnuplot cannot plot nothing, so a line in the background's colour.
		set label 1 "no run" at graph 0.5, graph 0.5 center
		plot 10 with lines lc rgb "white" notitle
		unset label 1
	}
}
unset multiplot
