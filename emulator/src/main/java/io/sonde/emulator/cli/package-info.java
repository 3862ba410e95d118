/**
 * The command line ({@code ./sonde-emulator}, picocli): {@code emulator run} and
 * {@code emulator topology}; see {@link io.sonde.emulator.cli.EmulatorCommand}.
 */
package io.sonde.emulator.cli;
