package io.github.tomcatlatency.classload;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Groups loaded classes by the library they belong to, told by package: the application's
 * own packages each as one group, any other class by the first three parts of its package
 * ({@code org.hibernate.query}, {@code com.fasterxml.jackson}), the JDK's by two
 * ({@code java.lang}, {@code jdk.internal}).
 */
public final class LoadedPackages {

	private static final List<String> JDK_PREFIXES = List.of("java.", "javax.", "jdk.", "sun.");

	private LoadedPackages() {
	}

	/**
	 * Group classes by package, the largest groups first.
	 * @param classNames the names of the classes as the JVM logs them (a hidden class
	 * ends with {@code /0x...})
	 * @param applicationPackages the application's own packages
	 * @param top how many groups to keep; the rest are counted in one group named
	 * {@code other}
	 * @return the groups
	 */
	public static List<PackageCount> of(Collection<String> classNames, Collection<String> applicationPackages,
			int top) {
		Map<Group, Integer> counts = new LinkedHashMap<>();
		for (String className : classNames) {
			counts.merge(group(packageOf(className), applicationPackages), 1, Integer::sum);
		}
		List<PackageCount> sorted = counts.entrySet()
			.stream()
			.map((entry) -> new PackageCount(entry.getKey().name(), entry.getValue(), entry.getKey().application()))
			.sorted(Comparator.comparingInt(PackageCount::classes).reversed().thenComparing(PackageCount::name))
			.toList();
		if (sorted.size() <= top) {
			return sorted;
		}
		List<PackageCount> kept = new ArrayList<>(sorted.subList(0, top));
		int rest = sorted.subList(top, sorted.size()).stream().mapToInt(PackageCount::classes).sum();
		kept.add(new PackageCount("other", rest, false));
		return kept;
	}

	private static String packageOf(String className) {
		int hidden = className.indexOf('/');
		String name = (hidden >= 0) ? className.substring(0, hidden) : className;
		int lastDot = name.lastIndexOf('.');
		return (lastDot >= 0) ? name.substring(0, lastDot) : "";
	}

	private static Group group(String packageName, Collection<String> applicationPackages) {
		for (String application : applicationPackages) {
			if (packageName.equals(application) || packageName.startsWith(application + ".")) {
				return new Group(application, true);
			}
		}
		boolean jdk = JDK_PREFIXES.stream().anyMatch(packageName::startsWith);
		String[] parts = packageName.split("\\.");
		int kept = Math.min(parts.length, jdk ? 2 : 3);
		return new Group(
				packageName.isEmpty() ? "(default package)" : String.join(".", List.of(parts).subList(0, kept)), false);
	}

	/**
	 * Classes loaded from one group of packages.
	 *
	 * @param name the group: the packages' common start, or {@code other}
	 * @param classes how many classes
	 * @param application whether they are the application's own
	 */
	public record PackageCount(String name, int classes, boolean application) {

	}

	private record Group(String name, boolean application) {

	}

}
