/**
 * The forwarding state of an emulated switch, generic over any P4Info:
 * {@link io.sonde.emulator.state.SwitchState} and what the data plane takes from it
 * ({@link io.sonde.emulator.state.TableLookup},
 * {@link io.sonde.emulator.state.InstalledEntry},
 * {@link io.sonde.emulator.state.ActionCall},
 * {@link io.sonde.emulator.state.IndexedCounter},
 * {@link io.sonde.emulator.state.RegisterArray},
 * {@link io.sonde.emulator.state.CloneSession}).
 * <p>
 * Two kinds of callers, two disciplines. The P4Runtime server (one writer at a time,
 * under a lock) checks every update as the specification prescribes (§8.3 bytestrings,
 * §9.1 table entries, §9.3 counters, §9.7 registers, §9.5.2 clone sessions) and answers
 * with the spec's codes. The data plane never takes a lock: each table publishes an
 * immutable index after each Write (copy on write: a hash table for exact keys, one hash
 * table per prefix length for LPM, a priority-ordered scan for ternary, range and
 * optional keys), so a lookup is a volatile read and a few array probes on a key of
 * primitive longs, with no allocation. Counters and registers are atomic cells; clone
 * sessions an immutable map replaced on each change.
 */
package io.sonde.emulator.state;
