package io.sonde.webhooks;

/**
 * A subscription just created, with its secret: the only time the secret is shown.
 *
 * @param subscription the subscription
 * @param secret {@code whsec_<base64>}: receivers verify signatures with it
 */
public record CreatedSubscription(Subscription subscription, String secret) {

}
