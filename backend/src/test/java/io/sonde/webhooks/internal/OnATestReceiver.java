package io.sonde.webhooks.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * For each test, the webhooks module wired by hand ({@link WebhookTestBed}: loopback
 * allowed, three attempts) and a {@link TestReceiver} on loopback to deliver to, both
 * fresh and closed after it.
 */
abstract class OnATestReceiver {

	static final Duration SETTLE = Duration.ofSeconds(30);

	WebhookTestBed bed;

	TestReceiver receiver;

	@BeforeEach
	void startBedAndReceiver() throws Exception {
		this.bed = new WebhookTestBed(Clock.systemUTC(), List.of("127.0.0.1/32"), 3);
		this.receiver = new TestReceiver(Clock.systemUTC());
	}

	@AfterEach
	void stopBedAndReceiver() {
		this.receiver.close();
		this.bed.close();
	}

}
