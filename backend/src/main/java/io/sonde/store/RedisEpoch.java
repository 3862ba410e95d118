package io.sonde.store;

import java.time.Instant;

/**
 * The epoch key's content: written once when a Redis is first initialised, and again only
 * when an operator acknowledges a data loss.
 *
 * @param id random, unique per epoch
 * @param createdAt when it was written
 * @param origin {@code first start} (an empty Redis), {@code upgrade} (a Redis with
 * Sonde's data from before epochs existed) or {@code acknowledged data loss}
 * @param acknowledges the id of the lost epoch this one replaces, else null
 * @param acknowledgedBy who acknowledged that loss, else null
 */
public record RedisEpoch(String id, Instant createdAt, String origin, String acknowledges, String acknowledgedBy) {

	public static final String FIRST_START = "first start";

	public static final String UPGRADE = "upgrade";

	public static final String ACKNOWLEDGED = "acknowledged data loss";

}
