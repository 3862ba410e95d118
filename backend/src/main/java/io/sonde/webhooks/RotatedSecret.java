package io.sonde.webhooks;

import java.time.Instant;

/**
 * A subscription's new secret, shown this once. Until {@code previousValidUntil} both the
 * new and the previous secret sign every delivery (two {@code v1,} entries).
 *
 * @param subscriptionId the subscription
 * @param secret the new secret, {@code whsec_<base64>}
 * @param previousValidUntil when the previous secret stops signing
 */
public record RotatedSecret(String subscriptionId, String secret, Instant previousValidUntil) {

}
