/**
 * Sonde's P4Runtime v1.4 layer: the generated {@code p4.v1} / {@code p4.config.v1}
 * messages and stubs, plus small helpers that keep wire values canonical and errors
 * typed. Sub-packages: {@code info} (P4Info names and ids), {@code bytes} (spec §8.3
 * bytestrings), {@code entity} (entity and request builders), {@code error} (Write
 * failures) and {@code arbitration} (primary election, server side).
 */
package io.sonde.p4runtime;
