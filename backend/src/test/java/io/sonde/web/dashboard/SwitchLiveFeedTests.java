package io.sonde.web.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The feed's life cycle: streams end with the application, so shutdown never waits on an
 * open browser (the events themselves are in SwitchesControllerTests).
 */
class SwitchLiveFeedTests {

	private final SwitchLiveFeed feed = new SwitchLiveFeed(new FakeSwitches(), new ObjectMapper());

	@Test
	void endsEveryOpenStreamWhenTheApplicationStops() {
		this.feed.start();
		this.feed.subscribe();
		this.feed.subscribe();
		assertThat(this.feed.openStreams()).isEqualTo(2);

		this.feed.stop();

		assertThat(this.feed.openStreams()).isZero();
		assertThat(this.feed.isRunning()).isFalse();
	}

	@Test
	void endsAStreamAtOnceWhenTheApplicationIsNotRunning() {
		this.feed.subscribe();

		assertThat(this.feed.openStreams()).isZero();
	}

	@Test
	void boundsEachStreamSoAVanishedBrowserIsEventuallyFreed() {
		this.feed.start();
		try {
			assertThat(this.feed.subscribe().getTimeout()).isEqualTo(SwitchLiveFeed.STREAM_TIMEOUT.toMillis());
		}
		finally {
			this.feed.stop();
		}
	}

}
