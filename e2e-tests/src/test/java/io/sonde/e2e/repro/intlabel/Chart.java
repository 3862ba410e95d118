package io.sonde.e2e.repro.intlabel;

import java.util.List;
import java.util.Map;

/**
 * One figure as drawn: lines of (x, y) points, the x axis numeric or, with
 * {@code xLabels}, categories at the given x positions.
 *
 * @param id file name without extension ({@code fig10_coverage_vs_interval})
 * @param title the chart's title, naming the paper's figure
 * @param xAxis the x axis' caption
 * @param yAxis the y axis' caption
 * @param series the lines, in legend order
 * @param xLabels tick captions by x position, empty for a numeric axis
 */
record Chart(String id, String title, String xAxis, String yAxis, List<Line> series, Map<Double, String> xLabels) {

	Chart {
		series = List.copyOf(series);
		xLabels = Map.copyOf(xLabels);
	}

	Chart(String id, String title, String xAxis, String yAxis, List<Line> series) {
		this(id, title, xAxis, yAxis, series, Map.of());
	}

	/**
	 * One line: its points in x order.
	 *
	 * @param label the legend's caption
	 * @param points the points
	 */
	record Line(String label, List<Point> points) {

		Line {
			points = List.copyOf(points);
		}

	}

	/**
	 * A point: the mean of {@code n} repetitions and their spread.
	 *
	 * @param x position on the x axis
	 * @param y mean
	 * @param min smallest repetition
	 * @param max largest repetition
	 * @param n repetitions
	 */
	record Point(double x, double y, double min, double max, int n) {

	}

}
