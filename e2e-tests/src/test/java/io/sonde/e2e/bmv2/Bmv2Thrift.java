package io.sonde.e2e.bmv2;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The settings sonde.p4 needs that BMv2's P4Runtime server will not make, made through
 * BMv2's own Thrift runtime service instead, as {@code simple_switch_CLI} would: the
 * report and export clone sessions (the PI library of ../shared/tools/bmv2 was built
 * without simple_switch's clone support, so a CloneSessionEntry fails with UNKNOWN "Error
 * when creating clone session in target"), and register cells (PI writes none).
 * <p>
 * Calls are Thrift's strict binary protocol, multiplexed by service name, unframed; they
 * are sent from inside the switch's namespace (where its Thrift port listens) by bash's
 * {@code /dev/tcp}, and every reply must be a REPLY without an exception.
 */
final class Bmv2Thrift {

	private static final int CALL = 1;

	private static final int REPLY = 2;

	private static final byte STOP = 0;

	private static final byte I32 = 8;

	private static final byte I64 = 10;

	private static final byte STRING = 11;

	private final List<byte[]> calls = new ArrayList<>();

	/** {@code simple_switch_CLI mirroring_add <session> <port>}. */
	Bmv2Thrift mirroringAdd(int session, int egressPort) {
		ByteArrayOutputStream call = header("simple_switch:mirroring_mapping_add");
		i32Field(call, 1, session);
		i32Field(call, 2, egressPort);
		call.write(STOP);
		this.calls.add(call.toByteArray());
		return this;
	}

	/**
	 * {@code simple_switch_CLI register_write <register> <index> <value>}, in context 0.
	 * @param register the register's name in the BMv2 JSON, e.g.
	 * {@code SondeEgress.label_egress.label_shift}
	 */
	Bmv2Thrift registerWrite(String register, int index, long value) {
		ByteArrayOutputStream call = header("standard:bm_register_write");
		i32Field(call, 1, 0);
		call.write(STRING);
		call.writeBytes(ByteBuffer.allocate(2).putShort((short) 2).array());
		string(call, register);
		i32Field(call, 3, index);
		call.write(I64);
		call.writeBytes(ByteBuffer.allocate(2).putShort((short) 4).array());
		call.writeBytes(ByteBuffer.allocate(8).putLong(value).array());
		call.write(STOP);
		this.calls.add(call.toByteArray());
		return this;
	}

	/**
	 * Sends every call to the Thrift port of a switch in {@code namespace} and checks
	 * each reply.
	 */
	void send(Bmv2Namespace namespace, int thriftPort, Path folder) throws IOException, InterruptedException {
		Path request = Files.createTempFile(folder, "thrift", ".request");
		Path reply = Files.createTempFile(folder, "thrift", ".reply");
		ByteArrayOutputStream all = new ByteArrayOutputStream();
		this.calls.forEach(all::writeBytes);
		Files.write(request, all.toByteArray());
		// The switch keeps the connection open: what it answered within 2 s is read.
		namespace.exec("bash", "-c",
				"exec 3<>/dev/tcp/127.0.0.1/" + thriftPort + " && cat \"$0\" >&3 && timeout 2 cat <&3 > \"$1\"; true",
				request.toString(), reply.toString());
		checkReplies(ByteBuffer.wrap(Files.readAllBytes(reply)));
	}

	private void checkReplies(ByteBuffer replies) {
		for (int i = 0; i < this.calls.size(); i++) {
			if (replies.remaining() < 4) {
				throw new IllegalStateException(
						"BMv2's Thrift server answered " + i + " of " + this.calls.size() + " calls");
			}
			int version = replies.getInt();
			String method = new String(bytes(replies, replies.getInt()), StandardCharsets.UTF_8);
			replies.getInt(); // sequence id
			if ((version & 0xFF) != REPLY) {
				throw new IllegalStateException("BMv2's Thrift server answered " + method + " with message type "
						+ (version & 0xFF) + " (an exception)");
			}
			// The result struct: field 0 is the return value; any other is an exception.
			for (byte type = replies.get(); type != STOP; type = replies.get()) {
				short id = replies.getShort();
				if (id != 0) {
					throw new IllegalStateException("BMv2 refused " + method + " (exception field " + id + ")");
				}
				skip(replies, type);
			}
		}
	}

	private static void skip(ByteBuffer buffer, byte type) {
		switch (type) {
			case I32 -> buffer.getInt();
			case I64 -> buffer.getLong();
			case STRING -> bytes(buffer, buffer.getInt());
			default -> throw new IllegalStateException("unexpected Thrift type " + type + " in a reply");
		}
	}

	private static byte[] bytes(ByteBuffer buffer, int length) {
		byte[] bytes = new byte[length];
		buffer.get(bytes);
		return bytes;
	}

	private static ByteArrayOutputStream header(String method) {
		ByteArrayOutputStream call = new ByteArrayOutputStream();
		call.writeBytes(ByteBuffer.allocate(4).putInt(0x80010000 | CALL).array());
		string(call, method);
		call.writeBytes(ByteBuffer.allocate(4).putInt(0).array());
		return call;
	}

	private static void i32Field(ByteArrayOutputStream call, int id, int value) {
		call.write(I32);
		call.writeBytes(ByteBuffer.allocate(2).putShort((short) id).array());
		call.writeBytes(ByteBuffer.allocate(4).putInt(value).array());
	}

	private static void string(ByteArrayOutputStream call, String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		call.writeBytes(ByteBuffer.allocate(4).putInt(bytes.length).array());
		call.writeBytes(bytes);
	}

}
