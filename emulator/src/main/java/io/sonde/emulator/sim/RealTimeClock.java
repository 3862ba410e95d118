package io.sonde.emulator.sim;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Real time, scaled 1:1: one thread fires each event when the wall clock reaches its
 * emulated time and sleeps in between. Other threads hand it work through
 * {@link EventScheduler#submit}, which wakes it.
 * <p>
 * Handlers still see the event's own time in {@link EventScheduler#now()}, so the model
 * stays the one virtual time would compute even when the thread falls behind; how far
 * behind it ran is {@link #maxLagNanos()}. A handler that throws is logged and counted
 * ({@link #failedEvents()}) and the emulation goes on: a live demo must not stop on one
 * bad packet.
 */
public final class RealTimeClock implements EmulationClock, AutoCloseable {

	private static final Logger LOG = System.getLogger(RealTimeClock.class.getName());

	/** Upper bound of one sleep, so a stop request is noticed promptly. */
	private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

	private final EventScheduler scheduler;

	private final WallClock wall;

	private final Instant epoch;

	private final Object lifecycle = new Object();

	private volatile Thread thread;

	private volatile boolean running;

	private volatile long wallAtStart;

	private volatile long emulatedAtStart;

	private volatile long maxLagNanos;

	private volatile long failedEvents;

	/**
	 * @param scheduler the scheduler to drive
	 * @param wall the monotonic wall-clock source ({@link WallClock#SYSTEM})
	 * @param epoch the instant emulated time 0 stands for (typically the wall-clock time
	 * at start, from the caller's {@link java.time.Clock})
	 */
	public RealTimeClock(EventScheduler scheduler, WallClock wall, Instant epoch) {
		if (scheduler == null || wall == null || epoch == null) {
			throw new IllegalArgumentException("a real-time clock needs a scheduler, a wall clock and an epoch");
		}
		this.scheduler = scheduler;
		this.wall = wall;
		this.epoch = epoch;
	}

	/** Starts the driving thread; emulated time continues from the scheduler's now. */
	public void start() {
		synchronized (this.lifecycle) {
			if (this.thread != null) {
				throw new IllegalStateException("the real-time clock is already running");
			}
			this.emulatedAtStart = this.scheduler.now();
			this.wallAtStart = this.wall.nanoTime();
			this.running = true;
			Thread driver = new Thread(this::drive, "emulator-real-time");
			driver.setDaemon(true);
			this.thread = driver;
			this.scheduler.onSubmit(() -> LockSupport.unpark(driver));
			driver.start();
		}
	}

	/**
	 * Stops the driving thread and waits for it; pending events stay in the scheduler.
	 */
	@Override
	public void close() {
		Thread driver;
		synchronized (this.lifecycle) {
			driver = this.thread;
			if (driver == null) {
				return;
			}
			this.running = false;
			this.thread = null;
		}
		LockSupport.unpark(driver);
		try {
			driver.join(TimeUnit.SECONDS.toMillis(5));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.scheduler.onSubmit(() -> {
		});
	}

	public boolean isRunning() {
		return this.running;
	}

	@Override
	public EventScheduler scheduler() {
		return this.scheduler;
	}

	/**
	 * Emulated time as the wall clock sees it while running (it moves between events),
	 * and never behind the event being fired.
	 */
	@Override
	public long nowNanos() {
		long fired = this.scheduler.now();
		if (!this.running) {
			return fired;
		}
		return Math.max(fired, wallToEmulated(this.wall.nanoTime()));
	}

	@Override
	public Instant epoch() {
		return this.epoch;
	}

	/** The largest delay observed between an event's due time and its firing. */
	public long maxLagNanos() {
		return this.maxLagNanos;
	}

	/** Events whose handler threw. */
	public long failedEvents() {
		return this.failedEvents;
	}

	private long wallToEmulated(long wallNanos) {
		return this.emulatedAtStart + (wallNanos - this.wallAtStart);
	}

	private void drive() {
		while (this.running) {
			long emulatedNow = wallToEmulated(this.wall.nanoTime());
			long next = this.scheduler.nextEventTime();
			// Submissions run at the present: move time up to the wall clock first, but
			// never past an event that is due.
			this.scheduler.advanceTo(Math.min(emulatedNow, next));
			runSafely(true);
			next = this.scheduler.nextEventTime();
			if (next <= emulatedNow) {
				long lag = emulatedNow - next;
				if (lag > this.maxLagNanos) {
					this.maxLagNanos = lag;
				}
				runSafely(false);
			}
			else if (!this.scheduler.hasSubmissions()) {
				long wait = Math.min(next - emulatedNow, MAX_PARK_NANOS);
				LockSupport.parkNanos(this, wait);
			}
		}
	}

	private void runSafely(boolean submissions) {
		try {
			if (submissions) {
				this.scheduler.runSubmissions();
			}
			else {
				this.scheduler.fireNext();
			}
		}
		catch (RuntimeException ex) {
			this.failedEvents++;
			LOG.log(Level.WARNING, "an emulator event failed at " + this.scheduler.now() + " ns; continuing", ex);
		}
	}

	@Override
	public String toString() {
		return "RealTimeClock[t=" + nowNanos() + " ns, running=" + this.running + "]";
	}

}
