package io.sonde.web.dashboard;

import java.util.List;

import io.sonde.web.dashboard.metrics.PipelineFigures;

/**
 * The Overview's telemetry-pipeline card, as JSON for overview.js.
 *
 * @param eventsPerSecond mean over the last seconds
 * @param accounting M_all and M_event; null when nothing accounts yet
 * @param reduction M_all / M_event; null with accounting
 * @param collectors null when nothing lists them yet
 * @param unavailable why the figures could not be read now (Redis down, ...); null when
 * they were
 */
public record PipelineSummary(double eventsPerSecond, PipelineFigures.Accounting accounting, Double reduction,
		List<PipelineFigures.Collector> collectors, String unavailable) {

	static PipelineSummary of(double eventsPerSecond, PipelineFigures figures) {
		if (figures == null) {
			return new PipelineSummary(eventsPerSecond, null, null, null, null);
		}
		try {
			PipelineFigures.Accounting accounting = figures.accounting();
			return new PipelineSummary(eventsPerSecond, accounting,
					(accounting != null) ? accounting.reduction() : null, figures.collectors(), null);
		}
		catch (RuntimeException ex) {
			// The Overview is where an operator looks when something is down: it renders
			// without these figures and says why.
			return new PipelineSummary(eventsPerSecond, null, null, null, ex.getMessage());
		}
	}

}
