package io.github.tomcatlatency.phase.internal;

import java.util.ArrayList;
import java.util.List;

import io.github.tomcatlatency.phase.ContainerPart;
import io.github.tomcatlatency.phase.Phase;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link PhaseClock}, on synthetic times.
 */
class PhaseClockTests {

	private final PhaseClock clock = new PhaseClock();

	private final List<Split> splits = new ArrayList<>();

	@Test
	void synchronousRequestIsSplitAtTheBoundaries() {
		this.clock.dispatchStarted(1000, () -> 1010);
		this.clock.enter(Phase.FILTERS, 1020);
		this.clock.enter(Phase.MVC, 1050);
		this.clock.captureRoute("/things/{id}");
		this.clock.exit(Phase.MVC, 1150);
		this.clock.exit(Phase.FILTERS, 1160);
		this.clock.dispatchEnded(false, () -> 1170);
		complete(1000, 200);
		assertThat(this.splits).containsExactly(new Split("/things/{id}", 20 + 40, 30 + 10, 100));
	}

	@Test
	void forwardFromInsideTheServletStaysInMvc() {
		this.clock.dispatchStarted(0, () -> 0);
		this.clock.enter(Phase.FILTERS, 10);
		this.clock.enter(Phase.MVC, 20);
		assertThat(this.clock.enter(Phase.FILTERS, 30)).isFalse();
		assertThat(this.clock.enter(Phase.MVC, 40)).isFalse();
		assertThat(this.clock.exit(Phase.MVC, 50)).isFalse();
		assertThat(this.clock.exit(Phase.FILTERS, 60)).isFalse();
		assertThat(this.clock.exit(Phase.MVC, 70)).isTrue();
		assertThat(this.clock.exit(Phase.FILTERS, 80)).isTrue();
		complete(0, 100);
		assertThat(this.splits).containsExactly(new Split(null, 10 + 20, 10 + 10, 50));
	}

	@Test
	void errorDispatchAfterTheRequestAddsToEachPhaseAndKeepsTheFirstRoute() {
		this.clock.dispatchStarted(0, () -> 0);
		this.clock.enter(Phase.FILTERS, 10);
		this.clock.enter(Phase.MVC, 20);
		this.clock.captureRoute("/boom");
		this.clock.exit(Phase.MVC, 30);
		this.clock.exit(Phase.FILTERS, 40);
		this.clock.enter(Phase.FILTERS, 50);
		this.clock.enter(Phase.MVC, 60);
		this.clock.captureRoute("/error");
		this.clock.exit(Phase.MVC, 90);
		this.clock.exit(Phase.FILTERS, 95);
		this.clock.dispatchEnded(false, () -> 97);
		complete(0, 100);
		assertThat(this.splits).containsExactly(new Split("/boom", 10 + 10 + 5, 10 + 10 + 10 + 5, 10 + 30));
	}

	@Test
	void asynchronousRequestCountsTheWaitBetweenDispatchesAsMvc() {
		this.clock.dispatchStarted(0, () -> 5);
		this.clock.enter(Phase.FILTERS, 10);
		this.clock.enter(Phase.MVC, 20);
		this.clock.exit(Phase.MVC, 30);
		this.clock.exit(Phase.FILTERS, 40);
		this.clock.dispatchEnded(true, () -> 45);
		this.clock.dispatchStarted(0, () -> 345);
		this.clock.enter(Phase.FILTERS, 350);
		this.clock.enter(Phase.MVC, 355);
		this.clock.exit(Phase.MVC, 365);
		this.clock.exit(Phase.FILTERS, 370);
		this.clock.dispatchEnded(false, () -> 375);
		complete(0, 380);
		long mvc = 10 + 300 + 10;
		long filters = 10 + 10 + 5 + 5;
		assertThat(this.splits).containsExactly(new Split(null, 380 - mvc - filters, filters, mvc));
	}

	@Test
	void asynchronousRequestCompletedByTheApplicationEndsInMvc() {
		this.clock.dispatchStarted(0, () -> 0);
		this.clock.enter(Phase.FILTERS, 10);
		this.clock.enter(Phase.MVC, 20);
		this.clock.exit(Phase.MVC, 30);
		this.clock.exit(Phase.FILTERS, 40);
		this.clock.dispatchEnded(true, () -> 50);
		complete(0, 500);
		assertThat(this.splits).containsExactly(new Split(null, 10 + 10, 10 + 10, 10 + 450));
	}

	@Test
	void requestIsRecordedOnlyOnce() {
		this.clock.dispatchStarted(0, () -> 0);
		complete(0, 10);
		complete(0, 10);
		assertThat(this.splits).hasSize(1);
	}

	@Test
	void requestThatWasNeverDispatchedIsNotRecorded() {
		this.clock.dispatchStarted(0, () -> 0);
		complete(0, 10);
		complete(50, 10);
		assertThat(this.splits).hasSize(1);
	}

