package io.sonde.web.dashboard.alerts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.sonde.alerts.AlertRuleNotFound;
import io.sonde.alerts.AlertRules;
import io.sonde.events.EventKind;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

/**
 * What the Alerts page draws, from the alerts module's face: firing alerts, history,
 * rules, live values and one rule's versions; and what the signed-in user may change.
 */
@Component
class AlertsPageView {

	/** How many resolved alerts the history shows. */
	static final int HISTORY_ROWS = 100;

	private final AlertRules alerts;

	AlertsPageView(AlertRules alerts) {
		this.alerts = alerts;
	}

	/**
	 * Fills the page's model. The forms keep what the model already holds (a refused form
	 * comes back as typed, with its errors).
	 */
	void fill(Model model, Authentication user, String edit, String versionsOf) {
		Set<String> roles = user.getAuthorities()
			.stream()
			.map(GrantedAuthority::getAuthority)
			.collect(Collectors.toSet());
		boolean admin = roles.contains("ROLE_ADMIN");
		boolean operator = admin || roles.contains("ROLE_OPERATOR");
		model.addAttribute("canEditRules", operator);
		model.addAttribute("canOperateWebhooks", operator);
		model.addAttribute("canEditSubscriptions", admin);
		model.addAttribute("firing", firing());
		model.addAttribute("history", this.alerts.history(HISTORY_ROWS).stream().map(AlertRow::of).toList());
		model.addAttribute("rules", this.alerts.rules().stream().map(RuleRow::of).toList());
		List<ValueRow> values = this.alerts.liveValues().stream().map(ValueRow::of).toList();
		model.addAttribute("values", values);
		model.addAttribute("valueNames", values.stream().map(ValueRow::name).collect(Collectors.toSet()));
		model.addAttribute("eventKinds", List.of(EventKind.values()).stream().map(Enum::name).toList());
		if (!model.containsAttribute("ruleForm")) {
			RuleForm form = (edit != null) ? this.alerts.rule(edit).map(RuleForm::of).orElse(null) : null;
			model.addAttribute("editingRule", (form != null) ? edit : null);
			model.addAttribute("ruleForm", (form != null) ? form : RuleForm.blank());
			model.addAttribute("ruleErrors", Map.of());
		}
		model.addAttribute("versionsOf", null);
		if (versionsOf != null) {
			try {
				model.addAttribute("versions", this.alerts.versions(versionsOf).stream().map(VersionRow::of).toList());
				model.addAttribute("versionsOf", versionsOf);
			}
			catch (AlertRuleNotFound ex) {
				model.addAttribute("refused", ex.getMessage() + ".");
			}
		}
	}

	List<AlertRow> firing() {
		return this.alerts.firing().stream().map(AlertRow::of).toList();
	}

	/** A refused rule form, to show again with its error beside the input at fault. */
	static void refusedRule(Map<String, Object> model, RuleForm form, String editing, String field, String reason) {
		Map<String, String> errors = new LinkedHashMap<>();
		errors.put(RuleInputs.inputFor(field), RuleInputs.reason(field, reason));
		model.put("ruleForm", form);
		model.put("editingRule", editing);
		model.put("ruleErrors", errors);
	}

}
