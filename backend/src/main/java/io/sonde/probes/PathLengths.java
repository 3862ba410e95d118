package io.sonde.probes;

/**
 * The lengths of a plan's paths, in switches (a path of one switch has length 1); all 0
 * for a plan without paths.
 */
public record PathLengths(int min, double mean, int max) {
}
