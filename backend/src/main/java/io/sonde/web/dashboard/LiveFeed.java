package io.sonde.web.dashboard;

import org.springframework.context.SmartLifecycle;

/**
 * A dashboard page's live view: the feed says what it publishes, its
 * {@link LiveBroadcast} carries it to the browsers. The streams start and stop with the
 * application through this, in the default phase (stopped first), so they end before the
 * web server stops.
 */
public interface LiveFeed extends SmartLifecycle {

	/** The streams this feed publishes to. */
	LiveBroadcast streams();

	/** Open streams, for tests and health. */
	default int openStreams() {
		return streams().openStreams();
	}

	@Override
	default void start() {
		streams().start();
	}

	@Override
	default void stop() {
		streams().stop();
	}

	@Override
	default boolean isRunning() {
		return streams().isRunning();
	}

}
