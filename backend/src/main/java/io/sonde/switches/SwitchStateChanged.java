package io.sonde.switches;

/**
 * Published when a switch's connection state, round trip or error changes, or when it is
 * registered, updated or removed ({@code view} null): what live pages stream.
 */
public record SwitchStateChanged(String name, SwitchView view) {
}
