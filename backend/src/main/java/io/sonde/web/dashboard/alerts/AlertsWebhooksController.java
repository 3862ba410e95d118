package io.sonde.web.dashboard.alerts;

import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

import io.sonde.alerts.AlertDurations;
import io.sonde.webhooks.CreatedSubscription;
import io.sonde.webhooks.DeliveryNotFound;
import io.sonde.webhooks.DestinationRefused;
import io.sonde.webhooks.RotatedSecret;
import io.sonde.webhooks.SubscriptionExists;
import io.sonde.webhooks.SubscriptionNotFound;
import io.sonde.webhooks.SubscriptionRejected;
import io.sonde.webhooks.WebhookDelivery;
import io.sonde.webhooks.Webhooks;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The Alerts page's webhook forms. Subscriptions and their secrets are the admin's
 * ({@code /alerts/subscriptions/**}); a test send and a replay are the operator's. A new
 * or rotated secret is shown once, on the page the form returns to.
 */
@Controller
public class AlertsWebhooksController {

	private final Webhooks webhooks;

	private final AlertsPageRenderer renderer;

	AlertsWebhooksController(Webhooks webhooks, AlertsPageRenderer renderer) {
		this.webhooks = webhooks;
		this.renderer = renderer;
	}

	@PostMapping("/alerts/subscriptions")
	public ModelAndView create(@RequestParam Map<String, String> form, Authentication user, RedirectAttributes result) {
		SubscriptionForm typed = SubscriptionForm.read(form);
		return save(typed, null, user, result, () -> {
			CreatedSubscription created = this.webhooks.create(typed.request());
			result.addFlashAttribute("secret", new SecretShown(created.subscription().name(), created.secret()));
			return "Subscription " + created.subscription().id() + " created.";
		});
	}

	@PostMapping("/alerts/subscriptions/{id}")
	public ModelAndView update(@PathVariable String id, @RequestParam Map<String, String> form, Authentication user,
			RedirectAttributes result) {
		SubscriptionForm typed = SubscriptionForm.read(form);
		return save(typed, id, user, result, () -> {
			this.webhooks.update(id, typed.request());
			return "Subscription " + id + " saved.";
		});
	}

	@PostMapping("/alerts/subscriptions/{id}/secret")
	public ModelAndView rotate(@PathVariable String id, @RequestParam(defaultValue = "1h") String grace,
			Authentication user, RedirectAttributes result) {
		return act(user, result, () -> {
			Duration kept;
			try {
				kept = AlertDurations.parse(grace);
			}
			catch (IllegalArgumentException ex) {
				throw new InvalidAlertsForm("grace", ex.getMessage());
			}
			RotatedSecret rotated = this.webhooks.rotateSecret(id, kept);
			result.addFlashAttribute("secret",
					new SecretShown(this.webhooks.subscription(id).name(), rotated.secret()));
			return "Secret of " + id + " rotated; the previous one signs too until "
					+ AlertRow.time(rotated.previousValidUntil()) + " UTC.";
		});
	}

	@PostMapping("/alerts/subscriptions/{id}/delete")
	public ModelAndView delete(@PathVariable String id, Authentication user, RedirectAttributes result) {
		return act(user, result, () -> {
			this.webhooks.delete(id);
			return "Subscription " + id + " deleted.";
		});
	}

	@PostMapping("/alerts/test/{id}")
	public ModelAndView sendTest(@PathVariable String id, Authentication user, RedirectAttributes result) {
		return act(user, result, () -> "Test sent to " + id + ": " + outcome(this.webhooks.sendTest(id)));
	}

	@PostMapping("/alerts/deliveries/{id}/replay")
	public ModelAndView replay(@PathVariable String id, Authentication user, RedirectAttributes result) {
		return act(user, result, () -> "Delivery " + id + " replayed: " + outcome(this.webhooks.replay(id)));
	}

	private static String outcome(WebhookDelivery delivery) {
		DeliveryRow row = DeliveryRow.of(delivery);
		return row.outcome() + " (webhook-id " + row.webhookId() + "); see its delivery log.";
	}

	private ModelAndView save(SubscriptionForm typed, String editing, Authentication user, RedirectAttributes result,
			Supplier<String> action) {
		ModelAndView page = new ModelAndView("alerts");
		try {
			result.addFlashAttribute("done", action.get());
			return new ModelAndView("redirect:/alerts#subscriptions");
		}
		catch (InvalidAlertsForm ex) {
			AlertsWebhooksView.refused(page.getModel(), typed, editing, ex.field(), ex.getMessage());
			page.setStatus(HttpStatus.BAD_REQUEST);
		}
		catch (SubscriptionRejected ex) {
			AlertsWebhooksView.refused(page.getModel(), typed, editing, ex.field(), ex.getMessage());
			page.setStatus(HttpStatus.BAD_REQUEST);
		}
		catch (DestinationRefused ex) {
			AlertsWebhooksView.refused(page.getModel(), typed, editing, "url", ex.getMessage());
			page.setStatus(HttpStatus.BAD_REQUEST);
		}
		catch (SubscriptionExists ex) {
			AlertsWebhooksView.refused(page.getModel(), typed, editing, "name", ex.getMessage());
			page.setStatus(HttpStatus.CONFLICT);
		}
		catch (SubscriptionNotFound ex) {
			page.addObject("refused", ex.getMessage() + ".");
			page.setStatus(HttpStatus.NOT_FOUND);
		}
		return this.renderer.render(page, user);
	}

	private ModelAndView act(Authentication user, RedirectAttributes result, Supplier<String> action) {
		ModelAndView page = new ModelAndView("alerts");
		try {
			result.addFlashAttribute("done", action.get());
			return new ModelAndView("redirect:/alerts#subscriptions");
		}
		catch (InvalidAlertsForm ex) {
			page.addObject("refused", "Not done: " + ex.field() + ": " + ex.getMessage() + ".");
			page.setStatus(HttpStatus.BAD_REQUEST);
		}
		catch (SubscriptionRejected ex) {
			page.addObject("refused", "Not done: " + ex.field() + ": " + ex.getMessage() + ".");
			page.setStatus(HttpStatus.BAD_REQUEST);
		}
		catch (DestinationRefused ex) {
			page.addObject("refused", "Not sent: " + ex.getMessage() + ".");
			page.setStatus(HttpStatus.BAD_REQUEST);
		}
		catch (SubscriptionNotFound | DeliveryNotFound ex) {
			page.addObject("refused", ex.getMessage() + ".");
			page.setStatus(HttpStatus.NOT_FOUND);
		}
		return this.renderer.render(page, user);
	}

	/**
	 * A secret shown once.
	 *
	 * @param subscription the subscription's name
	 * @param secret {@code whsec_...}
	 */
	public record SecretShown(String subscription, String secret) implements java.io.Serializable {
	}

}
