package io.github.tomcatlatency.report;

import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.ContainerPart;
import io.github.tomcatlatency.statistics.RecordedContainerParts;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ContainerParts}: the container's cause names the valve of the largest
 * part, or says why it cannot.
 */
class ContainerPartsTests {

	@Test
	void valvesOutNamesTheValveThatHeldIt() {
		ContainerParts parts = parts(new ValvesRequest(10, 2_000_000, 1_800_000, "com.example.AuditValve"));
		assertThat(parts).isNotNull();
		assertThat(parts.largest()).isEqualTo("valves-out");
		assertThat(parts.valve()).isEqualTo("com.example.AuditValve");
		assertThat(parts.valveMs()).isEqualTo(1.8);
		assertThat(parts.valveUnknown()).isNull();
	}

	@Test
	void valvesThatWereNotTimedSayWhy() {
		ContainerParts parts = parts(new ValvesRequest(10, 2_000_000, CompletedRequest.NOT_MEASURED, null));
		assertThat(parts).isNotNull();
		assertThat(parts.valve()).isNull();
		assertThat(parts.valveMs()).isNull();
		// No pipeline of this JVM was marked.
		assertThat(parts.valveUnknown()).isEqualTo(ContainerParts.VALVE_PIPELINE_UNKNOWN);
	}

	@Test
	void valvesTimedWithoutAnyValveTimeSayNoValve() {
		ContainerParts parts = parts(new ValvesRequest(10, 2_000_000, 0, null));
		assertThat(parts).isNotNull();
		assertThat(parts.valveUnknown()).isEqualTo(ContainerParts.VALVE_NONE);
	}

	@Test
	void anotherLargestPartNamesNoValveAndNoReason() {
		ContainerParts parts = parts(new ValvesRequest(3_000_000, 2_000_000, 1_800_000, "ignored"));
		assertThat(parts).isNotNull();
		assertThat(parts.largest()).isEqualTo("connector");
		assertThat(parts.valve()).isNull();
		assertThat(parts.valveUnknown()).isNull();
	}

	// As the report tells a request the statistics recorded.
	private static @Nullable ContainerParts parts(CompletedRequest request) {
		return ContainerParts.of(RecordedContainerParts.of(request));
	}

	/**
	 * A request whose container time is in the connector and valves-out.
	 */
	record ValvesRequest(long connectorNanos, long valvesOutNanos, long valveNanos,
			@Nullable String valve) implements CompletedRequest {

		@Override
		public long containerPartNanos(ContainerPart part) {
			return switch (part) {
				case CONNECTOR -> this.connectorNanos;
				case VALVES_OUT -> this.valvesOutNanos;
				default -> 0;
			};
		}

		@Override
		public @Nullable String slowestValve(ContainerPart part) {
			return (part == ContainerPart.VALVES_OUT) ? this.valve : null;
		}

		@Override
		public long slowestValveNanos(ContainerPart part) {
			return (part == ContainerPart.VALVES_OUT) ? this.valveNanos : CompletedRequest.NOT_MEASURED;
		}

		@Override
		public long startNanos() {
			return 0;
		}

		@Override
		public long containerNanos() {
			return this.connectorNanos + this.valvesOutNanos;
		}

		@Override
		public long filtersNanos() {
			return 0;
		}

		@Override
		public long mvcNanos() {
			return 0;
		}

		@Override
		public long classesLoaded() {
			return CompletedRequest.NOT_MEASURED;
		}

		@Override
		public long cpuNanos() {
			return CompletedRequest.NOT_MEASURED;
		}

	}

}
