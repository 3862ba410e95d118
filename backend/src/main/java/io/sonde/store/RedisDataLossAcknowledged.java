package io.sonde.store;

/**
 * An operator accepted what Redis holds now after a data loss; published in every backend
 * that adopts the new epoch, so modules that held their work (the switches' desired
 * state) resume with what was imported again.
 *
 * @param epoch the new epoch
 * @param loss the loss it ends
 */
public record RedisDataLossAcknowledged(RedisEpoch epoch, RedisDataLoss loss) {
}
