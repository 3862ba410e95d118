package io.sonde.intconfig.internal;

import java.util.List;

/**
 * What the configuration needs to know about a switch from elsewhere: its device id (the
 * default node id), its MAC (the report frames' source) and the ports the topology cables
 * to hosts (the default sink ports).
 */
record SwitchFacts(String name, long deviceId, long mac, List<Integer> hostPorts) {
}
