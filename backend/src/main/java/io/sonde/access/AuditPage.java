package io.sonde.access;

import java.util.List;

/**
 * Matching audit records, newest first.
 *
 * @param records this page
 * @param nextCursor pass as {@code cursor} for the next page; null when the log holds no
 * older record
 */
public record AuditPage(List<AuditRecord> records, String nextCursor) {
}
