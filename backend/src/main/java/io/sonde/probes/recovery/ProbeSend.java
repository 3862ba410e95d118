package io.sonde.probes.recovery;

/**
 * The loop asks its driver to send a probe.
 *
 * @param sendId unique within the loop; every send, retries included, gets a new one
 * @param path index of the path in the session's plan
 * @param fromHop position (0-based) on the path of the switch the probe is injected at;
 * the probe visits the path from there to its end
 * @param attempt 1 for the first send at this position, 2 for the first retry, ...
 * @param recovery false only for the first send of a path
 */
public record ProbeSend(long sendId, int path, int fromHop, int attempt, boolean recovery) {
}
