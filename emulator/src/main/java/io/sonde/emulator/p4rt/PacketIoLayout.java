package io.sonde.emulator.p4rt;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.p4programs.names.P4PacketMetadata;
import io.sonde.p4runtime.bytes.BytestringRejected;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.info.P4EntityKind;
import io.sonde.p4runtime.info.P4InfoIndex;
import p4.config.v1.ControllerPacketMetadata;
import p4.v1.PacketIn;
import p4.v1.PacketMetadata;
import p4.v1.PacketOut;

/**
 * The controller packet headers of a program (spec §16.1): which metadata a PacketOut
 * must carry and a PacketIn carries. A program without a {@code packet_out} or
 * {@code packet_in} header gets one field, id 1, the port (9 bits, as in v1model), so
 * packet I/O still works on it.
 */
final class PacketIoLayout {

	private static final int IMPLIED_PORT_BITWIDTH = 9;

	private final List<ControllerPacketMetadata.Metadata> outFields;

	private final int egressPortId;

	private final List<ControllerPacketMetadata.Metadata> inFields;

	private final int ingressPortId;

	private PacketIoLayout(List<ControllerPacketMetadata.Metadata> outFields, int egressPortId,
			List<ControllerPacketMetadata.Metadata> inFields, int ingressPortId) {
		this.outFields = outFields;
		this.egressPortId = egressPortId;
		this.inFields = inFields;
		this.ingressPortId = ingressPortId;
	}

	static PacketIoLayout of(P4InfoIndex p4Info) {
		List<ControllerPacketMetadata.Metadata> out = fields(p4Info, P4PacketMetadata.PacketOut.NAME,
				P4PacketMetadata.PacketOut.EGRESS_PORT);
		List<ControllerPacketMetadata.Metadata> in = fields(p4Info, P4PacketMetadata.PacketIn.NAME,
				P4PacketMetadata.PacketIn.INGRESS_PORT);
		return new PacketIoLayout(out, portId(out, P4PacketMetadata.PacketOut.EGRESS_PORT), in,
				portId(in, P4PacketMetadata.PacketIn.INGRESS_PORT));
	}

	private static List<ControllerPacketMetadata.Metadata> fields(P4InfoIndex p4Info, String header, String port) {
		if (!p4Info.contains(P4EntityKind.CONTROLLER_PACKET_METADATA, header)) {
			return List.of(ControllerPacketMetadata.Metadata.newBuilder()
				.setId(1)
				.setName(port)
				.setBitwidth(IMPLIED_PORT_BITWIDTH)
				.build());
		}
		return p4Info.controllerPacketMetadata(header).getMetadataList();
	}

	/** The field named after the port, else id 1. */
	private static int portId(List<ControllerPacketMetadata.Metadata> fields, String name) {
		return fields.stream().filter((f) -> f.getName().equals(name)).findFirst().map((f) -> f.getId()).orElse(1);
	}

	/**
	 * The egress port of a PacketOut, after checking that it carries exactly one valid
	 * value per packet_out field.
	 * @throws RequestRefused with INVALID_ARGUMENT or OUT_OF_RANGE otherwise
	 */
	int egressPort(PacketOut packet) {
		Map<Integer, ByteString> values = new HashMap<>();
		for (PacketMetadata metadata : packet.getMetadataList()) {
			if (values.put(metadata.getMetadataId(), metadata.getValue()) != null) {
				throw invalid("packet_out metadata " + metadata.getMetadataId() + " is given twice");
			}
		}
		long egress = -1;
		for (ControllerPacketMetadata.Metadata field : this.outFields) {
			ByteString value = values.remove(field.getId());
			if (value == null) {
				throw invalid("packet_out metadata " + field.getName() + " (id " + field.getId() + ") is missing");
			}
			ByteString canonical = canonical(field, value);
			if (field.getId() == this.egressPortId) {
				egress = Bytestrings.toBigInteger(canonical).longValue();
			}
		}
		if (!values.isEmpty()) {
			throw invalid("packet_out has no metadata with id " + values.keySet());
		}
		if (egress < 0 || egress > Integer.MAX_VALUE) {
			throw invalid("packet_out egress port " + egress + " is not a port of this switch");
		}
		return (int) egress;
	}

	private static ByteString canonical(ControllerPacketMetadata.Metadata field, ByteString value) {
		try {
			return Bytestrings.canonicalize(value, field.getBitwidth());
		}
		catch (BytestringRejected ex) {
			throw new RequestRefused(ex.code(), "packet_out metadata " + field.getName() + ": " + ex.getMessage());
		}
	}

	/** A PacketIn with the ingress port set and every other packet_in field 0. */
	PacketIn packetIn(byte[] payload, int ingressPort) {
		PacketIn.Builder packet = PacketIn.newBuilder().setPayload(ByteString.copyFrom(payload));
		for (ControllerPacketMetadata.Metadata field : this.inFields) {
			long value = (field.getId() == this.ingressPortId) ? ingressPort : 0;
			packet.addMetadata(PacketMetadata.newBuilder()
				.setMetadataId(field.getId())
				.setValue(Bytestrings.encode(value, Math.max(1, field.getBitwidth()))));
		}
		return packet.build();
	}

	private static RequestRefused invalid(String message) {
		return new RequestRefused(Status.Code.INVALID_ARGUMENT, message);
	}

}
