package io.sonde.events.internal;

import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The order in which batches appended from several threads reach the store, behind
 * {@link io.sonde.events.OrderedAppends}: each takes a {@link Turn} when it reads its
 * batch, and the event log commits it only after every earlier turn has committed or
 * given up, and sends it to the live stream before giving its own turn up. Batches read
 * in stream order then arrive in time order, in the store and in the live stream, and the
 * store appends them; committed out of order, QuestDB merges every second batch into the
 * rows already there (it split the day partition and copied its tail on each such commit:
 * make bench-ingest, docs/BENCHMARKS.md).
 * <p>
 * Order is a matter of cost, never of correctness: a turn waits at most {@code maxWait}
 * for the ones before it, then commits anyway.
 */
final class AppendOrder {

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition advanced = this.lock.newCondition();

	private final long maxWaitNanos;

	/** The next turn to hand out. */
	private long issued;

	/** Every turn below this one is finished. */
	private long finishedBelow;

	/** Turns at or above {@link #finishedBelow} already finished, as offsets from it. */
	private final BitSet finishedAhead = new BitSet();

	AppendOrder(Duration maxWait) {
		this.maxWaitNanos = maxWait.toNanos();
	}

	/** A turn after every turn taken so far. */
	Turn next() {
		this.lock.lock();
		try {
			return new Turn(this.issued++);
		}
		finally {
			this.lock.unlock();
		}
	}

	private void awaitTurn(long turn) {
		this.lock.lock();
		try {
			long remaining = this.maxWaitNanos;
			while (this.finishedBelow < turn && remaining > 0) {
				remaining = this.advanced.awaitNanos(remaining);
			}
		}
		catch (InterruptedException ex) {
			// Order is an optimisation: commit now and let the caller see the interrupt.
			Thread.currentThread().interrupt();
		}
		finally {
			this.lock.unlock();
		}
	}

	private void finish(long turn) {
		this.lock.lock();
		try {
			if (turn < this.finishedBelow) {
				return;
			}
			this.finishedAhead.set(Math.toIntExact(turn - this.finishedBelow));
			int done = this.finishedAhead.nextClearBit(0);
			if (done > 0) {
				this.finishedBelow += done;
				// Shift what is left down to offsets from the new finishedBelow.
				BitSet rest = this.finishedAhead.get(done, Math.max(done, this.finishedAhead.length()));
				this.finishedAhead.clear();
				this.finishedAhead.or(rest);
				this.advanced.signalAll();
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * One batch's place in the order. Closing it finishes it, committed or not, so later
	 * turns never wait for a batch that failed.
	 */
	final class Turn implements AutoCloseable {

		private final long number;

		private boolean finished;

		private Turn(long number) {
			this.number = number;
		}

		/** Returns once every earlier turn is finished, or after the order's maxWait. */
		void await() {
			awaitTurn(this.number);
		}

		@Override
		public void close() {
			if (!this.finished) {
				this.finished = true;
				finish(this.number);
			}
		}

	}

}
