package io.sonde.web.dashboard.alerts;

import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Component;
import org.springframework.ui.ExtendedModelMap;
import org.springframework.web.servlet.ModelAndView;

/**
 * The whole Alerts page around what a refused form left in the model: the form as typed
 * with its error, or a message above the page.
 */
@Component
class AlertsPageRenderer {

	private final AlertsPageView alerts;

	private final AlertsWebhooksView webhooks;

	AlertsPageRenderer(AlertsPageView alerts, AlertsWebhooksView webhooks) {
		this.alerts = alerts;
		this.webhooks = webhooks;
	}

	ModelAndView render(ModelAndView page, Authentication user) {
		ExtendedModelMap model = new ExtendedModelMap();
		model.addAllAttributes(page.getModel());
		this.alerts.fill(model, user, null, null);
		this.webhooks.fill(model, null, null);
		page.addAllObjects(model);
		return page;
	}

}
