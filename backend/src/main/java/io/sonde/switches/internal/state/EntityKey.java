package io.sonde.switches.internal.state;

import com.google.protobuf.ByteString;

/** What identifies an entity on a switch: its kind, P4 object id and key bytes. */
record EntityKey(String kind, int objectId, ByteString key) {
}
