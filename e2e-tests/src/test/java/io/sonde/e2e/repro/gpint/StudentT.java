package io.sonde.e2e.repro.gpint;

import java.util.List;

/**
 * Means with a 95% confidence interval from Student's t distribution, as the paper's
 * figures give them (§V-A, "20 times ... with a 95% confidence interval").
 */
final class StudentT {

	/** t(0.975, df) for df = 1..30 (any statistics table). */
	private static final double[] QUANTILES = { 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
			2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
			2.056, 2.052, 2.048, 2.045, 2.042 };

	private static final double Z = 1.959964;

	private StudentT() {
	}

	/**
	 * The two-sided 95% quantile for {@code df} degrees of freedom; above 30 the
	 * Cornish-Fisher expansion around the normal quantile (within 0.001 there).
	 */
	static double quantile975(int df) {
		if (df < 1) {
			throw new IllegalArgumentException("degrees of freedom start at 1, got " + df);
		}
		if (df <= QUANTILES.length) {
			return QUANTILES[df - 1];
		}
		double z3 = Z * Z * Z;
		double z5 = z3 * Z * Z;
		return Z + (z3 + Z) / (4.0 * df) + (5 * z5 + 16 * z3 + 3 * Z) / (96.0 * df * df);
	}

	/** Mean and half-width; one value has no interval (half-width 0). */
	static Interval of(List<Double> values) {
		if (values.isEmpty()) {
			throw new IllegalArgumentException("no values to average");
		}
		int n = values.size();
		double mean = values.stream().mapToDouble(Double::doubleValue).sum() / n;
		if (n == 1) {
			return new Interval(mean, 0, 1);
		}
		double squares = 0;
		for (double value : values) {
			squares += (value - mean) * (value - mean);
		}
		double standardError = Math.sqrt(squares / (n - 1) / n);
		return new Interval(mean, quantile975(n - 1) * standardError, n);
	}

	/**
	 * @param mean the sample mean
	 * @param halfWidth the 95% interval is mean ± this
	 * @param n the number of values
	 */
	record Interval(double mean, double halfWidth, int n) {

	}

}
