package io.sonde.e2e.repro.prefilter;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The repro's accounting on hand-made departures and reports: where bursts begin, which
 * bursts are above the threshold, and which reports catch them.
 */
class BurstLedgerTests {

	private static final long THRESHOLD = 100;

	private final BurstLedger ledger = new BurstLedger(THRESHOLD);

	private long nextPacket = 1;

	@Test
	void aPacketThatWaitedNothingStartsANewBurst() {
		depart(0, 40, 80, 0, 30, 120, 60, 0);

		BurstLedger.BurstSummary bursts = this.ledger.summary();
		assertThat(bursts.bursts()).isEqualTo(3);
		assertThat(bursts.peakMaxNanos()).isEqualTo(120);
		assertThat(bursts.above()).as("only the second burst queued more than the threshold").isEqualTo(1);
		assertThat(this.ledger.packets()).isEqualTo(8);
	}

	@Test
	void aBurstAboveTheThresholdIsCaughtByAReportOfAPacketAboveIt() {
		long[] packets = depart(0, 60, 120, 180);

		this.ledger.reported(packets[2]);

		BurstLedger.BurstSummary bursts = this.ledger.summary();
		assertThat(bursts.above()).isEqualTo(1);
		assertThat(bursts.caught()).isEqualTo(1);
		assertThat(bursts.missed()).isZero();
		assertThat(this.ledger.reports()).isEqualTo(1);
	}

	@Test
	void aReportOfAPacketAtOrBelowTheThresholdDoesNotCatchItsBurst() {
		long[] packets = depart(0, 100, 150);

		this.ledger.reported(packets[0]);
		this.ledger.reported(packets[1]);

		BurstLedger.BurstSummary bursts = this.ledger.summary();
		assertThat(bursts.above()).isEqualTo(1);
		assertThat(bursts.caught()).as("the collector never saw the queue above the threshold").isZero();
		assertThat(bursts.missed()).isEqualTo(1);
	}

	@Test
	void aReportArrivingAfterTheNextBurstBeganCountsForItsOwnBurst() {
		long[] first = depart(0, 150);
		depart(0, 20);

		this.ledger.reported(first[1]);

		BurstLedger.BurstSummary bursts = this.ledger.summary();
		assertThat(bursts.bursts()).isEqualTo(2);
		assertThat(bursts.above()).isEqualTo(1);
		assertThat(bursts.caught()).isEqualTo(1);
	}

	@Test
	void noopCountsEveryBurstThatQueuedAtAllAsAbove() {
		BurstLedger noop = new BurstLedger(0);
		noop.intHop(1, 0);
		noop.departed(1, 0);
		noop.intHop(2, 0);
		noop.departed(2, 0);
		noop.intHop(3, 5);
		noop.departed(3, 5);
		noop.reported(1);
		noop.reported(2);
		noop.reported(3);

		BurstLedger.BurstSummary bursts = noop.summary();
		assertThat(bursts.bursts()).isEqualTo(2);
		assertThat(bursts.above()).as("a lone packet that never waited is a burst below any threshold").isEqualTo(1);
		assertThat(bursts.caught()).isEqualTo(1);
	}

	@Test
	void countsPacketsWhoseIntHopLatencyIsNotTheirQueueWait() {
		this.ledger.intHop(1, 0);
		this.ledger.departed(1, 0);
		this.ledger.intHop(2, 41);
		this.ledger.departed(2, 40);
		this.ledger.departed(3, 80);

		assertThat(this.ledger.latencyMismatches()).as("a wrong value and a missing hop").isEqualTo(2);
	}

	@Test
	void refusesAReportOfAPacketThatNeverCrossedTheBottleneck() {
		depart(0, 50);

		assertThatThrownBy(() -> this.ledger.reported(999)).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("packet 999");
	}

	/** Departures with these waits, each with its matching INT hop; their packet ids. */
	private long[] depart(long... waits) {
		long[] packets = new long[waits.length];
		for (int i = 0; i < waits.length; i++) {
			packets[i] = this.nextPacket++;
			this.ledger.intHop(packets[i], waits[i]);
			this.ledger.departed(packets[i], waits[i]);
		}
		assertThat(this.ledger.latencyMismatches()).isZero();
		return packets;
	}

}
