package io.github.tomcatlatency.phase.internal;

import java.lang.reflect.Field;

import io.github.tomcatlatency.internal.Failures;
import org.apache.catalina.Container;
import org.apache.catalina.Context;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.Pipeline;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardPipeline;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Puts a {@link ValveMark} before each valve of the engine's pipeline after the
 * {@link PhaseValve}, and of the host's and the context's pipelines, so that a request
 * the {@link ColdRequestProbe} measures knows which valve held its time in
 * {@link io.github.tomcatlatency.phase.ContainerPart#VALVES_IN valves-in} and
 * {@link io.github.tomcatlatency.phase.ContainerPart#VALVES_OUT valves-out}. The valves
 * and their order are Tomcat's and the application's; a mark only passes the request on,
 * and reads the clock only while the request is probed.
 * <p>
 * A pipeline's first valve has no setter: it is reached by reflection, contained. A
 * pipeline that is not a {@link StandardPipeline} is left as it is, with one INFO line,
 * and the requests it serves name no valve.
 */
public final class ValveTiming {

	/**
	 * The most valve classes told apart; the valves of more classes are left unmarked.
	 */
	static final int MAX_VALVES = 16;

	private static final Log logger = LogFactory.getLog(ValveTiming.class);

	// Slot to class name, written at start under the class's lock; read without it, a
	// name being published by the volatile write of the count after it.
	private static final String[] names = new String[MAX_VALVES];

	private static volatile int count;

	private static volatile boolean instrumented;

	// A pipeline that could not be marked: its valves' time would go to the marked valve
	// that calls it, so no request names a valve.
	private static volatile boolean incomplete;

	private ValveTiming() {
	}

	/**
	 * Return whether a pipeline was marked, so that a probed request's valves are timed.
	 * @return whether a pipeline was marked
	 */
	public static boolean instrumented() {
		return instrumented && !incomplete;
	}

	/**
	 * Mark the valves of the context's pipelines each time it has started, before the
	 * connector takes requests.
	 * @param context the context
	 */
	public static void timeAfterStart(Context context) {
		context.addLifecycleListener((event) -> {
			if (Lifecycle.AFTER_START_EVENT.equals(event.getType())) {
				mark(context);
			}
		});
	}

	static void mark(Context context) {
		Container host = context.getParent();
		Container engine = (host != null) ? host.getParent() : null;
		if (engine != null) {
			mark(engine.getPipeline(), true);
		}
		if (host != null) {
			mark(host.getPipeline(), false);
		}
		mark(context.getPipeline(), false);
	}

	/**
	 * Put a mark before each valve of a pipeline that has none yet.
	 * @param pipeline the pipeline
	 * @param afterPhaseValve whether to mark only the valves after the
	 * {@link PhaseValve}, which opens the clock the marks read
	 * @return whether the pipeline's valves are marked
	 */
	static boolean mark(Pipeline pipeline, boolean afterPhaseValve) {
		boolean marked = markValves(pipeline, afterPhaseValve);
		if (marked) {
			instrumented = true;
		}
		else {
			incomplete = true;
		}
		return marked;
	}

	private static boolean markValves(Pipeline pipeline, boolean afterPhaseValve) {
		if (pipeline.getClass() != StandardPipeline.class) {
			logger.info("A Tomcat pipeline is " + pipeline.getClass().getName()
					+ ", not a StandardPipeline: tomcat-latency does not tell which of its valves held a request's time");
			return false;
		}
		try {
			boolean marking = !afterPhaseValve;
			Valve previous = null;
			Valve current = pipeline.getFirst();
			while (current != null) {
				if (current instanceof ValveMark) {
					// Marked at an earlier start: skip the mark and its valve.
					previous = current.getNext();
					current = (previous != null) ? previous.getNext() : null;
					continue;
				}
				if (marking) {
					int slot = slot(current.getClass().getName());
					if (slot < 0) {
						logger.info("More than " + MAX_VALVES + " classes of Tomcat valves: tomcat-latency does not "
								+ "tell which of the valves from " + current.getClass().getName()
								+ " on held a request's time");
						return false;
					}
					ValveMark mark = new ValveMark(slot, current);
					if (previous == null) {
						setFirst(pipeline, mark);
					}
					else {
						previous.setNext(mark);
					}
				}
				marking |= current instanceof PhaseValve;
				previous = current;
				current = current.getNext();
			}
			return true;
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			logger.info("Tomcat's pipeline keeps its valves in a way tomcat-latency does not know ("
					+ Failures.describe(ex) + "): it does not tell which of its valves held a request's time");
			return false;
		}
	}

	/**
	 * Return the class name of the valve a mark's slot times.
	 * @param slot the slot
	 * @return the valve's class name, or {@code null}
	 */
	static @Nullable String name(int slot) {
		return (slot >= 0 && slot < count) ? names[slot] : null;
	}

	private static synchronized int slot(String name) {
		for (int i = 0; i < count; i++) {
			if (names[i].equals(name)) {
				return i;
			}
		}
		if (count == MAX_VALVES) {
			return -1;
		}
		int slot = count;
		names[slot] = name;
		count = slot + 1;
		return slot;
	}

	private static void setFirst(Pipeline pipeline, Valve first) throws ReflectiveOperationException {
		Field field = StandardPipeline.class.getDeclaredField("first");
		field.setAccessible(true);
		field.set(pipeline, first);
	}

	/**
	 * Forget the classes told apart, for tests.
	 */
	static synchronized void reset() {
		for (int i = 0; i < count; i++) {
			names[i] = null;
		}
		count = 0;
		instrumented = false;
		incomplete = false;
	}

}
