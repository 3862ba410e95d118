package io.sonde.emulator.state;

import com.google.protobuf.ByteString;
import p4.v1.Action;

/**
 * An action and its argument values as the data plane runs it: the action's P4Info id and
 * one value per parameter in P4Info order, as an unsigned long (parameters up to 64 bits)
 * and as its canonical bytestring. Immutable; a MODIFY swaps the whole call, so a packet
 * never sees the action of one write with the arguments of another.
 */
public final class ActionCall {

	/** The call of a table whose default action the P4Info does not name. */
	static final ActionCall NONE = new ActionCall(Action.getDefaultInstance());

	private final Action proto;

	private final long[] values;

	private final ByteString[] bytes;

	/**
	 * @param canonical an action already checked against the P4Info, parameters in P4Info
	 * order with canonical values
	 */
	ActionCall(Action canonical) {
		this.proto = canonical;
		int count = canonical.getParamsCount();
		this.values = new long[count];
		this.bytes = new ByteString[count];
		for (int i = 0; i < count; i++) {
			ByteString value = canonical.getParams(i).getValue();
			this.bytes[i] = value;
			this.values[i] = lowest64(value);
		}
	}

	private static long lowest64(ByteString value) {
		long result = 0;
		int from = Math.max(0, value.size() - 8);
		for (int i = from; i < value.size(); i++) {
			result = (result << 8) | (value.byteAt(i) & 0xffL);
		}
		return result;
	}

	/**
	 * The P4Info id of the action; 0 when the program's default action is not in its
	 * P4Info, which the data plane treats as {@code NoAction}.
	 */
	public int actionId() {
		return this.proto.getActionId();
	}

	public int paramCount() {
		return this.values.length;
	}

	/**
	 * The value of the parameter at {@code index} (P4Info order); parameters wider than
	 * 64 bits hold their lowest 64 bits here, use {@link #paramBytes}.
	 */
	public long param(int index) {
		return this.values[index];
	}

	/** The canonical bytestring of the parameter at {@code index}. */
	public ByteString paramBytes(int index) {
		return this.bytes[index];
	}

	/** The action as it is read back: canonical, parameters in P4Info order. */
	Action toProto() {
		return this.proto;
	}

	boolean isNone() {
		return this.proto.getActionId() == 0;
	}

	@Override
	public String toString() {
		return "action " + String.format("0x%08x", actionId()) + " " + java.util.Arrays.toString(this.values);
	}

}
