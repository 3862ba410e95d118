package io.sonde.alerts.web;

/** A history asked for with a limit out of range. */
class HistoryLimitRejected extends RuntimeException {

	HistoryLimitRejected(int limit) {
		super("limit must be 1 to " + AlertsController.MAX_LIMIT + ", not " + limit);
	}

}
