package io.sonde.webhooks;

/**
 * A destination the request-forgery guard refuses: its address (after DNS resolution) is
 * loopback, link-local, private, unspecified or multicast and not allow-listed in
 * {@code sonde.webhooks.allowed-destinations}, or it is not http(s).
 */
public class DestinationRefused extends RuntimeException {

	public DestinationRefused(String destination, String reason) {
		super("Destination " + destination + " refused: " + reason);
	}

}
