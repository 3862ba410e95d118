package io.sonde.e2e.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.sonde.SondeApplication;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextCustomizerFactories;

/**
 * The whole backend on a free port for a browser test class, configured by the class's
 * static {@link BrowserTestBed} field. The context closes with the class: no other class
 * could use it (it is made for the class's own bed), and cached it would keep retrying
 * the class's Redis and dialling its switches.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SpringBootTest(classes = SondeApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@ContextCustomizerFactories(BrowserTestBedProperties.class)
@DirtiesContext
public @interface BrowserTest {

	/** The class's own backend properties, as {@code key=value}. */
	@AliasFor(annotation = SpringBootTest.class, attribute = "properties")
	String[] properties() default {};

}
