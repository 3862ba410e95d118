package io.sonde.emulator.provision;

/**
 * One CNF literal as registers hold it (p4-programs README, "Event pre-filter"): slot
 * {@code SondePipeline.cnfLiteralIndex(expression, clause, literal)} of
 * {@code event_cnf_metric}, {@code event_cnf_operator} and {@code event_cnf_threshold}.
 */
public record CnfRegisterWrite(int slot, int metric, int operator, long threshold) {
}
