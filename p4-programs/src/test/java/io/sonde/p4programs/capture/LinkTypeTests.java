package io.sonde.p4programs.capture;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LinkTypeTests {

	@Test
	void carriesTheRegistryCodes() {
		assertThat(LinkType.NULL.code()).isZero();
		assertThat(LinkType.ETHERNET.code()).isEqualTo(1);
		assertThat(LinkType.RAW.code()).isEqualTo(101);
		assertThat(LinkType.LOOP.code()).isEqualTo(108);
		assertThat(LinkType.LINUX_SLL.code()).isEqualTo(113);
		assertThat(LinkType.IPV4.code()).isEqualTo(228);
		assertThat(LinkType.IPV6.code()).isEqualTo(229);
		assertThat(LinkType.LINUX_SLL2.code()).isEqualTo(276);
	}

	@Test
	void findsEveryTypeByItsCode() {
		for (LinkType type : LinkType.values()) {
			assertThat(LinkType.of(type.code())).contains(type);
		}
	}

	@Test
	void knowsNothingOfOtherCodes() {
		assertThat(LinkType.of(105)).isEmpty(); // IEEE 802.11
		assertThat(LinkType.of(-1)).isEmpty();
	}

}
