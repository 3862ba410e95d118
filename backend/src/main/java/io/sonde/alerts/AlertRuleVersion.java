package io.sonde.alerts;

import java.time.Instant;

/**
 * One stored version of a rule: rules are versioned and audited like the INT
 * configuration.
 *
 * @param version 1, 2, ... per rule, in the order they were made
 * @param author who made it (the caller's name)
 * @param at when
 * @param comment why, as the author said; may be null
 * @param rule the rule as it was made (the last one before a deletion, for a deletion)
 * @param deleted whether this version deleted the rule
 */
public record AlertRuleVersion(long version, String author, Instant at, String comment, AlertRule rule,
		boolean deleted) {

}
