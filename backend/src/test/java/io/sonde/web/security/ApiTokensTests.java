package io.sonde.web.security;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;

import static org.assertj.core.api.Assertions.assertThat;

class ApiTokensTests {

	private final ApiTokens tokens = new ApiTokens(List.of(
			new SecurityProperties.ApiToken("ci", ApiTokens.sha256Hex("first-token"), List.of("ADMIN")),
			new SecurityProperties.ApiToken("grafana", ApiTokens.sha256Hex("second-token"), List.of("viewer"))));

	@Test
	void hashesTokensWithSha256() {
		assertThat(ApiTokens.sha256Hex("abc"))
			.isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	}

	@Test
	void identifiesTheCallerOfAConfiguredToken() {
		Authentication caller = this.tokens.authenticate("second-token").orElseThrow();
		assertThat(caller.getName()).isEqualTo("grafana");
		assertThat(caller.isAuthenticated()).isTrue();
		assertThat(caller.getCredentials()).isNull();
		assertThat(caller.getAuthorities()).extracting(GrantedAuthority::getAuthority).containsExactly("ROLE_VIEWER");
	}

	@Test
	void refusesAnUnknownToken() {
		assertThat(this.tokens.authenticate("third-token")).isEmpty();
		assertThat(this.tokens.authenticate("")).isEmpty();
	}

	@Test
	void acceptsUppercaseHexHashes() {
		ApiTokens upper = new ApiTokens(List
			.of(new SecurityProperties.ApiToken("ci", ApiTokens.sha256Hex("token").toUpperCase(), List.of("ADMIN"))));
		assertThat(upper.authenticate("token")).isPresent();
	}

}
