package io.github.tomcatlatency.statistics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import io.github.tomcatlatency.classload.LoadedPackages;
import io.github.tomcatlatency.classload.LoadedPackages.PackageCount;
import io.github.tomcatlatency.classload.internal.ClassLoads;
import org.jspecify.annotations.Nullable;

/**
 * The classes each route's first request loaded, grouped by package as the report gives
 * them, from the JVM's class load log. Once the log has stopped (the probe is off), its
 * files no longer change: each first request's groups are read once and kept, at most
 * {@link #TOP_PACKAGES} and {@code other} for each, for as long as it is its route's
 * first request, so that a report read parses the log only for a first request it has not
 * told yet. While the log runs, each read parses it again.
 */
public final class FirstRequestLoads {

	/**
	 * How many groups of packages a first request's loaded classes are told in.
	 */
	static final int TOP_PACKAGES = 8;

	private final RequestStatistics statistics;

	private final List<String> applicationPackages;

	private final Map<FirstRequest, List<PackageCount>> told = new ConcurrentHashMap<>();

	/**
	 * Create the loads of the first requests the given statistics keep.
	 * @param statistics the statistics, which run the class load log
	 * @param applicationPackages the application's own packages, told apart from the
	 * libraries'
	 */
	public FirstRequestLoads(RequestStatistics statistics, List<String> applicationPackages) {
		this.statistics = statistics;
		this.applicationPackages = List.copyOf(applicationPackages);
	}

	/**
	 * Return the packages of the classes the first requests of the given routes loaded,
	 * reading the log once for all of those not told yet.
	 * @param routes the routes of one report
	 * @return the groups of a first request's classes, or {@code null} when its loads
	 * were not logged
	 */
	public Function<FirstRequest, @Nullable List<PackageCount>> loadedPackages(List<RouteSnapshot> routes) {
		List<FirstRequest> logged = new ArrayList<>();
		for (RouteSnapshot route : routes) {
			FirstRequest first = route.first();
			if (first != null && first.osThreadId() != -1) {
				logged.add(first);
			}
		}
		// Those no longer first: after a reset, or when an earlier request completed
		// later.
		this.told.keySet().retainAll(logged);
		List<FirstRequest> untold = logged.stream().filter((first) -> !this.told.containsKey(first)).toList();
		ClassLoads loads = untold.isEmpty() ? null
				: this.statistics.classLoads(untold.stream().map(FirstRequest::classLoadWindow).toList());
		if (loads == null) {
			return this.told::get;
		}
		Map<FirstRequest, List<PackageCount>> read = loads.logStopped() ? this.told : new HashMap<>();
		for (FirstRequest first : untold) {
			read.put(first,
					LoadedPackages.of(loads.loadedIn(first.classLoadWindow()), this.applicationPackages, TOP_PACKAGES));
		}
		return (first) -> {
			List<PackageCount> packages = this.told.get(first);
			return (packages != null) ? packages : read.get(first);
		};
	}

}