	@Test
	void nextRequestOnTheSameConnectionStartsFromZero() {
		this.clock.dispatchStarted(0, () -> 0);
		this.clock.enter(Phase.FILTERS, 10);
		this.clock.enter(Phase.MVC, 20);
		this.clock.captureRoute("/first");
		// The first request's chain never unwinds (an error the container swallowed).
		complete(0, 100);
		this.clock.dispatchStarted(200, () -> 200);
		this.clock.enter(Phase.FILTERS, 210);
		this.clock.exit(Phase.FILTERS, 220);
		complete(200, 30);
		assertThat(this.splits).element(1).isEqualTo(new Split(null, 20, 10, 0));
	}

	@Test
	void phasesNeverExceedTheTotalTomcatMeasured() {
		this.clock.dispatchStarted(0, () -> 0);
		this.clock.enter(Phase.FILTERS, 0);
		this.clock.enter(Phase.MVC, 0);
		this.clock.exit(Phase.MVC, 80);
		this.clock.exit(Phase.FILTERS, 90);
		// Tomcat's total is read before the last transition on a racing thread.
		complete(0, 60);
		Split split = this.splits.get(0);
		assertThat(split.container() + split.filters() + split.mvc()).isEqualTo(60);
		assertThat(split.container()).isNotNegative();
		assertThat(split.filters()).isNotNegative();
	}

	@Test
	void containerIsSplitIntoItsParts() {
		this.clock.dispatchStarted(1000, () -> 1010);
		this.clock.enter(Phase.FILTERS, 1030);
		this.clock.enter(Phase.MVC, 1050);
		this.clock.exit(Phase.MVC, 1150);
		this.clock.exit(Phase.FILTERS, 1160);
		this.clock.dispatchEnded(false, () -> 1200);
		complete(1000, 300);
		assertThat(this.clock.containerNanos()).isEqualTo(10 + 20 + 40 + 100);
		assertThat(parts()).containsExactly(10L, 20L, 40L, 100L);
	}

	@Test
	void errorPageDispatchOutsideItsFiltersIsValvesOut() {
		this.clock.dispatchStarted(0, () -> 5);
		this.clock.enter(Phase.FILTERS, 10);
		this.clock.exit(Phase.FILTERS, 40);
		// The host's error page dispatch: its container time, between the chains.
		this.clock.enter(Phase.FILTERS, 70);
		this.clock.exit(Phase.FILTERS, 90);
		this.clock.dispatchEnded(false, () -> 95);
		complete(0, 100);
		assertThat(parts()).containsExactly(5L, 5L, 30L + 5, 5L);
	}

	@Test
	void eachAsynchronousDispatchPassesTheValvesAgainAndTheWaitStaysMvc() {
		this.clock.dispatchStarted(0, () -> 5);
		this.clock.enter(Phase.FILTERS, 10);
		this.clock.exit(Phase.FILTERS, 40);
		this.clock.dispatchEnded(true, () -> 45);
		this.clock.dispatchStarted(0, () -> 345);
		this.clock.enter(Phase.FILTERS, 350);
		this.clock.exit(Phase.FILTERS, 370);
		this.clock.dispatchEnded(false, () -> 375);
		complete(0, 400);
		assertThat(this.clock.mvcNanos()).isEqualTo(300);
		assertThat(parts()).containsExactly(5L, 5L + 5, 5L + 5, 25L);
	}

	@Test
	void partsAddUpToTheContainerWhenTheTotalIsClamped() {
		this.clock.dispatchStarted(0, () -> 30);
		this.clock.enter(Phase.FILTERS, 40);
		this.clock.exit(Phase.FILTERS, 50);
		this.clock.dispatchEnded(false, () -> 90);
		// Tomcat read its clock before the dispatch ended, on a racing thread.
		complete(0, 45);
		assertThat(this.clock.containerNanos()).isEqualTo(35);
		assertThat(parts()).containsExactly(30L, 5L, 0L, 0L);
		assertThat(parts().stream().mapToLong(Long::longValue).sum()).isEqualTo(this.clock.containerNanos());
	}

	@Test
	void nextRequestStartsItsPartsFromZero() {
		this.clock.dispatchStarted(0, () -> 10);
		this.clock.dispatchEnded(false, () -> 20);
		complete(0, 30);
		this.clock.dispatchStarted(100, () -> 101);
		this.clock.dispatchEnded(false, () -> 102);
		complete(100, 3);
		assertThat(parts()).containsExactly(1L, 1L, 0L, 1L);
	}

	private List<Long> parts() {
		List<Long> parts = new ArrayList<>();
		for (ContainerPart part : ContainerPart.values()) {
			parts.add(this.clock.containerPartNanos(part));
		}
		return parts;
	}

	private void complete(long requestStartNanos, long totalNanos) {
		if (this.clock.complete(requestStartNanos, totalNanos)) {
			this.splits.add(new Split(this.clock.route(), this.clock.containerNanos(), this.clock.filtersNanos(),
					this.clock.mvcNanos()));
		}
	}

	record Split(@Nullable String route, long container, long filters, long mvc) {

	}

}
