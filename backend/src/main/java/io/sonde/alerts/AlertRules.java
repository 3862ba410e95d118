package io.sonde.alerts;

import java.util.List;
import java.util.Optional;

/**
 * The alerts module's face: rules (versioned, audited), the alerts they fire, and the
 * live values rules may watch.
 */
public interface AlertRules {

	/** Every rule in force, by id. */
	List<AlertRule> rules();

	Optional<AlertRule> rule(String id);

	/**
	 * Stores a new rule as its version 1; its id is made from its name when absent.
	 * @throws AlertRuleRejected naming the field at fault
	 * @throws AlertRuleExists when a rule already has that id
	 */
	AlertRuleVersion create(AlertRule rule, String author, String comment);

	/**
	 * Stores {@code rule} as the next version of rule {@code id}.
	 * @throws AlertRuleRejected naming the field at fault
	 * @throws AlertRuleNotFound when there is no such rule
	 */
	AlertRuleVersion update(String id, AlertRule rule, String author, String comment);

	/**
	 * Deletes the rule (a last version that records who and why) and resolves its alerts.
	 * @throws AlertRuleNotFound when there is no such rule
	 */
	AlertRuleVersion delete(String id, String author, String comment);

	/**
	 * Every version of a rule, newest first, deleted ones included.
	 * @throws AlertRuleNotFound when the rule never existed
	 */
	List<AlertRuleVersion> versions(String id);

	/** The alerts firing now, newest first. */
	List<Alert> firing();

	/** Resolved alerts, newest first, at most {@code limit} (the history is capped). */
	List<Alert> history(int limit);

	/** Every live-value source with its values now. */
	List<LiveValueReading> liveValues();

}
