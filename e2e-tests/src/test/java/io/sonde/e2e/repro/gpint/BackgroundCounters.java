package io.sonde.e2e.repro.gpint;

/**
 * The background's and the processors' counters at one moment of virtual time.
 *
 * @param nanos virtual time
 * @param sent background packets the hosts sent
 * @param received background packets that reached their host
 * @param processingDrops frames (of any kind) the switches' full input buffers dropped
 * @param busyNanos per switch, time its processor has worked
 */
record BackgroundCounters(long nanos, long sent, long received, long processingDrops, long[] busyNanos) {

	/**
	 * What happened between {@code before} and this: the background's loss and the
	 * processors' utilization (mean and busiest switch). Packets still travelling at
	 * either end make the loss approximate by a few packets.
	 */
	BackgroundWindow since(BackgroundCounters before) {
		double elapsed = this.nanos - before.nanos;
		double sum = 0;
		double max = 0;
		for (int i = 0; i < this.busyNanos.length; i++) {
			double utilization = (this.busyNanos[i] - before.busyNanos[i]) / elapsed;
			sum += utilization;
			max = Math.max(max, utilization);
		}
		long sentInWindow = this.sent - before.sent;
		long receivedInWindow = this.received - before.received;
		double lossPercent = (sentInWindow == 0) ? 0
				: Math.max(0, 100.0 * (sentInWindow - receivedInWindow) / sentInWindow);
		return new BackgroundWindow(elapsed / 1e9, sentInWindow, lossPercent, 100 * sum / this.busyNanos.length,
				100 * max);
	}

	/**
	 * @param seconds the window's length
	 * @param sent background packets sent in it
	 * @param lossPercent background packets lost, %
	 * @param meanUtilizationPercent processors' busy time, mean over the switches, %
	 * @param maxUtilizationPercent the busiest switch's, %
	 */
	record BackgroundWindow(double seconds, long sent, double lossPercent, double meanUtilizationPercent,
			double maxUtilizationPercent) {

	}

}
