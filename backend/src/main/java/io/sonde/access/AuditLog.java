package io.sonde.access;

/**
 * The audit log: a capped Redis stream (the oldest records go first once it is full).
 */
public interface AuditLog {

	/**
	 * Writes a record. Never throws: a request is not failed because its audit record
	 * could not be written (the loss is logged as an error).
	 */
	void record(AuditRecord record);

	/**
	 * @throws AccessNotStored when Redis does not answer
	 */
	AuditPage find(AuditQuery query);

}
