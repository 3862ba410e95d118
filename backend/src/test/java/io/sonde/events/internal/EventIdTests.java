package io.sonde.events.internal;

import io.sonde.events.EventQueryRejected;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Event ids order as the live stream does; an entry id alone stands after all its events.
 */
class EventIdTests {

	@Test
	void ordersByEntryThenPlace() {
		assertThat(EventId.parse("id", "100-2:7")).isLessThan(EventId.parse("id", "100-2:8"))
			.isLessThan(EventId.parse("id", "100-3:0"))
			.isGreaterThan(EventId.parse("id", "99-9:199"));
	}

	@Test
	void anEntryIdAloneIsItsLastEvent() {
		EventId whole = EventId.parse("Last-Event-ID", "100-2");

		assertThat(whole.wholeEntry()).isTrue();
		assertThat(whole).isGreaterThan(EventId.parse("id", "100-2:199")).isLessThan(EventId.parse("id", "100-3:0"));
		assertThat(whole.toString()).isEqualTo("100-2");
		assertThat(EventId.text("100-2", 5)).isEqualTo("100-2:5");
		assertThat(EventId.parse("id", EventId.text("100-2", 5)).toString()).isEqualTo("100-2:5");
	}

	@Test
	void somethingElseIsRefusedNamingTheField() {
		for (String text : new String[] { "100-2:", "100-2:-1", "100-2:x", "abc", "100-x:1" }) {
			assertThatExceptionOfType(EventQueryRejected.class).as(text)
				.isThrownBy(() -> EventId.parse("Last-Event-ID", text))
				.satisfies((ex) -> assertThat(ex.field()).isEqualTo("Last-Event-ID"));
		}
	}

}
