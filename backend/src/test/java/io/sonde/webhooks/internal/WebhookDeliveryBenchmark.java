package io.sonde.webhooks.internal;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.sonde.alerts.AlertNotification;
import io.sonde.testsupport.HostProcessor;
import io.sonde.webhooks.SubscriptionRequest;

/**
 * {@code make bench-alerts}, webhook half: from an {@link AlertNotification} handed to
 * the webhooks module's listener to a signed, verified request at a receiver on loopback,
 * groupWait 0 (each alert its own group). Redis is a redis-server of the benchmark's. A
 * warm-up run, then {@code runs} runs of {@code notifications} each, one every
 * {@code spacingMs}; prints the median of the per-run p99s, and as its baseline the p99
 * of the same body POSTed straight to the same receiver, measured after each run.
 * <p>
 * Arguments: {@code [runs=5] [notifications=200] [spacingMs=20]}.
 */
public final class WebhookDeliveryBenchmark {

	private WebhookDeliveryBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		int runs = (args.length > 0) ? Integer.parseInt(args[0]) : 5;
		int notifications = (args.length > 1) ? Integer.parseInt(args[1]) : 200;
		long spacingMs = (args.length > 2) ? Long.parseLong(args[2]) : 20;
		System.out.println("machine: " + HostProcessor.describe() + ", " + Runtime.getRuntime().availableProcessors()
				+ " cores visible to the JVM, Java " + System.getProperty("java.version"));
		Clock clock = Clock.systemUTC();
		try (WebhookTestBed bed = new WebhookTestBed(clock, List.of("127.0.0.1/32"), 3);
				TestReceiver receiver = new TestReceiver(clock)) {
			var created = bed.webhooks.create(new SubscriptionRequest("bench", "bench", receiver.url(), null, null,
					null, null, List.of("link"), "0s", "5m"));
			receiver.verifyWith(created.secret());
			run(bed, receiver, "warm-up", Math.max(50, notifications / 2), spacingMs);
			String body = receiver.received().get(0).body();
			HttpClient http = HttpClient.newHttpClient();
			baseline(http, receiver, body, Math.max(50, notifications / 2), spacingMs);
			List<Double> p99s = new ArrayList<>();
			List<Double> baselines = new ArrayList<>();
			for (int run = 1; run <= runs; run++) {
				p99s.add(run(bed, receiver, "run-" + run, notifications, spacingMs));
				baselines.add(baseline(http, receiver, body, notifications, spacingMs));
			}
			Collections.sort(p99s);
			Collections.sort(baselines);
			double median = p99s.get(p99s.size() / 2);
			double baseline = baselines.get(baselines.size() / 2);
			System.out.printf("per-run p99s (ms): %s; baseline %s%n", p99s, baselines);
			System.out.printf("BENCH webhook_fire_to_delivery_p99_ms %.1f (target < 200 ms)%n", median);
			System.out.printf(
					"BENCH webhook_baseline_post_p99_ms %.1f (the same body POSTed straight to the same "
							+ "receiver by the JDK's HttpClient, send to response; ratio %.1fx)%n",
					baseline, median / baseline);
		}
	}

	/**
	 * The baseline: the body of a delivery POSTed {@code count} times straight to the
	 * receiver, with no module, grouping, signing or Redis on the way; answers the p99 in
	 * milliseconds from send to response.
	 */
	private static double baseline(HttpClient http, TestReceiver receiver, String body, int count, long spacingMs)
			throws Exception {
		HttpRequest post = HttpRequest.newBuilder(URI.create(receiver.url()))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build();
		List<Double> latencies = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			long start = System.nanoTime();
			http.send(post, HttpResponse.BodyHandlers.discarding());
			latencies.add((System.nanoTime() - start) / 1e6);
			Thread.sleep(spacingMs);
		}
		Collections.sort(latencies);
		return latencies.get((int) Math.ceil(latencies.size() * 0.99) - 1);
	}

	/** One run; answers its p99 in milliseconds. */
	private static double run(WebhookTestBed bed, TestReceiver receiver, String name, int count, long spacingMs)
			throws Exception {
		int before = receiver.received().size();
		Map<String, Instant> published = new HashMap<>();
		for (int i = 0; i < count; i++) {
			String link = name + "-" + i;
			Instant at = Instant.now();
			published.put(link, at);
			bed.grouper.on(new AlertNotification("bench-" + link, AlertNotification.Kind.FIRING,
					Alerts.firing("bench-loss", Map.of("link", link), at), at));
			Thread.sleep(spacingMs);
		}
		Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
		while (receiver.received().size() < before + count && Instant.now().isBefore(deadline)) {
			Thread.sleep(10);
		}
		List<TestReceiver.Received> got = receiver.received();
		if (got.size() < before + count) {
			throw new IllegalStateException(name + ": " + (got.size() - before) + " of " + count + " delivered");
		}
		List<Double> latencies = new ArrayList<>();
		for (TestReceiver.Received received : got.subList(before, got.size())) {
			if (received.verifiedBy().isEmpty()) {
				throw new IllegalStateException(name + ": a delivery failed verification: " + received.rejection());
			}
			String link = bed.json.readTree(received.body())
				.path("data")
				.path("alerts")
				.get(0)
				.path("labels")
				.path("link")
				.asText();
			latencies.add(Duration.between(published.get(link), received.at()).toNanos() / 1e6);
		}
		Collections.sort(latencies);
		double p99 = latencies.get((int) Math.ceil(latencies.size() * 0.99) - 1);
		System.out.printf("%s: %d notifications, median %.1f ms, p99 %.1f ms%n", name, count,
				latencies.get(latencies.size() / 2), p99);
		return p99;
	}

}
