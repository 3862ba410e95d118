package io.sonde.collectorfleet;

import java.math.BigInteger;

/**
 * A metric's default T(m): what Sonde writes into the thresholds hash where it holds no
 * value for the metric, so every collector applies it without anyone setting it.
 *
 * @param metric the Table I metric's name
 * @param value T(m)
 * @param unit the unit the value counts in
 * @param reason why this value (docs/OPERATIONS.md has the measurements)
 */
public record ThresholdDefault(String metric, BigInteger value, String unit, String reason) {
}
