package io.sonde.probes;

/**
 * A probing session was planned and recorded and its probes are about to be sent: its
 * paths are known (for live views, such as the Probes page, which draw them before the
 * first probe moves).
 */
public record ProbeSessionStarted(ProbeSession session) {

}
