package io.sonde.alerts;

import java.util.List;

/**
 * A value rules may watch. Any module may contribute a bean; the rule engine reads every
 * source on each evaluation tick (by default every second), so {@link #read()} must be
 * cheap and must not block on the network.
 */
public interface LiveValueSource {

	/** Dotted and lowercase: {@code labeling.coverage}, {@code link.loss_ratio}. */
	String name();

	/** What it measures, for people choosing one. */
	String description();

	/** {@code ratio}, {@code s}, {@code ms}, {@code 1/s}, ... */
	String unit();

	/** Every series now; empty when there is none. */
	List<LiveValue> read();

}
