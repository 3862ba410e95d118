/**
 * The small shared kernel every module may use: the clock all time-reading code takes (so
 * the emulator's virtual time and tests can drive it), and
 * {@link io.sonde.core.LoopHealth}, how a background loop reports to its health
 * component.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Core",
		type = org.springframework.modulith.ApplicationModule.Type.OPEN)
package io.sonde.core;
