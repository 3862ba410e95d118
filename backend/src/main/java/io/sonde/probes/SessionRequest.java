package io.sonde.probes;

/**
 * What to probe now; every null field takes the configured default
 * ({@code sonde.probes.*}).
 *
 * @param algorithm GPINT or Euler
 * @param k GPINT's number of paths (not with c, not for Euler)
 * @param c GPINT-c's factor, k = floor(c * switches / 10) (not with k, not for Euler)
 * @param profile the recovery profile: {@code paper} (t_f 1.5 s, r_a 10) or
 * {@code fine-tuned} (t_f 0.4 s, r_a 2); setting it drops configured t_f and r_a
 * overrides
 */
public record SessionRequest(Algorithm algorithm, Integer k, Double c, String profile) {

	/** Everything as configured. */
	public static final SessionRequest CONFIGURED = new SessionRequest(null, null, null, null);

}
