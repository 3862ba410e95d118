/**
 * Who may do what: users (bcrypt passwords, a role) and API tokens (shown once, kept as
 * SHA-256) stored in Redis beside the read-only accounts from configuration, the audit
 * log of every state-changing request and sign-in, and sign-in rate limiting. Faces:
 * {@link io.sonde.access.AccessDirectory}, {@link io.sonde.access.AuditLog},
 * {@link io.sonde.access.LoginAttempts} and the records of this package. The HTTP side
 * (filter chains, the role matrix) is {@code io.sonde.web.security}.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Access")
package io.sonde.access;
