/**
 * The control channel of a running emulator: {@link EmulatorControlServer} serves a small
 * HTTP/JSON protocol on 127.0.0.1 over an {@link io.sonde.emulator.run.EmulatedNetwork}'s
 * fault operations (stop, start and restart a switch; cut, mend, degrade and clear a
 * link; status), and {@link EmulatorControlClient} speaks it, for {@code sonde-emulator
 * ctl} and for tests.
 * <p>
 * The protocol, version 1 (every answer is JSON; an error is {@code {"error":
 * "<message>"}} with 400 for a bad value, 404 for an unknown switch or link or path, 405
 * for a wrong method, 409 when a switch cannot come back on its port, 503 while the
 * emulator shuts down):
 * <ul>
 * <li>{@code GET /v1/status}: {@code {"network", "switches": [...], "links":
 * [...]}};</li>
 * <li>{@code POST /v1/switches/{name}/stop}, {@code .../start}, {@code .../restart} (body
 * {@code {"downForMillis": N}}, 0 when absent): the switch afterwards,
 * {@code {"name", "deviceId", "address", "up", "since", "programmed",
 * "droppedWhileDown"}};</li>
 * <li>{@code POST /v1/links/{link}/down}, {@code .../up}, {@code .../clear},
 * {@code .../change} (body with any of {@code lossProbability}, {@code delayNanos},
 * {@code jitterNanos}, {@code bandwidthBitsPerSecond}): the link afterwards,
 * {@code {"name", "a", "b", "up", "parameters", "configured", "deliveredPackets",
 * "lostPackets", "droppedWhileDown"}}. A link is named by one end, {@code node:port}, or
 * by its two nodes, {@code a/b} (URL-encoded in the path).</li>
 * </ul>
 */
package io.sonde.emulator.control;
