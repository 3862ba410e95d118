package io.sonde.web.dashboard.alerts;

import java.util.List;
import java.util.Map;

import io.sonde.webhooks.SubscriptionNotFound;
import io.sonde.webhooks.Webhooks;

import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

/**
 * The Alerts page's webhook half, from the webhooks module's face: subscriptions, one
 * subscription's delivery log and the dead letters.
 */
@Component
class AlertsWebhooksView {

	/** How many deliveries the log and the dead letters show. */
	static final int DELIVERY_ROWS = 50;

	private final Webhooks webhooks;

	AlertsWebhooksView(Webhooks webhooks) {
		this.webhooks = webhooks;
	}

	void fill(Model model, String deliveriesOf, String editing) {
		model.addAttribute("subscriptions", this.webhooks.subscriptions().stream().map(SubscriptionRow::of).toList());
		model.addAttribute("deadLetters",
				this.webhooks.deadLetters(DELIVERY_ROWS).stream().map(DeliveryRow::of).toList());
		model.addAttribute("deliveriesOf", null);
		if (deliveriesOf != null) {
			try {
				this.webhooks.subscription(deliveriesOf);
				model.addAttribute("deliveries",
						this.webhooks.deliveries(deliveriesOf, DELIVERY_ROWS).stream().map(DeliveryRow::of).toList());
				model.addAttribute("deliveriesOf", deliveriesOf);
			}
			catch (SubscriptionNotFound ex) {
				model.addAttribute("refused", ex.getMessage() + ".");
			}
		}
		if (!model.containsAttribute("subscriptionForm")) {
			SubscriptionForm form = null;
			if (editing != null) {
				try {
					form = SubscriptionForm.of(this.webhooks.subscription(editing));
				}
				catch (SubscriptionNotFound ex) {
					model.addAttribute("refused", ex.getMessage() + ".");
				}
			}
			model.addAttribute("editingSubscription", (form != null) ? editing : null);
			model.addAttribute("subscriptionForm", (form != null) ? form : SubscriptionForm.blank());
			model.addAttribute("subscriptionErrors", Map.of());
		}
		if (!model.containsAttribute("deliveries")) {
			model.addAttribute("deliveries", List.of());
		}
	}

	/** A refused subscription form, to show again with its error beside the input. */
	static void refused(Map<String, Object> model, SubscriptionForm form, String editing, String field, String reason) {
		model.put("subscriptionForm", form);
		model.put("editingSubscription", editing);
		model.put("subscriptionErrors", Map.of(SubscriptionInputs.inputFor(field), reason));
	}

}
