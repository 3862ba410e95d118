package io.sonde.probes;

/** A probing session ended (whatever its status) and its record is stored. */
public record ProbeSessionCompleted(ProbeSession session) {

}
