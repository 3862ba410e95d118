package io.sonde.intconfig;

import java.time.Instant;

/**
 * One stored version of the INT configuration.
 *
 * @param version 1, 2, ... in the order they were made
 * @param author who made it (the caller's name)
 * @param at when
 * @param comment why, as the author said, or what a rollback restored
 * @param config the whole configuration
 */
public record IntConfigVersion(long version, String author, Instant at, String comment, IntConfigDocument config) {
}
