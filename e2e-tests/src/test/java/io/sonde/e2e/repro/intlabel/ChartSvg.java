package io.sonde.e2e.repro.intlabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * A {@link Chart} as SVG: a line per series with the repetitions' range as error bars,
 * the shape of the paper's figures. Written by hand: a few dozen elements need no
 * library.
 */
final class ChartSvg {

	private static final int WIDTH = 660;

	private static final int HEIGHT = 420;

	private static final int LEFT = 70;

	private static final int RIGHT = 180;

	private static final int TOP = 50;

	private static final int BOTTOM = 60;

	private static final int Y_TICKS = 5;

	private static final String[] COLOURS = { "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b" };

	private final StringBuilder svg = new StringBuilder();

	private final double xMin;

	private final double xMax;

	private final double yMin;

	private final double yMax;

	private ChartSvg(double xMin, double xMax, double yMin, double yMax) {
		this.xMin = xMin;
		this.xMax = xMax;
		this.yMin = yMin;
		this.yMax = yMax;
	}

	static String render(Chart chart) {
		TreeSet<Double> xs = new TreeSet<>();
		double low = Double.POSITIVE_INFINITY;
		double high = 0;
		for (Chart.Line line : chart.series()) {
			for (Chart.Point point : line.points()) {
				xs.add(point.x());
				low = Math.min(low, point.min());
				high = Math.max(high, point.max());
			}
		}
		double xMin = xs.isEmpty() ? 0 : xs.first();
		double xMax = xs.isEmpty() ? 1 : xs.last();
		if (xMax == xMin) {
			xMin -= 1;
			xMax += 1;
		}
		// Coverage near 100% reads better from a floor than from 0.
		double yMin = (low > 0.5 * high && high > 0) ? niceFloor(low - 0.1 * (high - low)) : 0;
		double yMax = niceCeiling(high);
		if (yMax <= yMin) {
			yMax = yMin + 1;
		}
		ChartSvg drawing = new ChartSvg(xMin, xMax, yMin, yMax);
		drawing.draw(chart, xs);
		return drawing.svg.toString();
	}

	private void draw(Chart chart, TreeSet<Double> xs) {
		this.svg.append(String.format(Locale.ROOT,
				"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
						+ "font-size=\"12\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n",
				WIDTH, HEIGHT));
		text(10, 24, "start", 14, chart.title());
		axes(chart, xs);
		for (int i = 0; i < chart.series().size(); i++) {
			Chart.Line line = chart.series().get(i);
			String colour = COLOURS[i % COLOURS.length];
			List<String> points = new ArrayList<>();
			for (Chart.Point point : line.points()) {
				double x = x(point.x());
				points.add(String.format(Locale.ROOT, "%.1f,%.1f", x, y(point.y())));
				if (point.max() > point.min()) {
					this.svg.append(String.format(Locale.ROOT,
							"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>%n", x,
							y(point.min()), x, y(point.max()), colour));
				}
				this.svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n", x,
						y(point.y()), colour));
			}
			if (points.size() > 1) {
				this.svg.append(String.format(Locale.ROOT,
						"<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>%n",
						String.join(" ", points), colour));
			}
			double legendY = TOP + 10 + 18 * i;
			this.svg.append(String.format(Locale.ROOT,
					"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>%n",
					WIDTH - RIGHT + 15, legendY, WIDTH - RIGHT + 35, legendY, colour));
			text(WIDTH - RIGHT + 40, legendY + 4, "start", 12, line.label());
		}
		this.svg.append("</svg>\n");
	}

	private void axes(Chart chart, TreeSet<Double> xs) {
		int plotBottom = HEIGHT - BOTTOM;
		int plotRight = WIDTH - RIGHT;
		this.svg.append(String.format(Locale.ROOT, "<path d=\"M%d,%d V%d H%d\" fill=\"none\" stroke=\"black\"/>%n",
				LEFT, TOP, plotBottom, plotRight));
		for (double value : xs) {
			double x = x(value);
			this.svg.append(
					String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\"/>%n",
							x, plotBottom, x, plotBottom + 5));
			text(x, plotBottom + 18, "middle", 11, chart.xLabels().getOrDefault(value, format(value)));
		}
		text((LEFT + plotRight) / 2.0, HEIGHT - 18, "middle", 12, chart.xAxis());
		for (int i = 0; i <= Y_TICKS; i++) {
			double value = this.yMin + (this.yMax - this.yMin) * i / Y_TICKS;
			double y = y(value);
			this.svg.append(String.format(Locale.ROOT,
					"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n", LEFT, y, plotRight, y));
			text(LEFT - 6, y + 4, "end", 11, format(value));
		}
		this.svg.append(String.format(Locale.ROOT,
				"<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 18 %.1f)\">%s</text>%n",
				(TOP + plotBottom) / 2.0, (TOP + plotBottom) / 2.0, escape(chart.yAxis())));
	}

	private void text(double x, double y, String anchor, int size, String content) {
		this.svg.append(String.format(Locale.ROOT,
				"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>%n", x, y, anchor, size,
				escape(content)));
	}

	private double x(double value) {
		return LEFT + 20 + (WIDTH - RIGHT - LEFT - 40) * (value - this.xMin) / (this.xMax - this.xMin);
	}

	private double y(double value) {
		double clamped = Math.max(this.yMin, Math.min(this.yMax, value));
		return (HEIGHT - BOTTOM) - (HEIGHT - BOTTOM - TOP) * (clamped - this.yMin) / (this.yMax - this.yMin);
	}

	/** 1, 2, 2.5 or 5 times a power of ten at or above {@code value}; 1 for nothing. */
	static double niceCeiling(double value) {
		if (!(value > 0)) {
			return 1;
		}
		double power = Math.pow(10, Math.floor(Math.log10(value)));
		for (double step : new double[] { 1, 2, 2.5, 5, 10 }) {
			if (step * power >= value) {
				return step * power;
			}
		}
		return 10 * power;
	}

	/** A round number at or below {@code value}, on a grid a tenth of its magnitude. */
	static double niceFloor(double value) {
		if (!(value > 0)) {
			return 0;
		}
		double step = Math.pow(10, Math.floor(Math.log10(value)) - 1);
		return Math.floor(value / step) * step;
	}

	private static String format(double value) {
		return (value == Math.rint(value)) ? String.format(Locale.ROOT, "%.0f", value)
				: String.format(Locale.ROOT, "%.2f", value);
	}

	private static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
	}

}
