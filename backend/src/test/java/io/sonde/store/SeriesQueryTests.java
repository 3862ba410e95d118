package io.sonde.store;

import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

class SeriesQueryTests {

	private static final Instant FROM = Instant.parse("2026-11-01T00:00:00Z");

	private static final Instant TO = Instant.parse("2026-11-02T00:00:00Z");

	@Test
	void acceptsPlainIdentifiers() {
		assertThatNoException()
			.isThrownBy(() -> new SeriesQuery("port_metrics", "tx_bytes", Map.of("switch_id", "s1; DROP"), FROM, TO));
	}

	@Test
	void rejectsAMeasurementThatIsNotAnIdentifier() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SeriesQuery("port_metrics; DROP TABLE x", "tx_bytes", Map.of(), FROM, TO))
			.withMessageContaining("invalid measurement name");
	}

	@Test
	void rejectsATagNameThatIsNotAnIdentifier() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SeriesQuery("port_metrics", "tx_bytes", Map.of("a' OR '1'='1", "x"), FROM, TO))
			.withMessageContaining("invalid tag name");
	}

	@Test
	void rejectsAnEmptyRange() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SeriesQuery("port_metrics", "tx_bytes", Map.of(), TO, FROM))
			.withMessageContaining("range is empty");
	}

}
