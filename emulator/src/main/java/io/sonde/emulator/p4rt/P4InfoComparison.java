package io.sonde.emulator.p4rt;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import p4.config.v1.P4Info;
import p4.config.v1.Preamble;

/**
 * Decides whether a pushed P4Info describes the program a switch runs. Two P4Infos
 * describe the same program when they have the same objects (tables, actions, counters,
 * registers, packet headers, ...) with the same ids, names, match fields, parameters,
 * widths, sizes and references; documentation, annotations, aliases, package info and the
 * order of the objects do not count, so a P4Info regenerated or reformatted by another
 * tool is still accepted.
 */
final class P4InfoComparison {

	/** Fields that say nothing about the behaviour of the program. */
	private static final Set<String> COSMETIC = Set.of("annotations", "annotation_locations", "structured_annotations",
			"doc", "alias");

	private static final int MAX_SHOWN = 160;

	private P4InfoComparison() {
	}

	/** Why {@code pushed} is not {@code expected}, empty if it is the same program. */
	static Optional<String> difference(P4Info expected, P4Info pushed) {
		for (FieldDescriptor kind : P4Info.getDescriptor().getFields()) {
			if (!kind.isRepeated() || kind.getMessageType() == null) {
				continue;
			}
			Optional<String> difference = compare(kind, objects(expected, kind), objects(pushed, kind));
			if (difference.isPresent()) {
				return difference;
			}
		}
		return Optional.empty();
	}

	private static Optional<String> compare(FieldDescriptor kind, Map<String, Message> expected,
			Map<String, Message> pushed) {
		for (Map.Entry<String, Message> object : expected.entrySet()) {
			Message other = pushed.get(object.getKey());
			if (other == null) {
				return Optional.of(label(kind, object.getValue()) + " is missing");
			}
			Optional<String> field = firstDifferentField(object.getValue(), other);
			if (field.isPresent()) {
				return Optional.of(label(kind, object.getValue()) + " differs in " + field.get());
			}
		}
		for (Map.Entry<String, Message> object : pushed.entrySet()) {
			if (!expected.containsKey(object.getKey())) {
				return Optional.of(label(kind, object.getValue()) + " is not part of the program");
			}
		}
		return Optional.empty();
	}

	/** The objects of one kind by identity (preamble id, or the whole object). */
	private static Map<String, Message> objects(P4Info p4Info, FieldDescriptor kind) {
		Map<String, Message> byKey = new LinkedHashMap<>();
		for (int i = 0; i < p4Info.getRepeatedFieldCount(kind); i++) {
			Message object = strip((Message) p4Info.getRepeatedField(kind, i));
			Preamble preamble = preamble(object);
			byKey.put((preamble != null) ? Integer.toString(preamble.getId()) : TextFormat.shortDebugString(object),
					object);
		}
		return byKey;
	}

	private static Message strip(Message message) {
		Message.Builder builder = message.toBuilder();
		for (FieldDescriptor field : message.getDescriptorForType().getFields()) {
			if (COSMETIC.contains(field.getName())) {
				builder.clearField(field);
			}
			else if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
				if (field.isRepeated()) {
					builder.clearField(field);
					for (Object element : (List<?>) message.getField(field)) {
						builder.addRepeatedField(field, strip((Message) element));
					}
				}
				else if (message.hasField(field)) {
					builder.setField(field, strip((Message) message.getField(field)));
				}
			}
		}
		return builder.build();
	}

	private static Optional<String> firstDifferentField(Message expected, Message pushed) {
		for (FieldDescriptor field : expected.getDescriptorForType().getFields()) {
			if (!expected.getField(field).equals(pushed.getField(field))) {
				return Optional
					.of(field.getName() + ": expected " + show(expected, field) + ", got " + show(pushed, field));
			}
		}
		return Optional.empty();
	}

	private static String show(Message message, FieldDescriptor field) {
		Message.Builder only = message.newBuilderForType();
		only.setField(field, message.getField(field));
		String text = TextFormat.shortDebugString(only);
		if (text.isEmpty()) {
			text = "(unset)";
		}
		return (text.length() > MAX_SHOWN) ? text.substring(0, MAX_SHOWN) + "..." : text;
	}

	private static String label(FieldDescriptor kind, Message object) {
		Preamble preamble = preamble(object);
		String what = kind.getName().replaceAll("_", " ").replaceAll("s$", "");
		if (preamble == null) {
			return what + " " + TextFormat.shortDebugString(object);
		}
		return String.format("%s '%s' (id 0x%08x)", what, preamble.getName(), preamble.getId());
	}

	private static Preamble preamble(Message object) {
		FieldDescriptor field = object.getDescriptorForType().findFieldByName("preamble");
		return (field != null) ? (Preamble) object.getField(field) : null;
	}

}
