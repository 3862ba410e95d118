package io.sonde.e2e.soak;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.sonde.testsupport.HostProcessor;

import org.springframework.util.FileSystemUtils;

/**
 * {@code make soak}: the emulated network, the Java collector and the backend run for
 * {@code SOAK_SECONDS} (600) while Redis, the backend and the collector are each killed
 * once, at a quarter, half and three quarters of the run; then what the collector
 * published is compared with what the event log holds, by event origin. Prints the
 * {@code SOAK} lines and exits 1 when an event was lost or duplicated or a recovery took
 * 10 s or more (keeping its logs and data for a look; a run that met the target removes
 * the data).
 */
public final class SoakRun {

	private static final double RECOVERY_TARGET_SECONDS = 10;

	private static final Duration RECOVERY_GIVE_UP = Duration.ofMinutes(3);

	private SoakRun() {
	}

	public static void main(String[] args) throws Exception {
		Duration length = Duration.ofSeconds(Long.parseLong(System.getenv().getOrDefault("SOAK_SECONDS", "600")));
		Path root = Path.of("").toAbsolutePath();
		if (!Files.isExecutable(root.resolve("sonde-emulator"))) {
			throw new IllegalStateException("run from the repository's root (make soak)");
		}
		Path work = Files.createTempDirectory("sonde-soak-");
		System.out.println("SOAK cpu " + HostProcessor.describe());
		System.out.println("SOAK seconds " + length.toSeconds() + ", logs and data in " + work);
		boolean met;
		try (SoakStack stack = SoakStack.start(root, work)) {
			stack.configure();
			long start = System.nanoTime();
			awaitRecovered(stack, System.currentTimeMillis(), "first event");
			List<Fault> faults = List.of(new Fault("redis", 0.25, stack::crashRedis),
					new Fault("backend", 0.5, stack::killAndRestartBackend),
					new Fault("collector", 0.75, stack::killAndRestartCollector));
			double maxRecovery = 0;
			for (Fault fault : faults) {
				sleepUntil(start + (long) (fault.at() * length.toNanos()));
				long killedAt = fault.inject().run();
				double seconds = awaitRecovered(stack, killedAt, fault.name());
				System.out.printf("SOAK recovery_s %s %.2f%n", fault.name(), seconds);
				maxRecovery = Math.max(maxRecovery, seconds);
			}
			sleepUntil(start + length.toNanos());
			stack.stopTraffic();
			stack.awaitIngested(Duration.ofMinutes(2));
			SoakComparison result = settled(stack.eventLog(), stack.published());
			System.out.println("SOAK events_published " + result.published());
			System.out.println("SOAK events_stored " + result.stored());
			System.out.println("SOAK events_lost " + result.lost());
			System.out.println("SOAK events_duplicated " + result.duplicated());
			System.out.println("SOAK events_unpublished " + result.unpublished());
			System.out.println("SOAK entries_republished " + stack.published().republishedEntries());
			System.out.printf("SOAK max_recovery_s %.2f%n", maxRecovery);
			met = result.lost() == 0 && result.duplicated() == 0 && result.unpublished() == 0
					&& maxRecovery < RECOVERY_TARGET_SECONDS;
		}
		System.out.println("SOAK " + (met ? "target met" : "target missed") + " (0 lost, 0 duplicated, recoveries < "
				+ (int) RECOVERY_TARGET_SECONDS + " s)");
		if (met) {
			// The logs stay for a look; the stores' data (hundreds of MB) goes.
			FileSystemUtils.deleteRecursively(work.resolve("questdb"));
			FileSystemUtils.deleteRecursively(work.resolve("redis"));
		}
		System.exit(met ? 0 : 1);
	}

	/**
	 * Seconds from {@code killedAt} until an event the collector published after it is in
	 * the event log: the whole path carries events again.
	 */
	private static double awaitRecovered(SoakStack stack, long killedAt, String what) throws InterruptedException {
		PublishedLog published = stack.published();
		EventLogReader eventLog = stack.eventLog();
		long giveUp = killedAt + RECOVERY_GIVE_UP.toMillis();
		while (System.currentTimeMillis() < giveUp) {
			Optional<String> origin = published.firstOriginAckedSince(killedAt);
			if (origin.isPresent() && eventLog.holds(origin.get())) {
				return (System.currentTimeMillis() - killedAt) / 1000.0;
			}
			Thread.sleep(100);
		}
		throw new IllegalStateException(
				"no event published after " + what + " reached the event log within " + RECOVERY_GIVE_UP);
	}

	/**
	 * The comparison once the store has applied its last commits (the count holds still).
	 */
	private static SoakComparison settled(EventLogReader eventLog, PublishedLog published) throws Exception {
		long rows = -1;
		while (rows != eventLog.rows()) {
			rows = eventLog.rows();
			Thread.sleep(3000);
		}
		return SoakComparison.of(published.origins(), eventLog.rowsByOrigin());
	}

	private static void sleepUntil(long nanos) throws InterruptedException {
		long left = nanos - System.nanoTime();
		if (left > 0) {
			Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
		}
	}

	private record Fault(String name, double at, Injection inject) {
	}

	/** Kills a process (and starts it again); answers when it was killed, in ms. */
	@FunctionalInterface
	private interface Injection {

		long run() throws Exception;

	}

}
