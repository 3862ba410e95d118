/**
 * INT configuration: per switch its roles (source, transit, sink), the source's
 * watchlist, the sink's report session and paper 003's per-flow event pre-filter, checked
 * whole before anything is stored, versioned (who, when; dry run; rollback) in Redis, and
 * turned into sonde.p4 entities the switches module keeps on the switches (it contributes
 * to their desired state). Public face: {@link io.sonde.intconfig.IntConfiguration}.
 */
@org.springframework.modulith.ApplicationModule(displayName = "INT configuration")
package io.sonde.intconfig;
