package io.sonde.access;

import java.time.Instant;

/**
 * A user as listed: never the password or its hash.
 *
 * @param username the sign-in name
 * @param role what the user may do
 * @param source configured (read-only) or stored
 * @param createdBy who created it (null for configured ones)
 * @param createdAt when (null for configured ones)
 */
public record AccessUser(String username, Role role, AccountSource source, String createdBy, Instant createdAt) {
}
