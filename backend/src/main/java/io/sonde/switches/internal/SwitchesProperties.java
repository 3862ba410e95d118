package io.sonde.switches.internal;

import java.nio.file.Path;
import java.time.Duration;

import io.sonde.switches.internal.connection.ConnectionSettings;
import io.sonde.switches.internal.tls.TlsDirectory;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.switches.*}.
 *
 * @param rpcTimeout deadline of every P4Runtime call on a switch, managed or observed
 * @param arbitrationTimeout how long a new connection waits for the arbitration answer
 * @param heartbeat pause between two round-trip measurements (a Capabilities call) of a
 * switch, managed or observed
 * @param backoffMin first pause before redialling a switch
 * @param backoffMax longest pause between redials
 * @param redialProbeInterval how often a switch that is away is looked at (a TCP connect
 * to its P4Runtime port); the pause ends when it answers, so it is redialled within about
 * two of these however long it was down
 * @param electionIdOffset added to every registered election id; run a backup replica of
 * the backend with a negative offset
 * @param takeOver claim a switch whose primary left (its election id + 1)
 * @param writeBatch updates per P4Runtime Write request
 * @param registryRefresh how often the registry in Redis is re-read (changes made through
 * another replica)
 * @param installRoutes keep /32 host routes along shortest paths of the topology on every
 * switch (sonde.p4 forwards nothing without them)
 * @param pollingConcurrency switches the port-counter polling baseline reads at the same
 * time (the GPINT paper's SNMP baseline used 12)
 * @param pollingInterval pause between two polling rounds; 0 polls only on request
 * @param tlsDirectory the one directory switch TLS files are read from; null (the
 * default) accepts TLS material only as PEM text in the registration
 */
@ConfigurationProperties("sonde.switches")
public record SwitchesProperties(@DefaultValue("3s") Duration rpcTimeout,
		@DefaultValue("3s") Duration arbitrationTimeout, @DefaultValue("2s") Duration heartbeat,
		@DefaultValue("200ms") Duration backoffMin, @DefaultValue("5s") Duration backoffMax,
		@DefaultValue("0") long electionIdOffset, @DefaultValue("true") boolean takeOver,
		@DefaultValue("500") int writeBatch, @DefaultValue("5s") Duration registryRefresh,
		@DefaultValue("true") boolean installRoutes, @DefaultValue("12") int pollingConcurrency,
		@DefaultValue("0s") Duration pollingInterval, @DefaultValue("250ms") Duration redialProbeInterval,
		Path tlsDirectory) {

	/** Two probe intervals and a dial fit in the second the operations guide promises. */
	static final Duration MAX_REDIAL_PROBE_INTERVAL = Duration.ofMillis(400);

	public SwitchesProperties {
		requirePositive("rpc-timeout", rpcTimeout);
		requirePositive("arbitration-timeout", arbitrationTimeout);
		requirePositive("heartbeat", heartbeat);
		requirePositive("backoff-min", backoffMin);
		requirePositive("registry-refresh", registryRefresh);
		requirePositive("redial-probe-interval", redialProbeInterval);
		if (redialProbeInterval.compareTo(MAX_REDIAL_PROBE_INTERVAL) > 0) {
			throw new IllegalArgumentException(
					"sonde.switches.redial-probe-interval must be at most " + MAX_REDIAL_PROBE_INTERVAL.toMillis()
							+ "ms (a switch back is redialled within 1 s), was " + redialProbeInterval);
		}
		if (backoffMax.compareTo(backoffMin) < 0) {
			throw new IllegalArgumentException(
					"sonde.switches.backoff-max must be at least backoff-min, was " + backoffMax);
		}
		if (pollingConcurrency < 1) {
			throw new IllegalArgumentException(
					"sonde.switches.polling-concurrency must be at least 1, was " + pollingConcurrency);
		}
		if (pollingInterval.isNegative()) {
			throw new IllegalArgumentException(
					"sonde.switches.polling-interval must not be negative, was " + pollingInterval);
		}
		if (writeBatch < 1) {
			throw new IllegalArgumentException("sonde.switches.write-batch must be at least 1, was " + writeBatch);
		}
	}

	TlsDirectory tlsFiles() {
		return (this.tlsDirectory != null) ? TlsDirectory.of(this.tlsDirectory) : TlsDirectory.none();
	}

	ConnectionSettings connectionSettings() {
		return new ConnectionSettings(this.rpcTimeout, this.arbitrationTimeout, this.heartbeat, this.backoffMin,
				this.backoffMax, this.electionIdOffset, this.takeOver, this.writeBatch, this.redialProbeInterval);
	}

	private static void requirePositive(String name, Duration value) {
		if (value.isNegative() || value.isZero()) {
			throw new IllegalArgumentException("sonde.switches." + name + " must be positive, was " + value);
		}
	}

}
