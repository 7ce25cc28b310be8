package io.github.tomcatlatency.jvmcache.internal;

import java.lang.management.ManagementFactory;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.management.JMException;
import javax.management.ObjectName;

import org.jspecify.annotations.Nullable;

/**
 * Where the JVM uses its shared archives: the JDK's default CDS archive or a static one,
 * then a dynamic one on top, or an AOT cache. A JVM can map an archive's file and still
 * refuse it: Java 25 leaves a dynamic archive whose class path does not match mapped
 * after it stops using it, outside this range. Read from the {@code VM.info} diagnostic
 * command, of which only this line is read.
 */
final class SharedArchiveSpace {

	private static final Pattern MAPPED = Pattern.compile(
			"^CDS archive\\(s\\) mapped at: \\[0x(\\p{XDigit}{1,16})-0x(\\p{XDigit}{1,16})-0x(\\p{XDigit}{1,16})\\)",
			Pattern.MULTILINE);

	private static final Pattern NOT_MAPPED = Pattern.compile("^CDS archive\\(s\\) not mapped", Pattern.MULTILINE);

	private static final AddressRange NONE = new AddressRange(0, 0);

	private SharedArchiveSpace() {
	}

	/**
	 * Return where the running JVM uses its shared archives.
	 * @return the range, empty when it uses none, or {@code null} when that cannot be
	 * told
	 * @throws JMException if the diagnostic command cannot be run
	 */
	static @Nullable AddressRange ofRunningJvm() throws JMException {
		Object info = ManagementFactory.getPlatformMBeanServer()
			.invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmInfo", new Object[] { null },
					new String[] { String[].class.getName() });
		return (info instanceof String text) ? of(text) : null;
	}

	/**
	 * Return where a JVM uses its shared archives.
	 * @param vmInfo the output of its {@code VM.info} diagnostic command, which names the
	 * range as {@code CDS archive(s) mapped at: [base-static top-dynamic top)}
	 * @return the range from the base to the top, empty when it says
	 * {@code CDS archive(s) not mapped}, or {@code null} when it says neither
	 */
	static @Nullable AddressRange of(String vmInfo) {
		Matcher mapped = MAPPED.matcher(vmInfo);
		if (mapped.find()) {
			return new AddressRange(Long.parseUnsignedLong(mapped.group(1), 16),
					Long.parseUnsignedLong(mapped.group(3), 16));
		}
		return NOT_MAPPED.matcher(vmInfo).find() ? NONE : null;
	}

}
