package io.sonde.emulator.state;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.p4runtime.bytes.BytestringRejected;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.info.MatchFieldInfo;
import p4.config.v1.MatchField.MatchType;
import p4.v1.FieldMatch;

/**
 * Checks the key of a table entry (spec §9.1, §9.1.1, §8.3) and turns it into key words:
 * known field ids, each at most once and of the P4Info's match kind, bytestrings that fit
 * the field, exact fields present, "don't care" matches omitted rather than sent, no bits
 * set outside an LPM prefix or a ternary mask, low &lt;= high, and a priority iff the
 * table has a ternary, range or optional field. Violations are INVALID_ARGUMENT except
 * bytestrings that do not fit, which are OUT_OF_RANGE (§8.3).
 */
final class MatchValidator {

	private final TableModel table;

	MatchValidator(TableModel table) {
		this.table = table;
	}

	/** The result: identity of the entry and what the data plane compares. */
	record ValidMatch(EntryKey key, long[] value, long[] mask, RangeMatch[] ranges, int prefixLength) {
	}

	ValidMatch validate(List<FieldMatch> matches, int priority) {
		ValidMatch match = parseAll(matches, priority);
		checkPriority(priority);
		return match;
	}

	/** The match part of a key, for read filters where priority 0 means "any". */
	EntryKey key(List<FieldMatch> matches) {
		return parseAll(matches, 0).key();
	}

	private ValidMatch parseAll(List<FieldMatch> matches, int priority) {
		this.table.unsupportedField().ifPresent((field) -> {
			throw new EntityRejected(Status.Code.UNIMPLEMENTED, "match field " + field.name() + " of table "
					+ this.table.name() + " has a match kind or type " + "the emulator does not evaluate");
		});
		KeyLayout layout = this.table.layout();
		long[] value = new long[layout.totalWords()];
		long[] mask = new long[layout.totalWords()];
		List<RangeMatch> ranges = new ArrayList<>();
		boolean[] seen = new boolean[layout.fieldCount()];
		List<FieldMatch> canonical = new ArrayList<>();
		int prefixLength = 0;
		for (FieldMatch match : matches) {
			int index = layout.indexOf(match.getFieldId());
			if (index < 0) {
				throw EntityRejected
					.invalid("table " + this.table.name() + " has no match field with id " + match.getFieldId());
			}
			if (seen[index]) {
				throw EntityRejected.invalid("match field " + name(index) + " is given twice");
			}
			seen[index] = true;
			FieldMatch parsed = parse(match, index, value, mask, ranges);
			if (parsed.hasLpm()) {
				prefixLength = parsed.getLpm().getPrefixLen();
			}
			canonical.add(parsed);
		}
		for (int i = 0; i < seen.length; i++) {
			if (!seen[i] && layout.fields().get(i).matchType() == MatchType.EXACT) {
				throw EntityRejected.invalid("exact match field " + name(i) + " cannot be omitted");
			}
		}
		canonical.sort(Comparator.comparingInt(FieldMatch::getFieldId));
		return new ValidMatch(new EntryKey(canonical, priority), value, mask, ranges.toArray(new RangeMatch[0]),
				prefixLength);
	}

	private void checkPriority(int priority) {
		boolean needed = this.table.info().needsPriority();
		if (needed && priority == 0) {
			throw EntityRejected.invalid("table " + this.table.name()
					+ " has ternary, range or optional fields: entries need a non-zero priority");
		}
		if (!needed && priority != 0) {
			throw EntityRejected.invalid("table " + this.table.name()
					+ " has no ternary, range or optional field: priority must be 0, was " + priority);
		}
	}

