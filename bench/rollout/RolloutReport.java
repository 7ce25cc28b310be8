import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;

/**
 * The report of bench/rollout.sh: reads each run's directory (the load generator's requests, HAProxy's
 * log, the timeline of the rollout, the new instances' CPU ticks) and writes a Markdown report with
 * every figure, and per run a per-second table (per-second.tsv) that the plot reads.
 *
 * <pre>
 * java RolloutReport.java REPORT.md "WAY..." RUN_DIR...
 * </pre>
 *
 * The ways, space-separated, are bench/rollout.sh's, in the order the summary shows them.
 *
 * A request's latency is its end less its due time (the open model's schedule), so a request that
 * waited for a slow server counts its wait. A request failed when its status is 500 or more or it got
 * no response. Requests belong to the phase, second and join window their due time falls in.
 */
public class RolloutReport {

	/** The window after each join the targets are about. */
	private static final double JOIN_WINDOW_MS = 5000;

	/** A request over this many times the steady p99 counts as a spike. */
	private static final double SPIKE_FACTOR = 3;

	private static final int MAX_FAILURES_LISTED = 20;

	public static void main(String[] args) throws IOException {
		Path report = Path.of(args[0]).toAbsolutePath();
		List<String> ways = List.of(args[1].split(" "));
		List<Run> runs = new ArrayList<>();
		for (int i = 2; i < args.length; i++) {
			Path dir = Path.of(args[i]).toAbsolutePath();
			if (Files.exists(dir.resolve("load.tsv.gz")) || Files.exists(dir.resolve("load.tsv"))) {
				runs.add(Run.read(dir));
			}
			else {
				System.err.println(dir + ": no load was run (the first instances did not start), left out");
			}
		}
		for (Run run : runs) {
			run.writePerSecond(run.dir.resolve("per-second.tsv"));
		}
		try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(report))) {
			writeReport(out, ways, runs, report.getParent());
		}
	}

	private static void writeReport(PrintWriter out, List<String> ways, List<Run> runs, Path base)
			throws IOException {
		out.println("# A rolling deploy at peak behind HAProxy (bench/rollout.sh)");
		out.println();
		out.println("Written by `bench/rollout/RolloutReport.java` from the runs' files (links below). Latency: from each");
		out.println("request's due time (constant arrival rate) to its last byte; failed: status ≥ 500 or no response;");
		out.println("\"newest\": the requests HAProxy sent to the instance that joined last; \"after join k\": the "
				+ (int) (JOIN_WINDOW_MS / 1000) + " s");
		out.println("from HAProxy marking instance k up; \"over 3x\": requests in that window over " + (int) SPIKE_FACTOR
				+ " times the steady p99;");
		out.println("CPU: the new instance's user+system time over its first 60 s of traffic (`/proc/PID/stat`).");
		out.println();
		// What the figures mean, the machine's state and what was tried is written by hand beside the
		// runs (notes.md in the results directory), so that running the report again keeps it.
		Path notes = runs.isEmpty() ? null : runs.get(0).dir.getParent().resolve("notes.md");
		if (notes != null && Files.exists(notes)) {
			Files.readAllLines(notes).forEach(out::println);
			out.println();
		}
		out.println("## Summary by way");
		out.println();
		out.println("| way | runs | failed in all runs: all / from the first SIGTERM on | steady p99 (ms) | SIGTERM to join (s) | p99 5 s after each join (ms) | the same, x steady | max 5 s after each join, x steady | over 3x per join | newest instance p99 after each join, x steady | CPU s of each new instance, first 60 s (median) | start-up CPU s (median) |");
		out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
		// Runs at different rates are different experiments: one row per way and rate.
		Map<String, List<Run>> byWay = new LinkedHashMap<>();
		for (String rate : runs.stream().map((run) -> run.meta.get("rate")).distinct().sorted().toList()) {
			for (String way : ways) {
				for (Run run : runs) {
					if (run.meta.get("way").equals(way) && run.meta.get("rate").equals(rate)
							&& run.meta.get("bad").equals("-")) {
						byWay.computeIfAbsent(way + ", " + rate + "/s", (w) -> new ArrayList<>()).add(run);
					}
				}
			}
		}
		Map<String, Double> cpuMedians = new HashMap<>();
		for (Map.Entry<String, List<Run>> entry : byWay.entrySet()) {
			List<Run> wayRuns = entry.getValue();
			int failed = 0;
			int failedInRollout = 0;
			List<String> steady = new ArrayList<>();
			List<Double> p99s = new ArrayList<>();
			List<Double> joinSeconds = new ArrayList<>();
			List<Double> p99Ratios = new ArrayList<>();
			List<Double> maxRatios = new ArrayList<>();
			List<Double> newestRatios = new ArrayList<>();
			List<Integer> spikes = new ArrayList<>();
			List<Double> cpu = new ArrayList<>();
			List<Double> startupCpu = new ArrayList<>();
			for (Run run : wayRuns) {
				failed += run.failed(run.requests);
				failedInRollout += run.failed(run.between(run.time("sigterm", 1), Double.MAX_VALUE, (r) -> true));
				double steadyP99 = run.steadyP99();
				steady.add(fmt(steadyP99));
				for (Join join : run.joins) {
					List<Request> window = run.joinWindow(join, (r) -> true);
					p99s.add(percentile(window, 0.99));
					joinSeconds.add((join.at - join.sigterm) / 1000);
					p99Ratios.add(percentile(window, 0.99) / steadyP99);
					maxRatios.add(percentile(window, 1) / steadyP99);
					newestRatios.add(percentile(run.joinWindow(join, (r) -> join.server().equals(r.server)), 0.99)
							/ steadyP99);
					spikes.add((int) window.stream().filter((r) -> r.latency() > SPIKE_FACTOR * steadyP99).count());
					if (join.cpuSeconds() >= 0) {
						cpu.add(join.cpuSeconds());
					}
					startupCpu.add(join.ticksAtJoin / (double) join.hz);
				}
			}
			double cpuMedian = median(cpu);
			cpuMedians.put(entry.getKey(), cpuMedian);
			out.printf("| %s | %d | %d / %d | %s | %s | %s | %s | %s | %s | %s | %s%s | %s |%n", entry.getKey(), wayRuns.size(), failed, failedInRollout,
					String.join(", ", steady), range(joinSeconds, "", "%.1f"), range(p99s, "", "%.0f"), range(p99Ratios, "x"), range(maxRatios, "x"), rangeInt(spikes),
					range(newestRatios, "x"), fmt2(cpuMedian), cpuAgainstOff(entry.getKey(), cpuMedian, cpuMedians),
					fmt2(median(startupCpu)));
		}
		out.println();
		out.println("Targets (issue 50): 0 failed with the starter; defaults: p99 after each join ≤ 1.5x steady, none");
		out.println("over 3x; trained ≤ 1.3x; CPU of each new instance over its first 60 s ≤ +5 % against the starter off.");
		out.println("The plot: [p99 per second](" + base.relativize(runs.get(0).dir.getParent()) + "/p99-per-second.png).");
		out.println();
		for (Run run : runs) {
			run.writeSection(out, base);
		}
	}

	private static String cpuAgainstOff(String way, double cpu, Map<String, Double> medians) {
		Double off = medians.get("off" + way.substring(way.indexOf(',')));
		if (off == null || Double.isNaN(cpu) || way.startsWith("off")) {
			return "";
		}
		return String.format(" (%+.1f %% against off)", 100 * (cpu / off - 1));
	}

	static double percentile(List<Request> requests, double p) {
		if (requests.isEmpty()) {
			return Double.NaN;
		}
		double[] latencies = requests.stream().mapToDouble(Request::latency).sorted().toArray();
		int rank = (int) Math.ceil(p * latencies.length);
		return latencies[Math.max(0, rank - 1)];
	}

	static double median(List<Double> values) {
		if (values.isEmpty()) {
			return Double.NaN;
		}
		double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
		int n = sorted.length;
		return (n % 2 == 1) ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	}

	static String range(List<Double> values, String unit) {
		return range(values, unit, "%.2f");
	}

	static String range(List<Double> values, String unit, String format) {
		// A join without a request to the new instance in its window has no percentile.
		double[] known = values.stream().mapToDouble(Double::doubleValue).filter((v) -> !Double.isNaN(v)).toArray();
		if (known.length == 0) {
			return "-";
		}
		double min = Arrays.stream(known).min().getAsDouble();
		double max = Arrays.stream(known).max().getAsDouble();
		return String.format(format + "-" + format + "%s", min, max, unit);
	}

	static String rangeInt(List<Integer> values) {
		if (values.isEmpty()) {
			return "-";
		}
		return values.stream().mapToInt(Integer::intValue).min().getAsInt() + "-"
				+ values.stream().mapToInt(Integer::intValue).max().getAsInt();
	}

	static String fmt(double value) {
		return Double.isNaN(value) ? "-" : String.format("%.1f", value);
	}

	static String fmt2(double value) {
		return Double.isNaN(value) ? "-" : String.format("%.2f", value);
	}

	static BufferedReader open(Path dir, String name) throws IOException {
		Path plain = dir.resolve(name);
		if (Files.exists(plain)) {
			return Files.newBufferedReader(plain);
		}
		return new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(dir.resolve(name + ".gz"))),
				StandardCharsets.UTF_8));
	}

	/** One request: the load generator's record and, from HAProxy's log, the server that answered it. */
	static final class Request {

		int id;

		int url;

		double due;

		double sent;

		double end;

		int status;

		String error;

		String server = "-";

		int retries;

		String termination = "-";

		double latency() {
			return this.end - this.due;
		}

		boolean failed() {
			return this.status >= 500 || this.status == 0;
		}

	}

	/** A new instance that HAProxy marked up, with its CPU ticks at the join and CPU_WINDOW later. */
	record Join(int number, long pid, double sigterm, double at, long hz, long ticksAtJoin, long ticksAfter) {

		String server() {
			return "app" + this.number;
		}

		double cpuSeconds() {
			return (this.ticksAfter < 0) ? -1 : (this.ticksAfter - this.ticksAtJoin) / (double) this.hz;
		}

	}

	/** One phase of a run: a name and the due times it covers, with the server counted as newest. */
	record Phase(String name, double from, double to, String newest) {
	}

	static final class Run {

		Path dir;

		Map<String, String> meta = new LinkedHashMap<>();

		List<Request> requests = new ArrayList<>();

		List<String[]> events = new ArrayList<>();

		List<Join> joins = new ArrayList<>();

		List<String> failures = new ArrayList<>();

		static Run read(Path dir) throws IOException {
			Run run = new Run();
			run.dir = dir;
			for (String line : Files.readAllLines(dir.resolve("meta.tsv"))) {
				String[] kv = line.split("\t", 2);
				run.meta.put(kv[0], kv.length > 1 ? kv[1] : "");
			}
			Map<Integer, Request> byId = new HashMap<>();
			try (BufferedReader in = open(dir, "load.tsv")) {
				in.readLine();
				for (String line = in.readLine(); line != null; line = in.readLine()) {
					String[] f = line.split("\t");
					Request r = new Request();
					r.id = Integer.parseInt(f[0]);
					r.url = Integer.parseInt(f[1]);
					r.due = Double.parseDouble(f[2]);
					r.sent = Double.parseDouble(f[3]);
					r.end = Double.parseDouble(f[4]);
					r.status = Integer.parseInt(f[5]);
					r.error = f[7];
					run.requests.add(r);
					byId.put(r.id, r);
				}
			}
			try (BufferedReader in = open(dir, "requests.log")) {
				for (String line = in.readLine(); line != null; line = in.readLine()) {
					// req ID SERVER STATUS BYTES Tw Tc Tr Ta RETRIES TERMINATION
					String[] f = line.trim().split(" ");
					if (f.length < 11 || !f[0].equals("req") || !f[1].matches("\\d+")) {
						continue;
					}
					Request r = byId.get(Integer.parseInt(f[1]));
					if (r != null) {
						r.server = f[2];
						r.retries = f[9].startsWith("+") ? Integer.parseInt(f[9].substring(1)) : Integer.parseInt(f[9]);
						r.termination = f[10];
					}
				}
			}
			for (String line : Files.readAllLines(dir.resolve("events.tsv"))) {
				run.events.add(line.split("\t"));
			}
			Map<Integer, long[]> cpu = new HashMap<>();
			Path cpuFile = dir.resolve("cpu.tsv");
			if (Files.exists(cpuFile)) {
				for (String line : Files.readAllLines(cpuFile)) {
					String[] f = line.split("\t");
					cpu.put(Integer.parseInt(f[0]), new long[] { Long.parseLong(f[2]), Long.parseLong(f[3]),
							f[4].equals("NA") ? -1 : Long.parseLong(f[4]) });
				}
			}
			for (String[] e : run.events) {
				if (e[1].equals("join")) {
					int number = Integer.parseInt(e[2]);
					long[] ticks = cpu.getOrDefault(number, new long[] { 100, -1, -1 });
					run.joins.add(new Join(number, Long.parseLong(e[3]), run.time("sigterm", number), Double.parseDouble(e[0]),
							ticks[0], ticks[1], ticks[2]));
				}
				if (e[1].equals("failed") || e[1].equals("bad")) {
					run.failures.add(String.join(" ", Arrays.copyOfRange(e, 1, e.length)) + " at "
							+ fmt((Double.parseDouble(e[0]) - run.time("sigterm", 1)) / 1000) + " s");
				}
			}
			return run;
		}

		double time(String event, int number) {
			for (String[] e : this.events) {
				if (e[1].equals(event) && (number == 0 || (e.length > 2 && e[2].equals(Integer.toString(number))))) {
					return Double.parseDouble(e[0]);
				}
			}
			return Double.NaN;
		}

		List<Request> between(double from, double to, Predicate<Request> filter) {
			return this.requests.stream().filter((r) -> r.due >= from && r.due < to && filter.test(r)).toList();
		}

		List<Request> joinWindow(Join join, Predicate<Request> filter) {
			return between(join.at, join.at + JOIN_WINDOW_MS, filter);
		}

		double steadyP99() {
			return percentile(between(time("steady_start", 0), time("sigterm", 1), (r) -> true), 0.99);
		}

		int failed(List<Request> requests) {
			return (int) requests.stream().filter(Request::failed).count();
		}

		List<Phase> phases() {
			List<Phase> phases = new ArrayList<>();
			double end = time("end", 0);
			phases.add(new Phase("load before the steady window", time("load_start", 0), time("steady_start", 0), "-"));
			phases.add(new Phase("steady", time("steady_start", 0), time("sigterm", 1), "-"));
			String newest = "-";
			for (int k = 1; k <= 3; k++) {
				double sigterm = time("sigterm", k);
				if (Double.isNaN(sigterm)) {
					break;
				}
				double join = time("join", k);
				double next = time("sigterm", k + 1);
				if (Double.isNaN(next)) {
					next = end;
				}
				if (Double.isNaN(join)) {
					phases.add(new Phase("instance " + k + " restarting, never joined", sigterm, end, newest));
					break;
				}
				phases.add(new Phase("instance " + k + " restarting (SIGTERM to join)", sigterm, join, newest));
				newest = "app" + k;
				phases.add(new Phase("5 s after join " + k, join, join + JOIN_WINDOW_MS, newest));
				phases.add(new Phase("after join " + k + ", the rest", join + JOIN_WINDOW_MS, next, newest));
			}
			return phases;
		}

		String label() {
			return this.dir.getFileName().toString();
		}

		void writeSection(PrintWriter out, Path base) {
			double steadyP99 = steadyP99();
			double zero = time("sigterm", 1);
			out.println("## " + label());
			out.println();
			out.println("- " + this.meta.get("jdk") + "; instances: `" + this.meta.get("command") + "`; " + this.meta.get("rate")
					+ " requests/s on " + this.meta.get("pages"));
			out.println("- before: `" + this.meta.get("uptime_before").trim() + "`; after: `"
					+ this.meta.getOrDefault("uptime_after", "-").trim() + "`");
			out.println("- requests: " + this.requests.size() + ", failed: " + failed(this.requests)
					+ ", retried by HAProxy: " + this.requests.stream().filter((r) -> r.retries > 0).count()
					+ ", not in HAProxy's log: " + this.requests.stream().filter((r) -> r.server.equals("-")).count()
					+ ", steady p99: " + fmt(steadyP99) + " ms");
			// The generator's own delay: a request sent late because every sender thread was waiting
			// still counts from its due time, but the servers saw it late.
			double[] lags = this.requests.stream().mapToDouble((r) -> r.sent - r.due).toArray();
			out.println("- load generator: requests sent over 10 ms after their due time: "
					+ Arrays.stream(lags).filter((lag) -> lag > 10).count() + ", the latest "
					+ fmt(Arrays.stream(lags).max().orElse(0)) + " ms after it");
			Map<String, Long> failedBy = new TreeMap<>();
			this.requests.stream()
				.filter(Request::failed)
				.forEach((r) -> failedBy.merge(r.status + " " + r.error + ", HAProxy " + r.termination, 1L, Long::sum));
			if (!failedBy.isEmpty()) {
				out.println("- failed by status, error and HAProxy's termination state: " + failedBy);
			}
			// Every failure is listed when they are few (the targets want none); a run that failed
			// wholesale lists its first ones.
			List<Request> failed = this.requests.stream().filter(Request::failed).limit(MAX_FAILURES_LISTED).toList();
			for (Request r : failed) {
				out.println("- failed: request " + r.id + " due at " + fmt((r.due - zero) / 1000) + " s, status " + r.status
						+ " " + r.error + ", HAProxy: server " + r.server + ", termination " + r.termination + ", retries "
						+ r.retries);
			}
			for (String failure : this.failures) {
				out.println("- rollout: " + failure);
			}
			for (int k = 1; k <= 3; k++) {
				double exited = time("exited", k);
				double join = time("join", k);
				if (!Double.isNaN(exited) && Double.isNaN(join)) {
					// Once the old JVM has exited, only the new one can have answered on the server's port.
					String server = "app" + k;
					long sent = this.requests.stream()
						.filter((r) -> r.due >= exited && server.equals(r.server))
						.count();
					out.println("- instance " + k + " never joined: requests HAProxy sent to " + server
							+ " after its old JVM exited: " + sent);
				}
			}
			out.println("- files: " + String.join(", ",
					List.of("events.tsv", "load.tsv.gz", "requests.log.gz", "cpu.tsv", "per-second.tsv", "haproxy.cfg")
						.stream()
						.map((f) -> "[" + f + "](" + base.relativize(this.dir) + "/" + f + ")")
						.toList()));
			out.println();
			if (!this.joins.isEmpty()) {
				out.println("| join | SIGTERM to join (s) | requests in 5 s | p50 / p99 / max (ms) | p99, max x steady | over 3x | to the new instance: n, p99 / max (ms) | CPU s first 60 s | its requests then | CPU ms/request | start-up CPU s |");
				out.println("|---|---|---|---|---|---|---|---|---|---|---|");
				for (Join join : this.joins) {
					List<Request> window = joinWindow(join, (r) -> true);
					List<Request> newest = joinWindow(join, (r) -> join.server().equals(r.server));
					long served = between(join.at, join.at + 60_000, (r) -> join.server().equals(r.server)).size();
					out.printf("| %d | %.1f | %d | %s / %s / %s | %.2fx, %.2fx | %d | %d, %s / %s | %s | %d | %s | %.2f |%n",
							join.number, (join.at - join.sigterm) / 1000, window.size(), fmt(percentile(window, 0.5)),
							fmt(percentile(window, 0.99)), fmt(percentile(window, 1)),
							percentile(window, 0.99) / steadyP99, percentile(window, 1) / steadyP99,
							window.stream().filter((r) -> r.latency() > SPIKE_FACTOR * steadyP99).count(), newest.size(),
							fmt(percentile(newest, 0.99)), fmt(percentile(newest, 1)),
							join.cpuSeconds() < 0 ? "-" : fmt2(join.cpuSeconds()), served,
							join.cpuSeconds() < 0 ? "-" : fmt2(1000 * join.cpuSeconds() / served),
							join.ticksAtJoin / (double) join.hz);
				}
				out.println();
			}
			out.println("| phase | from (s) | to (s) | sent | failed | p50 / p99 / max (ms) | newest instance | its requests | its p50 / p99 / max (ms) |");
			out.println("|---|---|---|---|---|---|---|---|---|");
			for (Phase phase : phases()) {
				List<Request> all = between(phase.from, phase.to, (r) -> true);
				List<Request> newest = between(phase.from, phase.to, (r) -> phase.newest.equals(r.server));
				out.printf("| %s | %.1f | %.1f | %d | %d | %s / %s / %s | %s | %d | %s / %s / %s |%n", phase.name,
						(phase.from - zero) / 1000, (phase.to - zero) / 1000, all.size(), failed(all),
						fmt(percentile(all, 0.5)), fmt(percentile(all, 0.99)), fmt(percentile(all, 1)), phase.newest,
						newest.size(), fmt(percentile(newest, 0.5)), fmt(percentile(newest, 0.99)),
						fmt(percentile(newest, 1)));
			}
			out.println();
		}

		/** Per second from the steady window on, seconds counted from the first SIGTERM. */
		void writePerSecond(Path file) throws IOException {
			double zero = time("sigterm", 1);
			double from = time("steady_start", 0);
			TreeMap<Long, List<Request>> seconds = new TreeMap<>();
			for (Request r : this.requests) {
				if (r.due >= from) {
					seconds.computeIfAbsent((long) Math.floor((r.due - zero) / 1000), (s) -> new ArrayList<>()).add(r);
				}
			}
			List<Phase> phases = phases();
			try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file))) {
				out.println("# second\tsent\tfailed\tp50\tp99\tmax\tnewest\tnewest_sent\tnewest_p50\tnewest_p99\tnewest_max\tjoin (the instance that joined in that second, 0: none)");
				for (Map.Entry<Long, List<Request>> entry : seconds.entrySet()) {
					double start = zero + entry.getKey() * 1000;
					String newestServer = "-";
					for (Phase phase : phases) {
						if (start >= phase.from && start < phase.to) {
							newestServer = phase.newest;
						}
					}
					String server = newestServer;
					List<Request> all = entry.getValue();
					List<Request> newest = all.stream().filter((r) -> server.equals(r.server)).toList();
					String join = "0";
					for (Join j : this.joins) {
						if (j.at >= start && j.at < start + 1000) {
							join = Integer.toString(j.number);
						}
					}
					out.printf("%d\t%d\t%d\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s%n", entry.getKey(), all.size(), failed(all),
							fmt(percentile(all, 0.5)), fmt(percentile(all, 0.99)), fmt(percentile(all, 1)), server,
							newest.size(), fmt(percentile(newest, 0.5)), fmt(percentile(newest, 0.99)),
							fmt(percentile(newest, 1)), join);
				}
			}
		}

	}

}
