package io.github.tomcatlatency.phase.internal;

import java.util.ArrayList;
import java.util.List;

import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.ContainerPart;
import io.github.tomcatlatency.phase.Phase;
import io.github.tomcatlatency.phase.Routes;
import org.apache.catalina.Pipeline;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.core.StandardPipeline;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.catalina.valves.RemoteAddrValve;
import org.apache.catalina.valves.ValveBase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ValveTiming} and the per valve timing of {@link PhaseClock}, on
 * synthetic times.
 */
class ValveTimingTests {

	private final PhaseClock clock = new PhaseClock();

	@AfterEach
	void forget() {
		ValveTiming.reset();
	}

	@Test
	void eachValveOfAStandardPipelineGetsAMarkBeforeIt() {
		StandardPipeline pipeline = new StandardPipeline(new StandardHost());
		pipeline.setBasic(new Basic());
		pipeline.addValve(new RemoteAddrValve());
		pipeline.addValve(new ErrorReportValve());
		assertThat(ValveTiming.mark(pipeline, false)).isTrue();
		assertThat(chain(pipeline)).containsExactly("ValveMark", RemoteAddrValve.class.getSimpleName(), "ValveMark",
				ErrorReportValve.class.getSimpleName(), "ValveMark", Basic.class.getSimpleName());
		// A second start marks nothing twice.
		assertThat(ValveTiming.mark(pipeline, false)).isTrue();
		assertThat(chain(pipeline)).hasSize(6);
	}

	@Test
	void engineValvesAreMarkedOnlyAfterThePhaseValve() {
		StandardPipeline pipeline = new StandardPipeline(new StandardHost());
		pipeline.setBasic(new Basic());
		pipeline.addValve(new RemoteAddrValve());
		pipeline.addValve(new PhaseValve(new Routes(10), CompositePhaseRecorder.of(List.of()),
				new RequestClassifier(List::of, RequestExclusion.NONE), null));
		assertThat(ValveTiming.mark(pipeline, true)).isTrue();
		assertThat(chain(pipeline)).containsExactly(RemoteAddrValve.class.getSimpleName(),
				PhaseValve.class.getSimpleName(), "ValveMark", Basic.class.getSimpleName());
	}

	@Test
	void pipelineThatIsNotAStandardPipelineIsLeftAlone() {
		StandardPipeline custom = new StandardPipeline(new StandardHost()) {
		};
		custom.setBasic(new Basic());
		assertThat(ValveTiming.mark(custom, false)).isFalse();
		assertThat(chain(custom)).containsExactly(Basic.class.getSimpleName());
		assertThat(ValveTiming.instrumented()).isFalse();
	}

	@Test
	void probedRequestTimesEachValveWithoutTheValvesItCalls() {
		int outer = slotOf(RemoteAddrValve.class);
		int inner = slotOf(Basic.class);
		this.clock.dispatchStarted(0, () -> 10);
		this.clock.probeStarted(0, CompletedRequest.NOT_MEASURED);
		this.clock.valveEntered(outer, 10);
		this.clock.valveEntered(inner, 15);
		this.clock.enter(Phase.FILTERS, 115);
		this.clock.exit(Phase.FILTERS, 200);
		this.clock.valveLeft(230);
		this.clock.valveLeft(240);
		this.clock.dispatchEnded(false, () -> 250);
		this.clock.complete(0, 260);
		assertThat(this.clock.slowestValve(ContainerPart.VALVES_IN)).isEqualTo(Basic.class.getName());
		assertThat(this.clock.slowestValveNanos(ContainerPart.VALVES_IN)).isEqualTo(100);
		assertThat(this.clock.slowestValve(ContainerPart.VALVES_OUT)).isEqualTo(Basic.class.getName());
		assertThat(this.clock.slowestValveNanos(ContainerPart.VALVES_OUT)).isEqualTo(30);
		assertThat(this.clock.slowestValve(ContainerPart.RESPONSE)).isNull();
		assertThat(this.clock.slowestValveNanos(ContainerPart.RESPONSE)).isEqualTo(CompletedRequest.NOT_MEASURED);
	}

	@Test
	void requestTheProbeDoesNotMeasureTimesNoValve() {
		int slot = slotOf(RemoteAddrValve.class);
		this.clock.dispatchStarted(0, () -> 10);
		assertThat(this.clock.timingValves()).isFalse();
		this.clock.dispatchEnded(false, () -> 250);
		this.clock.complete(0, 260);
		assertThat(this.clock.slowestValve(ContainerPart.VALVES_IN)).isNull();
		assertThat(this.clock.slowestValveNanos(ContainerPart.VALVES_IN)).isEqualTo(CompletedRequest.NOT_MEASURED);
		assertThat(slot).isNotNegative();
	}

	@Test
	void nextRequestOnTheClockStartsItsValvesFromZero() {
		int slot = slotOf(RemoteAddrValve.class);
		this.clock.dispatchStarted(0, () -> 0);
		this.clock.probeStarted(0, CompletedRequest.NOT_MEASURED);
		this.clock.valveEntered(slot, 0);
		this.clock.valveLeft(100);
		this.clock.dispatchEnded(false, () -> 100);
		this.clock.complete(0, 100);
		this.clock.dispatchStarted(1000, () -> 1000);
		this.clock.probeStarted(0, CompletedRequest.NOT_MEASURED);
		this.clock.valveEntered(slot, 1000);
		this.clock.valveLeft(1003);
		this.clock.dispatchEnded(false, () -> 1003);
		this.clock.complete(1000, 3);
		assertThat(this.clock.slowestValveNanos(ContainerPart.VALVES_IN)).isEqualTo(3);
	}

	private static int slotOf(Class<? extends Valve> type) {
		StandardPipeline pipeline = new StandardPipeline(new StandardHost());
		try {
			pipeline.setBasic(type.getDeclaredConstructor().newInstance());
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
		ValveTiming.mark(pipeline, false);
		return ((ValveMark) pipeline.getFirst()).slot();
	}

	private static List<String> chain(Pipeline pipeline) {
		List<String> chain = new ArrayList<>();
		for (Valve valve = pipeline.getFirst(); valve != null; valve = valve.getNext()) {
			chain.add(valve.getClass().getSimpleName());
		}
		return chain;
	}

	static class Basic extends ValveBase {

		@Override
		public void invoke(Request request, Response response) {
		}

	}

}
