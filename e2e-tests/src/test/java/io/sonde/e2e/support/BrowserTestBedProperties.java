package io.sonde.e2e.support;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.util.ReflectionUtils;

/**
 * Gives the backend of a {@link BrowserTest} class the properties of the class's static
 * {@link BrowserTestBed} field, ahead of every other source as a
 * {@code @DynamicPropertySource} would. The bed is part of the context's key, so two
 * classes never share a context made for another's Redis and folder.
 */
final class BrowserTestBedProperties implements ContextCustomizerFactory {

	@Override
	public ContextCustomizer createContextCustomizer(Class<?> testClass,
			List<ContextConfigurationAttributes> configurations) {
		BrowserTestBed bed = bedOf(testClass);
		if (bed == null) {
			throw new IllegalStateException(testClass.getName() + " is a @BrowserTest without a static "
					+ "BrowserTestBed field: its backend would start on no Redis and folder of its own");
		}
		return new BedProperties(bed);
	}

	private static BrowserTestBed bedOf(Class<?> testClass) {
		BrowserTestBed[] found = new BrowserTestBed[1];
		ReflectionUtils.doWithFields(testClass, (field) -> found[0] = read(field),
				(field) -> Modifier.isStatic(field.getModifiers()) && field.getType() == BrowserTestBed.class);
		return found[0];
	}

	private static BrowserTestBed read(Field field) {
		ReflectionUtils.makeAccessible(field);
		return (BrowserTestBed) ReflectionUtils.getField(field, null);
	}

	/** Equal only for the same bed: a record compares its bed by identity. */
	private record BedProperties(BrowserTestBed bed) implements ContextCustomizer {

		@Override
		public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration merged) {
			Map<String, Object> properties = new LinkedHashMap<>();
			this.bed.register((name, value) -> properties.put(name, value.get()));
			context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("browserTestBed", properties));
		}

	}

}
