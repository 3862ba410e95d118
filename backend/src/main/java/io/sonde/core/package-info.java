/**
 * The small shared kernel every module may use: the clock all time-reading code takes (so
 * the emulator's virtual time and tests can drive it), {@link io.sonde.core.LoopHealth},
 * how a background loop reports to its health component, {@link io.sonde.core.Problems}
 * and {@link io.sonde.core.FieldsRejected}, how a module's API answers what it refuses,
 * and {@code core.redis}, how a module keeps JSON records and versioned documents in
 * Redis under its own keys and errors.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Core",
		type = org.springframework.modulith.ApplicationModule.Type.OPEN)
package io.sonde.core;
