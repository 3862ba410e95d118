package io.sonde.emulator.sim;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The discrete-event scheduler: a binary heap of events ordered by time (nanoseconds) and
 * then by a sequence number, so events due at the same nanosecond fire in the order they
 * were scheduled.
 * <p>
 * The heap is kept in parallel primitive arrays (time, sequence, handler, subject,
 * argument) rather than as event objects: scheduling allocates nothing once the arrays
 * have grown to the run's high-water mark, which is what lets a FatTree run move millions
 * of packet-hops per second.
 * <p>
 * Threading: {@link #schedule} and the firing methods belong to the one thread that
 * drives the scheduler (a {@link VirtualClock} or {@link RealTimeClock}). Any other
 * thread uses {@link #submit(Runnable)}; {@link #now()} may be read from any thread.
 */
public final class EventScheduler {

	private static final VarHandle NOW;

	static {
		try {
			NOW = MethodHandles.lookup().findVarHandle(EventScheduler.class, "now", long.class);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	private static final EventHandler RUN_RUNNABLE = (subject, argument) -> ((Runnable) subject).run();

	private static final int INITIAL_CAPACITY = 1024;

	/** Written only by the driving thread; read through {@link #NOW} by others. */
	private long now;

	private long nextSequence;

	private long firedEvents;

	private int size;

	private long[] times = new long[INITIAL_CAPACITY];

	private long[] sequences = new long[INITIAL_CAPACITY];

	private EventHandler[] handlers = new EventHandler[INITIAL_CAPACITY];

	private Object[] subjects = new Object[INITIAL_CAPACITY];

	private long[] arguments = new long[INITIAL_CAPACITY];

	private final ConcurrentLinkedQueue<Runnable> inbox = new ConcurrentLinkedQueue<>();

	private volatile boolean inboxNonEmpty;

	private volatile Runnable wakeUp = () -> {
	};

	/**
	 * The current emulated time in nanoseconds: the time of the event being fired, or
	 * where the driving clock last advanced to. Safe to read from any thread.
	 */
	public long now() {
		return (long) NOW.getOpaque(this);
	}

	/**
	 * Schedules {@code handler.handle(subject, argument)} at {@code atNanos}.
	 * @throws EventInThePast if {@code atNanos} is before {@link #now()}
	 */
	public void schedule(long atNanos, EventHandler handler, Object subject, long argument) {
		long current = this.now;
		if (atNanos < current) {
			throw new EventInThePast(atNanos, current);
		}
		if (handler == null) {
			throw new IllegalArgumentException("an event needs a handler");
		}
		if (this.size == this.times.length) {
			grow();
		}
		siftUp(this.size++, atNanos, this.nextSequence++, handler, subject, argument);
	}

	/**
	 * Schedules {@code handler.handle(subject, argument)} {@code delayNanos} from now.
	 */
	public void scheduleAfter(long delayNanos, EventHandler handler, Object subject, long argument) {
		if (delayNanos < 0) {
			throw new IllegalArgumentException("a delay cannot be negative: " + delayNanos + " ns");
		}
		schedule(this.now + delayNanos, handler, subject, argument);
	}

	/** Schedules a {@link Runnable} at {@code atNanos}; for set-up and rare events. */
	public void schedule(long atNanos, Runnable action) {
		schedule(atNanos, RUN_RUNNABLE, action, 0);
	}

	/**
	 * Hands work to the driving thread from any thread: it runs at the emulated time at
	 * which the driving thread picks it up, before the next event. This is how gRPC
	 * threads inject packet-outs or read counters consistently.
	 */
	public void submit(Runnable action) {
		if (action == null) {
			throw new IllegalArgumentException("nothing to submit");
		}
		this.inbox.add(action);
		this.inboxNonEmpty = true;
		this.wakeUp.run();
	}

	/** Number of events waiting. */
	public int pendingEvents() {
		return this.size;
	}

	/** Number of events fired since creation. */
	public long firedEvents() {
		return this.firedEvents;
	}

	/** Time of the next event, or {@link Long#MAX_VALUE} when none is waiting. */
	public long nextEventTime() {
		return (this.size == 0) ? Long.MAX_VALUE : this.times[0];
	}

	/** Registers what {@link #submit} calls to wake a sleeping driver. */
	void onSubmit(Runnable wakeUpAction) {
		this.wakeUp = wakeUpAction;
	}

	boolean hasSubmissions() {
		return this.inboxNonEmpty;
	}

	/** Runs every submitted action (driving thread only). */
	void runSubmissions() {
		if (!this.inboxNonEmpty) {
			return;
		}
		// Clear the flag before polling: a submission racing with us sets it again.
		this.inboxNonEmpty = false;
		Runnable action;
		while ((action = this.inbox.poll()) != null) {
			action.run();
		}
	}

	/** Moves the current time forward without firing anything (driving thread only). */
	void advanceTo(long timeNanos) {
		if (timeNanos > this.now) {
			if (this.size > 0 && timeNanos > this.times[0]) {
				throw new IllegalStateException(
						"cannot advance to " + timeNanos + " ns past the event due at " + this.times[0] + " ns");
			}
			NOW.setOpaque(this, timeNanos);
		}
	}

	/**
	 * Fires the earliest event (driving thread only).
	 * @return false when no event was waiting
	 */
	boolean fireNext() {
		if (this.size == 0) {
			return false;
		}
		long time = this.times[0];
		EventHandler handler = this.handlers[0];
		Object subject = this.subjects[0];
		long argument = this.arguments[0];
		removeRoot();
		NOW.setOpaque(this, time);
		this.firedEvents++;
		handler.handle(subject, argument);
		return true;
	}

	private void removeRoot() {
		int last = --this.size;
		long time = this.times[last];
		long sequence = this.sequences[last];
		EventHandler handler = this.handlers[last];
		Object subject = this.subjects[last];
		long argument = this.arguments[last];
		this.handlers[last] = null;
		this.subjects[last] = null;
		if (last > 0) {
			siftDown(0, time, sequence, handler, subject, argument);
		}
		else {
			this.handlers[0] = null;
			this.subjects[0] = null;
		}
	}

	/** Places an element by moving the hole up from {@code hole}. */
	private void siftUp(int hole, long time, long sequence, EventHandler handler, Object subject, long argument) {
		while (hole > 0) {
			int parent = (hole - 1) >>> 1;
			long parentTime = this.times[parent];
			if (parentTime < time || (parentTime == time && this.sequences[parent] < sequence)) {
				break;
			}
			move(parent, hole);
			hole = parent;
		}
		set(hole, time, sequence, handler, subject, argument);
	}

	/** Places an element by moving the hole down from {@code hole}. */
	private void siftDown(int hole, long time, long sequence, EventHandler handler, Object subject, long argument) {
		int half = this.size >>> 1;
		while (hole < half) {
			int child = 2 * hole + 1;
			int right = child + 1;
			if (right < this.size && earlier(right, child)) {
				child = right;
			}
			long childTime = this.times[child];
			if (time < childTime || (time == childTime && sequence < this.sequences[child])) {
				break;
			}
			move(child, hole);
			hole = child;
		}
		set(hole, time, sequence, handler, subject, argument);
	}

	private boolean earlier(int a, int b) {
		long timeA = this.times[a];
		long timeB = this.times[b];
		return timeA < timeB || (timeA == timeB && this.sequences[a] < this.sequences[b]);
	}

	private void move(int from, int to) {
		this.times[to] = this.times[from];
		this.sequences[to] = this.sequences[from];
		this.handlers[to] = this.handlers[from];
		this.subjects[to] = this.subjects[from];
		this.arguments[to] = this.arguments[from];
	}

	private void set(int index, long time, long sequence, EventHandler handler, Object subject, long argument) {
		this.times[index] = time;
		this.sequences[index] = sequence;
		this.handlers[index] = handler;
		this.subjects[index] = subject;
		this.arguments[index] = argument;
	}

	private void grow() {
		int capacity = this.times.length * 2;
		this.times = Arrays.copyOf(this.times, capacity);
		this.sequences = Arrays.copyOf(this.sequences, capacity);
		this.handlers = Arrays.copyOf(this.handlers, capacity);
		this.subjects = Arrays.copyOf(this.subjects, capacity);
		this.arguments = Arrays.copyOf(this.arguments, capacity);
	}

}
