/**
 * The operator's and the scripts' way in: the dashboard pages (templates from the
 * frontend module), sign-in, the security of every HTTP route (form login for people,
 * bearer tokens for {@code /api/**}) and the system API. Nothing here is used by other
 * modules.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Web")
package io.sonde.web;
