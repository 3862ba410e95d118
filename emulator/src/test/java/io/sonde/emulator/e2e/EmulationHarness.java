package io.sonde.emulator.e2e;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.provision.NetworkProvisioner;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.provision.ProvisioningPlan;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.topology.Topology;
import io.sonde.p4programs.codec.MalformedTelemetry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An emulated network in virtual time whose reports go to a {@link UdpCollector}, set up
 * the way an operator would: switches started, provisioned over P4Runtime by the
 * emulator's controller, queues watched by an {@link EmulatedQueueing}.
 */
final class EmulationHarness implements AutoCloseable {

	/** Virtual time between two checks that the collector has kept up. */
	private static final Duration SLICE = Duration.ofMillis(20);

	final UdpCollector collector;

	final EmulatedNetwork emulated;

	final EmulatedQueueing queueing = new EmulatedQueueing();

	EmulationHarness(Topology topology, EmulationOptions options) throws IOException {
		this.collector = new UdpCollector();
		EmulatedNetwork started;
		try {
			started = EmulatedNetwork.start(topology,
					options.withCollector(this.collector.address())
						.withP4RuntimeBasePort(0)
						.withWallClock(Clock.fixed(Instant.parse("2026-11-23T12:00:00Z"), ZoneOffset.UTC)));
		}
		catch (RuntimeException ex) {
			this.collector.close();
			throw ex;
		}
		this.emulated = started;
		this.emulated.network().setQueueingRecorder(this.queueing);
	}

	/** Configures every switch over P4Runtime. */
	void provision(ProvisioningOptions options) {
		new NetworkProvisioner(1, Duration.ofSeconds(10), Clock.systemUTC())
			.apply(ProvisioningPlan.of(this.emulated.topology(), options));
	}

	/**
	 * Runs in slices of virtual time and lets the collector catch up after each, so no
	 * datagram is lost to a full socket buffer while virtual time races ahead.
	 */
	void run(Duration total) throws InterruptedException {
		for (Duration done = Duration.ZERO; done.compareTo(total) < 0; done = done.plus(SLICE)) {
			this.emulated.runFor(SLICE);
			assertThat(this.collector.awaitCount(this.emulated.reportsSentToCollector(), Duration.ofSeconds(10)))
				.as("the collector received every report sent so far")
				.isTrue();
		}
	}

	/** Every report the collector received, decoded. */
	List<DecodedReport> reports() throws MalformedTelemetry {
		List<DecodedReport> decoded = new ArrayList<>();
		for (byte[] datagram : this.collector.datagrams()) {
			decoded.add(DecodedReport.decode(datagram));
		}
		return decoded;
	}

	@Override
	public void close() throws IOException {
		this.emulated.close();
		this.collector.close();
	}

}
