package io.sonde.switches.internal.connection;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pause before a redial against a real port on 127.0.0.1 that opens and closes: it
 * ends at the first probe after the port answers again, lasts the whole back-off while
 * nothing answers, and for a port that keeps answering ends early only once until the
 * port has been seen closed or a session worked. The bounds say only "early" (well before
 * the back-off) or "not early", never how early: the machine may be busy.
 */
@Timeout(60)
class RedialPauseIntegrationTests {

	private static final Duration PROBE = Duration.ofMillis(100);

	private static final Duration LONG_BACKOFF = Duration.ofSeconds(20);

	private final int port = freePort();

	private final RedialPause pause = new RedialPause("127.0.0.1", this.port, PROBE);

	private ServerSocket listening;

	@AfterEach
	void closePort() throws IOException {
		if (this.listening != null) {
			this.listening.close();
		}
	}

	@Test
	void endsAtTheFirstProbeAfterTheSwitchAnswersAgain() throws Exception {
		long t0 = System.nanoTime();
		CompletableFuture<Void> opened = CompletableFuture.runAsync(() -> {
			sleep(Duration.ofMillis(700));
			listen();
		});

		boolean early = this.pause.await(LONG_BACKOFF);

		Duration waited = Duration.ofNanos(System.nanoTime() - t0);
		opened.get(10, TimeUnit.SECONDS);
		assertThat(early).isTrue();
		assertThat(waited).as("not before the port answered").isGreaterThanOrEqualTo(Duration.ofMillis(700));
		assertThat(waited).as("well before the back-off").isLessThan(LONG_BACKOFF.dividedBy(2));
	}

	@Test
	void lastsTheWholeBackOffWhileNothingAnswers() throws Exception {
		long t0 = System.nanoTime();

		boolean early = this.pause.await(Duration.ofMillis(800));

		assertThat(early).isFalse();
		assertThat(Duration.ofNanos(System.nanoTime() - t0)).isGreaterThanOrEqualTo(Duration.ofMillis(800));
	}

	@Test
	void aPortThatKeepsAnsweringEndsOnePauseEarlyUntilSeenClosedOrASessionWorked() throws Exception {
		listen();
		assertThat(this.pause.await(LONG_BACKOFF)).as("the first answer ends the pause").isTrue();

		long t0 = System.nanoTime();
		assertThat(this.pause.await(Duration.ofMillis(800))).as("the dial failed though it answers: no hurry")
			.isFalse();
		assertThat(Duration.ofNanos(System.nanoTime() - t0)).isGreaterThanOrEqualTo(Duration.ofMillis(800));

		this.pause.reset();
		assertThat(this.pause.await(LONG_BACKOFF)).as("after a session that worked").isTrue();

		this.listening.close();
		CompletableFuture<Void> reopened = CompletableFuture.runAsync(() -> {
			sleep(Duration.ofMillis(500));
			listen();
		});
		assertThat(this.pause.await(LONG_BACKOFF)).as("seen away, then back").isTrue();
		reopened.get(10, TimeUnit.SECONDS);
	}

	@Test
	void anInterruptEndsThePause() {
		Thread.currentThread().interrupt();

		org.assertj.core.api.Assertions.assertThatExceptionOfType(InterruptedException.class)
			.isThrownBy(() -> this.pause.await(LONG_BACKOFF));
	}

	private void listen() {
		try {
			ServerSocket socket = new ServerSocket();
			socket.setReuseAddress(true);
			socket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), this.port));
			this.listening = socket;
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot listen on 127.0.0.1:" + this.port, ex);
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Real time passes on purpose: the switch's port answers only after it. */
	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