	private FieldMatch parse(FieldMatch match, int index, long[] value, long[] mask, List<RangeMatch> ranges) {
		MatchFieldInfo field = this.table.layout().fields().get(index);
		int offset = this.table.layout().offset(index);
		int words = this.table.layout().words(index);
		int width = field.bitwidth();
		FieldMatch.Builder out = FieldMatch.newBuilder().setFieldId(field.id());
		switch (expectKind(match, field)) {
			case EXACT -> {
				ByteString v = canonical(index, match.getExact().getValue());
				Words.write(v, value, offset, words);
				Words.writeWidthMask(width, mask, offset, words);
				out.setExact(FieldMatch.Exact.newBuilder().setValue(v));
			}
			case OPTIONAL -> {
				ByteString v = canonical(index, match.getOptional().getValue());
				Words.write(v, value, offset, words);
				Words.writeWidthMask(width, mask, offset, words);
				out.setOptional(FieldMatch.Optional.newBuilder().setValue(v));
			}
			case LPM -> {
				int prefix = match.getLpm().getPrefixLen();
				if (prefix == 0) {
					throw EntityRejected.invalid("lpm field " + name(index) + " with prefix length 0 is a "
							+ "\"don't care\" match and must be omitted");
				}
				if (prefix < 0 || prefix > width) {
					throw EntityRejected.invalid(
							"prefix length " + prefix + " of lpm field " + name(index) + " is outside 1.." + width);
				}
				ByteString v = canonical(index, match.getLpm().getValue());
				BigInteger bits = Bytestrings.toBigInteger(v);
				if (bits.getLowestSetBit() >= 0 && bits.getLowestSetBit() < width - prefix) {
					throw EntityRejected.invalid("lpm field " + name(index) + " has bits set beyond /" + prefix);
				}
				Words.write(v, value, offset, words);
				Words.writePrefixMask(width, prefix, mask, offset, words);
				out.setLpm(FieldMatch.LPM.newBuilder().setValue(v).setPrefixLen(prefix));
			}
			case TERNARY -> {
				ByteString v = canonical(index, match.getTernary().getValue());
				ByteString m = canonical(index, match.getTernary().getMask());
				BigInteger maskBits = Bytestrings.toBigInteger(m);
				if (maskBits.signum() == 0) {
					throw EntityRejected.invalid("ternary field " + name(index) + " with mask 0 is a \"don't care\" "
							+ "match and must be omitted");
				}
				if (Bytestrings.toBigInteger(v).andNot(maskBits).signum() != 0) {
					throw EntityRejected.invalid("ternary field " + name(index) + " has value bits outside its mask");
				}
				Words.write(v, value, offset, words);
				Words.write(m, mask, offset, words);
				out.setTernary(FieldMatch.Ternary.newBuilder().setValue(v).setMask(m));
			}
			case RANGE -> {
				ByteString low = canonical(index, match.getRange().getLow());
				ByteString high = canonical(index, match.getRange().getHigh());
				BigInteger lo = Bytestrings.toBigInteger(low);
				BigInteger hi = Bytestrings.toBigInteger(high);
				if (lo.compareTo(hi) > 0) {
					throw EntityRejected.invalid("range field " + name(index) + " has low above high");
				}
				if (lo.signum() == 0 && hi.equals(Bytestrings.maxValue(width))) {
					throw EntityRejected.invalid("range field " + name(index) + " covers every value: a \"don't "
							+ "care\" match must be omitted");
				}
				long[] lowWords = new long[words];
				long[] highWords = new long[words];
				Words.write(low, lowWords, 0, words);
				Words.write(high, highWords, 0, words);
				ranges.add(new RangeMatch(offset, words, lowWords, highWords));
				out.setRange(FieldMatch.Range.newBuilder().setLow(low).setHigh(high));
			}
			default -> throw new IllegalStateException("unreachable");
		}
		return out.build();
	}

	private MatchType expectKind(FieldMatch match, MatchFieldInfo field) {
		MatchType given = switch (match.getFieldMatchTypeCase()) {
			case EXACT -> MatchType.EXACT;
			case LPM -> MatchType.LPM;
			case TERNARY -> MatchType.TERNARY;
			case RANGE -> MatchType.RANGE;
			case OPTIONAL -> MatchType.OPTIONAL;
			case OTHER -> throw new EntityRejected(Status.Code.UNIMPLEMENTED,
					"match field " + field.name() + ": architecture-specific match kinds are not supported");
			case FIELDMATCHTYPE_NOT_SET ->
				throw EntityRejected.invalid("match field " + field.name() + " has no value");
		};
		if (given != field.matchType()) {
			throw EntityRejected
				.invalid("match field " + field.name() + " is " + field.matchType() + ", the entry gives " + given);
		}
		return given;
	}

	private ByteString canonical(int index, ByteString value) {
		try {
			return Bytestrings.canonicalize(value, this.table.layout().fields().get(index).bitwidth());
		}
		catch (BytestringRejected ex) {
			throw new EntityRejected(ex.code(), "match field " + name(index) + ": " + ex.getMessage());
		}
	}

	private String name(int index) {
		return this.table.layout().fields().get(index).name() + " of table " + this.table.name();
	}

}
