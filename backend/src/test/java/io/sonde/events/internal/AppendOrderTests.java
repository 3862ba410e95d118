package io.sonde.events.internal;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Turns commit in the order they were taken; a turn that fails releases the ones after
 * it; one that never finishes holds the others for at most the order's maxWait.
 */
class AppendOrderTests {

	private static final Duration LONG_ENOUGH = Duration.ofMinutes(1);

	@Test
	void aLaterTurnWaitsUntilEveryEarlierOneIsFinished() throws Exception {
		AppendOrder order = new AppendOrder(LONG_ENOUGH);
		AppendOrder.Turn first = order.next();
		AppendOrder.Turn second = order.next();
		AppendOrder.Turn third = order.next();
		List<String> commits = new CopyOnWriteArrayList<>();

		CompletableFuture<Void> thirdCommit = CompletableFuture.runAsync(() -> {
			third.await();
			commits.add("third");
			third.close();
		});
		CompletableFuture<Void> secondCommit = CompletableFuture.runAsync(() -> {
			second.await();
			commits.add("second");
			second.close();
		});
		// Neither may pass while the first is open.
		assertThat(thirdCommit).failsWithin(Duration.ofMillis(200))
			.withThrowableOfType(java.util.concurrent.TimeoutException.class);
		assertThat(commits).isEmpty();

		first.await();
		commits.add("first");
		first.close();
		CompletableFuture.allOf(secondCommit, thirdCommit).get(10, TimeUnit.SECONDS);

		assertThat(commits).containsExactly("first", "second", "third");
	}

	@Test
	void aTurnClosedWithoutCommittingReleasesTheNext() throws Exception {
		AppendOrder order = new AppendOrder(LONG_ENOUGH);
		AppendOrder.Turn failed = order.next();
		AppendOrder.Turn next = order.next();
		CompletableFuture<Void> waiting = CompletableFuture.runAsync(next::await);

		failed.close();
		failed.close();

		waiting.get(10, TimeUnit.SECONDS);
		next.close();
		// The order goes on: a fresh turn does not wait for anything.
		try (AppendOrder.Turn fresh = order.next()) {
			CompletableFuture.runAsync(fresh::await).get(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void aTurnThatNeverFinishesHoldsTheOthersOnlyForMaxWait() throws Exception {
		AppendOrder order = new AppendOrder(Duration.ofMillis(50));
		AppendOrder.Turn stuck = order.next();
		AppendOrder.Turn second = order.next();
		AppendOrder.Turn third = order.next();

		CompletableFuture.runAsync(second::await).get(10, TimeUnit.SECONDS);
		second.close();
		CompletableFuture.runAsync(third::await).get(10, TimeUnit.SECONDS);
		third.close();

		// Late, it still finishes (turnsFinishedOutOfOrderStillReleaseInOrder:
		// what that releases).
		stuck.close();
	}

	@Test
	void turnsFinishedOutOfOrderStillReleaseInOrder() throws Exception {
		AppendOrder order = new AppendOrder(LONG_ENOUGH);
		AppendOrder.Turn[] turns = new AppendOrder.Turn[200];
		for (int i = 0; i < turns.length; i++) {
			turns[i] = order.next();
		}
		AppendOrder.Turn last = order.next();
		CompletableFuture<Void> lastCommit = CompletableFuture.runAsync(last::await);
		// Every odd turn first, then every even one but the first: the last still waits.
		for (int i = 1; i < turns.length; i += 2) {
			turns[i].close();
		}
		for (int i = 2; i < turns.length; i += 2) {
			turns[i].close();
		}
		assertThat(lastCommit).failsWithin(Duration.ofMillis(100))
			.withThrowableOfType(java.util.concurrent.TimeoutException.class);

		turns[0].close();

		lastCommit.get(10, TimeUnit.SECONDS);
		last.close();
	}

}
