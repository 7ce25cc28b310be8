import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A load generator with a constant arrival rate (an open model): request i is due at t0 + i / rate
 * whatever the earlier requests are doing, and its latency counts from that due time, so that a slow
 * server cannot slow the load down and hide its own delay (what a closed loop such as wrk does).
 * Requests go to the given URLs in turn, each with an X-Request-Id header carrying its number, which
 * the load balancer logs so that each request can be joined to the server it went to.
 *
 * <pre>
 * java OpenLoad.java RATE MAX_SECONDS STOP_FILE OUTPUT URL...
 * </pre>
 *
 * It stops issuing requests once STOP_FILE exists or MAX_SECONDS have passed, waits for the
 * requests in flight, and writes one line per request to OUTPUT (times in epoch milliseconds):
 * {@code id url-index due sent end status bytes error}; status 0 is a request without a response
 * (the error column names the exception).
 */
public class OpenLoad {

	/** Requests in flight at most: enough for the rate times the longest latency worth waiting for. */
	private static final int THREADS = 256;

	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

	public static void main(String[] args) throws Exception {
		if (args.length < 5) {
			System.err.println("usage: java OpenLoad.java RATE MAX_SECONDS STOP_FILE OUTPUT URL...");
			System.exit(2);
		}
		double rate = Double.parseDouble(args[0]);
		long maxSeconds = Long.parseLong(args[1]);
		Path stopFile = Path.of(args[2]);
		Path output = Path.of(args[3]);
		List<URI> urls = new ArrayList<>();
		for (int i = 4; i < args.length; i++) {
			urls.add(URI.create(args[i]));
		}
		int capacity = (int) Math.ceil(rate * maxSeconds) + 1;
		Record[] records = new Record[capacity];
		HttpClient client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(5))
			.build();
		ExecutorService senders = Executors.newFixedThreadPool(THREADS);
		// Epoch time of the start plus monotonic offsets: the report joins these times with the
		// rollout's events, which the script stamps with the wall clock.
		long startNanos = System.nanoTime();
		double startEpochMs = System.currentTimeMillis();
		double intervalNanos = 1e9 / rate;
		int issued = 0;
		while (issued < capacity && !Files.exists(stopFile)) {
			long due = startNanos + (long) (issued * intervalNanos);
			for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
				LockSupport.parkNanos(wait);
			}
			int id = issued++;
			URI url = urls.get(id % urls.size());
			Record record = new Record(id, id % urls.size(), epochMs(startEpochMs, startNanos, due));
			records[id] = record;
			senders.execute(() -> send(client, url, record, startEpochMs, startNanos));
		}
		senders.shutdown();
		if (!senders.awaitTermination(REQUEST_TIMEOUT.toSeconds() * 3, TimeUnit.SECONDS)) {
			System.err.println("Requests still in flight after the timeout; they are written as unfinished");
		}
		write(output, records, issued);
		System.err.printf("OpenLoad: %d requests at %.1f per second%n", issued, rate);
		System.exit(0);
	}

	private static void send(HttpClient client, URI url, Record record, double startEpochMs, long startNanos) {
		HttpRequest request = HttpRequest.newBuilder(url)
			.timeout(REQUEST_TIMEOUT)
			.header("X-Request-Id", Integer.toString(record.id))
			.GET()
			.build();
		record.sent = epochMs(startEpochMs, startNanos, System.nanoTime());
		try {
			HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
			record.status = response.statusCode();
			record.bytes = response.body().length;
		}
		catch (IOException ex) {
			record.error = ex.getClass().getSimpleName();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			record.error = "interrupted";
		}
		record.end = epochMs(startEpochMs, startNanos, System.nanoTime());
	}

	private static double epochMs(double startEpochMs, long startNanos, long nanos) {
		return startEpochMs + (nanos - startNanos) / 1e6;
	}

	private static void write(Path output, Record[] records, int issued) throws IOException {
		try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(output))) {
			out.println("id\turl\tdue\tsent\tend\tstatus\tbytes\terror");
			for (int i = 0; i < issued; i++) {
				Record r = records[i];
				String error = (r.error != null) ? r.error : (r.end == 0 ? "unfinished" : "-");
				out.printf("%d\t%d\t%.3f\t%.3f\t%.3f\t%d\t%d\t%s%n", r.id, r.url, r.due, r.sent, r.end, r.status,
						r.bytes, error);
			}
		}
	}

	private static final class Record {

		final int id;

		final int url;

		final double due;

		volatile double sent;

		volatile double end;

		volatile int status;

		volatile int bytes;

		volatile String error;

		Record(int id, int url, double due) {
			this.id = id;
			this.url = url;
			this.due = due;
		}

	}

}
