package io.sonde.e2e.repro.prefilter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code prefilter.svg}: one panel per traffic shape, reports per second (log) against
 * the threshold (log), one line per algorithm and noop as a dashed level, the shape of
 * the paper's Figures 4 and 5. A marker outlined in red is a threshold where the filter
 * missed a burst above it; a run that reported nothing has no point (the paper's "missing
 * data points"). Written by hand: a few dozen elements need no library.
 */
final class PrefilterSvg {

	private static final int PANEL_WIDTH = 380;

	private static final int PANEL_HEIGHT = 300;

	private static final int LEFT = 70;

	private static final int TOP = 60;

	private static final int GAP = 40;

	private static final int BOTTOM = 110;

	/** The threshold axis, µs: a decade either side of the sweep's usual range. */
	private static final double X_MIN = 5;

	private static final double X_MAX = 1_000;

	private static final String[] COLOURS = { "#1f77b4", "#ff7f0e", "#2ca02c" };

	private static final String MISSED = "#d62728";

	private final StringBuilder svg = new StringBuilder();

	private double yMinLog;

	private double yMaxLog;

	private PrefilterSvg() {
	}

	static void write(Path file, List<ShapeResults> shapes) throws IOException {
		PrefilterSvg chart = new PrefilterSvg();
		chart.draw(shapes);
		Files.writeString(file, chart.svg, StandardCharsets.UTF_8);
	}

	private void draw(List<ShapeResults> shapes) {
		double lowest = Double.MAX_VALUE;
		double highest = 1;
		for (ShapeResults shape : shapes) {
			highest = Math.max(highest, shape.noop().reportsPerSecond());
			for (RunResult run : shape.filtered()) {
				if (run.reports() > 0) {
					lowest = Math.min(lowest, run.reportsPerSecond());
				}
			}
		}
		this.yMaxLog = Math.ceil(Math.log10(highest));
		// A decade below the lowest point, so that no point sits on the axis.
		this.yMinLog = Math.min(this.yMaxLog - 1, Math.ceil(Math.log10(Math.min(lowest, highest))) - 1);
		int width = LEFT + shapes.size() * (PANEL_WIDTH + GAP + LEFT) - LEFT;
		int height = TOP + PANEL_HEIGHT + BOTTOM;
		append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
		append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
				+ "font-family=\"sans-serif\" font-size=\"12\">\n", width, height, width, height);
		append("<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
		append("<text x=\"%d\" y=\"22\" font-size=\"15\">Paper 003's event pre-filter on the emulator: "
				+ "sink reports per second against the threshold (one flow, hop latency)</text>\n", LEFT);
		for (int i = 0; i < shapes.size(); i++) {
			panel(shapes.get(i), LEFT + i * (PANEL_WIDTH + GAP + LEFT));
		}
		legend(TOP + PANEL_HEIGHT + 60);
		append("</svg>\n");
	}

	private void panel(ShapeResults shape, int left) {
		WorkloadShape workload = shape.shape();
		append("<text x=\"%d\" y=\"%d\" font-size=\"13\" font-weight=\"bold\">%s: bursts %.0f µs, gaps %.0f µs "
				+ "(means)</text>\n", left, TOP - 12, workload.label(), workload.meanBurstMicros(),
				workload.meanGapMicros());
		append("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#999\"/>\n", left, TOP,
				PANEL_WIDTH, PANEL_HEIGHT);
		for (double tick : new double[] { 10, 20, 50, 100, 200, 500 }) {
			double x = x(left, tick);
			append("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>\n", x, TOP, x,
					TOP + PANEL_HEIGHT);
			append("<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f</text>\n", x, TOP + PANEL_HEIGHT + 16, tick);
		}
		for (double decade = this.yMinLog; decade <= this.yMaxLog; decade++) {
			double y = yOfLog(decade);
			append("<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>\n", left, y, left + PANEL_WIDTH,
					y);
			append("<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">1e%.0f</text>\n", left - 6, y + 4, decade);
		}
		append("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">threshold, µs of queue build-up</text>\n",
				left + PANEL_WIDTH / 2, TOP + PANEL_HEIGHT + 34);
		append("<text transform=\"translate(%d %d) rotate(-90)\" text-anchor=\"middle\">reports per second</text>\n",
				left - 50, TOP + PANEL_HEIGHT / 2);
		double noopY = y(shape.noop().reportsPerSecond());
		append("<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#555\" stroke-dasharray=\"6 4\"/>\n", left,
				noopY, left + PANEL_WIDTH, noopY);
		append("<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#555\">noop %.0f/s</text>\n",
				left + PANEL_WIDTH - 4, noopY + 14, shape.noop().reportsPerSecond());
		List<FilterSetting.Algorithm> algorithms = FilterSetting.Algorithm.FILTERING;
		for (int a = 0; a < algorithms.size(); a++) {
			series(left, shape.of(algorithms.get(a)), a);
		}
	}

	private void series(int left, List<RunResult> runs, int index) {
		StringBuilder points = new StringBuilder();
		for (RunResult run : runs) {
			if (run.reports() > 0) {
				points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x(left, run.setting().thresholdMicros()),
						y(run.reportsPerSecond())));
			}
		}
		String dash = (index == 1) ? " stroke-dasharray=\"4 3\"" : "";
		append("<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s/>\n",
				points.toString().trim(), COLOURS[index], dash);
		for (RunResult run : runs) {
			if (run.reports() > 0) {
				String stroke = run.reportedEveryBurstAbove() ? COLOURS[index] : MISSED;
				marker(x(left, run.setting().thresholdMicros()), y(run.reportsPerSecond()), index, stroke);
			}
		}
	}

	// Circle, square, triangle: per-hop and per-flow-sum coincide on one flow, so the
	// square is drawn larger and hollow to leave the circle visible inside it.
	private void marker(double x, double y, int index, String stroke) {
		switch (index) {
			case 0 ->
				append("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>\n", x,
						y, COLOURS[0], stroke);
			case 1 -> append("<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"none\" stroke=\"%s\" "
					+ "stroke-width=\"1.5\"/>\n", x - 6, y - 6, stroke);
			default -> append("<path d=\"M%.1f %.1f l5 9 h-10 z\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>\n", x,
					y - 6, COLOURS[2], stroke);
		}
	}

	private void legend(int top) {
		String[] names = { "per-hop change", "per-flow sum change",
				"moving average (weight " + FilterSetting.EMA_WEIGHT + "/256)" };
		int x = LEFT;
		for (int i = 0; i < names.length; i++) {
			marker(x, top, i, COLOURS[i]);
			append("<text x=\"%d\" y=\"%d\">%s</text>\n", x + 12, top + 4, names[i]);
			x += 230;
		}
		marker(x, top, 0, MISSED);
		append("<text x=\"%d\" y=\"%d\">red outline: missed a burst above the threshold</text>\n", x + 12, top + 4);
		append("<text x=\"%d\" y=\"%d\" fill=\"#555\">dashed level: noop (every packet reported); no point: no "
				+ "report at that threshold</text>\n", LEFT, top + 26);
	}

	private double x(int left, double micros) {
		double share = (Math.log10(micros) - Math.log10(X_MIN)) / (Math.log10(X_MAX) - Math.log10(X_MIN));
		return left + share * PANEL_WIDTH;
	}

	private double y(double perSecond) {
		return yOfLog(Math.log10(perSecond));
	}

	private double yOfLog(double log) {
		double share = (log - this.yMinLog) / (this.yMaxLog - this.yMinLog);
		return TOP + PANEL_HEIGHT - share * PANEL_HEIGHT;
	}

	private void append(String format, Object... values) {
		this.svg.append(String.format(Locale.ROOT, format, values));
	}

}
