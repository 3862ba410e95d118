package io.sonde.access.internal;

import java.time.Clock;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.access.AccessDirectory;
import io.sonde.access.AccessUser;
import io.sonde.access.ApiToken;
import io.sonde.access.AuditLog;
import io.sonde.access.ConfiguredAccounts;
import io.sonde.access.LoginAttempts;
import io.sonde.store.RedisStateOfRecord;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

/** The access module's beans. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AccessProperties.class)
class AccessConfiguration {

	@Bean
	AccessDirectory accessDirectory(StringRedisTemplate redis, ObjectMapper json,
			ObjectProvider<ConfiguredAccounts> configured, ObjectProvider<PasswordEncoder> passwords, Clock clock) {
		return new StoredAccessDirectory(new RedisAccessStore(redis, json), configured.getIfAvailable(() -> NONE),
				passwords.getIfAvailable(PasswordEncoderFactories::createDelegatingPasswordEncoder), clock);
	}

	@Bean
	AuditLog auditLog(StringRedisTemplate redis, AccessProperties properties) {
		return new RedisAuditLog(redis, properties.auditMaxRecords());
	}

	@Bean
	LoginAttempts loginAttempts(AccessProperties properties, Clock clock) {
		return new ThrottledLoginAttempts(clock, properties.loginMaxFailures(), properties.loginFailureWindow(),
				properties.loginBlock());
	}

	/** Users and tokens are state of record: listed after Redis loses its data. */
	@Bean
	RedisStateOfRecord accessState() {
		return new RedisStateOfRecord("users and API tokens",
				List.of(RedisAccessStore.USERS, RedisAccessStore.TOKENS, RedisAccessStore.TOKEN_HASHES),
				"create the users and tokens again (POST /api/v1/access/users, /api/v1/access/tokens); "
						+ "configured accounts kept working");
	}

	private static final ConfiguredAccounts NONE = new ConfiguredAccounts() {

		@Override
		public List<AccessUser> users() {
			return List.of();
		}

		@Override
		public List<ApiToken> tokens() {
			return List.of();
		}

	};

}
