package io.sonde.web.dashboard.alerts;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRuleExists;
import io.sonde.alerts.AlertRuleNotFound;
import io.sonde.alerts.AlertRuleRejected;
import io.sonde.alerts.AlertRules;
import io.sonde.alerts.AlertsNotStored;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The Alerts page ({@code /alerts}): firing alerts kept live by {@code /alerts/live}, the
 * rules with their forms and versions, the history, and (AlertsWebhooksController) the
 * webhook subscriptions. The rule forms post here, as operators and admins (the web
 * security refuses viewers); a form the alerts module refuses comes back 400 with the
 * error beside the input at fault. Here and not under {@code /api} because the browser
 * signs in with its session, not a token.
 */
@Controller
public class AlertsPageController {

	private final AlertRules alerts;

	private final AlertsPageView view;

	private final AlertsWebhooksView webhooks;

	private final AlertsPageRenderer renderer;

	private final AlertsLiveFeed live;

	AlertsPageController(AlertRules alerts, AlertsPageView view, AlertsWebhooksView webhooks,
			AlertsPageRenderer renderer, AlertsLiveFeed live) {
		this.alerts = alerts;
		this.view = view;
		this.webhooks = webhooks;
		this.renderer = renderer;
		this.live = live;
	}

	@GetMapping("/alerts")
	public String alerts(@RequestParam(required = false) String edit, @RequestParam(required = false) String versions,
			@RequestParam(required = false) String deliveries, @RequestParam(required = false) String editSubscription,
			Authentication user, Model model) {
		this.view.fill(model, user, edit, versions);
		this.webhooks.fill(model, deliveries, editSubscription);
		return "alerts";
	}

	/** The alerts firing now, as the page's rows. */
	@GetMapping(path = "/alerts/state", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public List<AlertRow> state() {
		return this.view.firing();
	}

	@GetMapping(path = "/alerts/live", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
	@ResponseBody
	public SseEmitter live() {
		return this.live.subscribe();
	}

	@PostMapping("/alerts/rules")
	public ModelAndView create(@RequestParam Map<String, String> form, Authentication user, RedirectAttributes result) {
		RuleForm typed = RuleForm.read(form);
		return save(typed, null, user, result, () -> {
			AlertRule rule = typed.rule();
			return "Rule " + this.alerts.create(rule, user.getName(), typed.comment()).rule().id() + " created.";
		});
	}

	@PostMapping("/alerts/rules/{id}")
	public ModelAndView update(@PathVariable String id, @RequestParam Map<String, String> form, Authentication user,
			RedirectAttributes result) {
		RuleForm typed = RuleForm.read(form);
		return save(typed, id, user, result, () -> {
			long version = this.alerts.update(id, typed.rule().withId(id), user.getName(), typed.comment()).version();
			return "Rule " + id + " saved as version " + version + ".";
		});
	}

	@PostMapping("/alerts/rules/{id}/enabled")
	public ModelAndView enable(@PathVariable String id, @RequestParam(defaultValue = "false") boolean enabled,
			Authentication user, RedirectAttributes result) {
		return act(id, user, result, () -> {
			AlertRule rule = this.alerts.rule(id).orElseThrow(() -> new AlertRuleNotFound(id));
			AlertRule changed = new AlertRule(rule.id(), rule.name(), rule.severity(), rule.condition(),
					rule.selector(), rule.forDuration(), rule.repeatInterval(), rule.labels(), rule.annotations(),
					enabled);
			this.alerts.update(id, changed, user.getName(),
					enabled ? "enabled on the Alerts page" : "disabled on the Alerts page");
			return "Rule " + id + (enabled ? " enabled." : " disabled: its alerts resolve.");
		});
	}

	@PostMapping("/alerts/rules/{id}/delete")
	public ModelAndView delete(@PathVariable String id, Authentication user, RedirectAttributes result) {
		return act(id, user, result, () -> {
			this.alerts.delete(id, user.getName(), "deleted on the Alerts page");
			return "Rule " + id + " deleted; its versions stay listed by the API.";
		});
	}

	private ModelAndView save(RuleForm typed, String editing, Authentication user, RedirectAttributes result,
			Supplier<String> action) {
		ModelAndView page = new ModelAndView("alerts");
		try {
			result.addFlashAttribute("done", action.get());
			return new ModelAndView("redirect:/alerts#rules");
		}
		catch (InvalidAlertsForm ex) {
			AlertsPageView.refusedRule(page.getModel(), typed, editing, ex.field(), ex.getMessage());
			page.setStatus(HttpStatus.BAD_REQUEST);
		}
		catch (AlertRuleRejected ex) {
			AlertsPageView.refusedRule(page.getModel(), typed, editing, ex.field(), ex.getMessage());
			page.setStatus(HttpStatus.BAD_REQUEST);
		}
		catch (AlertRuleExists ex) {
			AlertsPageView.refusedRule(page.getModel(), typed, editing, "id", ex.getMessage());
			page.setStatus(HttpStatus.CONFLICT);
		}
		catch (AlertRuleNotFound ex) {
			page.addObject("refused", ex.getMessage() + ".");
			page.setStatus(HttpStatus.NOT_FOUND);
		}
		catch (AlertsNotStored ex) {
			page.addObject("refused", "Not saved: " + ex.getMessage() + ".");
			page.setStatus(HttpStatus.SERVICE_UNAVAILABLE);
		}
		return render(page, user);
	}

	private ModelAndView act(String id, Authentication user, RedirectAttributes result, Supplier<String> action) {
		ModelAndView page = new ModelAndView("alerts");
		try {
			result.addFlashAttribute("done", action.get());
			return new ModelAndView("redirect:/alerts#rules");
		}
		catch (AlertRuleNotFound ex) {
			page.addObject("refused", ex.getMessage() + ".");
			page.setStatus(HttpStatus.NOT_FOUND);
		}
		catch (AlertRuleRejected ex) {
			page.addObject("refused", "Not done: " + RuleInputs.reason(ex.field(), ex.getMessage()) + ".");
			page.setStatus(HttpStatus.BAD_REQUEST);
		}
		catch (AlertsNotStored ex) {
			page.addObject("refused", "Not done: " + ex.getMessage() + ".");
			page.setStatus(HttpStatus.SERVICE_UNAVAILABLE);
		}
		return render(page, user);
	}

	private ModelAndView render(ModelAndView page, Authentication user) {
		return this.renderer.render(page, user);
	}

}
