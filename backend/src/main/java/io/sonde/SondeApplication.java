package io.sonde;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The Sonde service. Each direct sub-package is an application module (Spring Modulith):
 * it exposes one facade at its top level and keeps the rest package-private or in
 * {@code internal}.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class SondeApplication {

	public static void main(String[] args) {
		SpringApplication.run(SondeApplication.class, args);
	}

}
