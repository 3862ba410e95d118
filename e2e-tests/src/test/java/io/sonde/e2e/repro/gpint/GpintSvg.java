package io.sonde.e2e.repro.gpint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.sonde.e2e.repro.gpint.Figures.Panel;
import io.sonde.e2e.repro.gpint.Figures.Series;

/**
 * {@code <panel>.svg}: the panel's metric against the number of switches, one line per
 * series with its 95% confidence interval as error bars, the shape of the paper's
 * figures. Written by hand: a few dozen elements need no library.
 */
final class GpintSvg {

	private static final int WIDTH = 640;

	private static final int HEIGHT = 420;

	private static final int LEFT = 70;

	private static final int RIGHT = 200;

	private static final int TOP = 50;

	private static final int BOTTOM = 60;

	private static final String[] COLOURS = { "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
			"#e377c2", "#7f7f7f", "#bcbd22", "#17becf" };

	private static final int Y_TICKS = 5;

	private final StringBuilder svg = new StringBuilder();

	private GpintSvg() {
	}

	static void write(Path directory, List<Panel> panels, ReproResults results) throws IOException {
		for (Panel panel : panels) {
			GpintSvg chart = new GpintSvg();
			chart.draw(panel, results);
			Files.writeString(directory.resolve(panel.id() + ".svg"), chart.svg, StandardCharsets.UTF_8);
		}
	}

	private void draw(Panel panel, ReproResults results) {
		List<Integer> sizes = results.sizes();
		double yMax = 0;
		for (int size : sizes) {
			for (Series series : panel.series()) {
				Optional<StudentT.Interval> cell = results.cell(size, series, panel.metric());
				if (cell.isPresent()) {
					yMax = Math.max(yMax, cell.get().mean() + cell.get().halfWidth());
				}
			}
		}
		yMax = niceCeiling(yMax);
		int xMin = sizes.isEmpty() ? 0 : sizes.get(0);
		int xMax = sizes.isEmpty() ? 1 : sizes.get(sizes.size() - 1);
		if (xMax == xMin) {
			xMin -= 10;
			xMax += 10;
		}
		this.svg.append(String.format(Locale.ROOT,
				"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
						+ "font-size=\"12\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n",
				WIDTH, HEIGHT));
		text(10, 24, "start", 14, panel.title());
		drawAxes(sizes, xMin, xMax, yMax, panel.metric());
		List<Series> seriesList = panel.series();
		for (int i = 0; i < seriesList.size(); i++) {
			Series series = seriesList.get(i);
			String colour = COLOURS[i % COLOURS.length];
			List<String> points = new ArrayList<>();
			for (int size : sizes) {
				Optional<StudentT.Interval> cell = results.cell(size, series, panel.metric());
				if (cell.isEmpty()) {
					continue;
				}
				double x = x(size, xMin, xMax);
				double mean = cell.get().mean();
				double half = cell.get().halfWidth();
				points.add(String.format(Locale.ROOT, "%.1f,%.1f", x, y(mean, yMax)));
				if (half > 0) {
					this.svg.append(String.format(Locale.ROOT,
							"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>%n", x,
							y(mean - half, yMax), x, y(mean + half, yMax), colour));
				}
				this.svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n", x,
						y(mean, yMax), colour));
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
			text(WIDTH - RIGHT + 40, legendY + 4, "start", 12, series.label());
		}
		this.svg.append("</svg>\n");
	}

	private void drawAxes(List<Integer> sizes, int xMin, int xMax, double yMax, Metric metric) {
		int plotBottom = HEIGHT - BOTTOM;
		int plotRight = WIDTH - RIGHT;
		this.svg.append(String.format(Locale.ROOT, "<path d=\"M%d,%d V%d H%d\" fill=\"none\" stroke=\"black\"/>%n",
				LEFT, TOP, plotBottom, plotRight));
		for (int size : sizes) {
			double x = x(size, xMin, xMax);
			this.svg.append(
					String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\"/>%n",
							x, plotBottom, x, plotBottom + 5));
			text(x, plotBottom + 18, "middle", 12, Integer.toString(size));
		}
		text((LEFT + plotRight) / 2.0, HEIGHT - 18, "middle", 12, "switches |V|");
		for (int i = 0; i <= Y_TICKS; i++) {
			double value = yMax * i / Y_TICKS;
			double y = y(value, yMax);
			this.svg.append(String.format(Locale.ROOT,
					"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n", LEFT, y, plotRight, y));
			text(LEFT - 6, y + 4, "end", 11, format(value));
		}
		this.svg.append(String.format(Locale.ROOT,
				"<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 18 %.1f)\">%s</text>%n",
				(TOP + plotBottom) / 2.0, (TOP + plotBottom) / 2.0, escape(metric.axis())));
	}

	private void text(double x, double y, String anchor, int size, String content) {
		this.svg.append(String.format(Locale.ROOT,
				"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>%n", x, y, anchor, size,
				escape(content)));
	}

	private static double x(int size, int xMin, int xMax) {
		return LEFT + 20 + (WIDTH - RIGHT - LEFT - 40) * (size - xMin) / (double) (xMax - xMin);
	}

	private static double y(double value, double yMax) {
		return (HEIGHT - BOTTOM) - (HEIGHT - BOTTOM - TOP) * Math.max(0, value) / yMax;
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

	private static String format(double value) {
		return (value == Math.rint(value)) ? String.format(Locale.ROOT, "%.0f", value)
				: String.format(Locale.ROOT, "%.2f", value);
	}

	private static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
	}

}
