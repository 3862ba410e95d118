package io.sonde.alerts;

/**
 * Fires once the live value has been past the bound for the rule's {@code for} duration,
 * per series (each set of labels the source reads is a series).
 *
 * @param value a {@link LiveValueSource#name() live value's name}, such as
 * {@code labeling.coverage}
 * @param comparison which side of the bound fires
 * @param bound the bound (strict: equal does not fire)
 */
public record LiveValueCondition(String value, Comparison comparison, double bound) implements AlertCondition {

}
