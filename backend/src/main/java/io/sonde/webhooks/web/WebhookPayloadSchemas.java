package io.sonde.webhooks.web;

import io.sonde.webhooks.AlertmanagerWebhookPayload;
import io.sonde.webhooks.SondeWebhookPayload;
import io.swagger.v3.core.converter.ModelConverters;
import org.springdoc.core.customizers.OpenApiCustomizer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The webhook bodies are sent, never answered by an operation, so springdoc would not
 * find them: this adds their schemas to the OpenAPI description's components.
 */
@Configuration(proxyBeanMethods = false)
class WebhookPayloadSchemas {

	@Bean
	OpenApiCustomizer webhookPayloadSchemasCustomizer() {
		return (openApi) -> {
			ModelConverters converters = ModelConverters.getInstance();
			converters.readAll(SondeWebhookPayload.class).forEach(openApi.getComponents()::addSchemas);
			converters.readAll(AlertmanagerWebhookPayload.class).forEach(openApi.getComponents()::addSchemas);
		};
	}

}
