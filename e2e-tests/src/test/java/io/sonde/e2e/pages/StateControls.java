package io.sonde.e2e.pages;

import java.util.List;

import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

/**
 * The controls of a page that change something: every enabled, displayed button, input,
 * select and text area inside a form, except the forms that only choose what to view
 * (class {@code filters} and not posted: a form a script sends has no method, so it
 * counts unless marked a filter), a dialog's own form ({@code method=dialog}) and the
 * sign-out form. A viewer must have none.
 */
public final class StateControls {

	private static final String ENABLED = """
			return [...document.querySelectorAll('form')]
				.filter((form) => !form.classList.contains('sign-out') && form.getAttribute('method') !== 'dialog'
					&& (form.method === 'post' || !form.classList.contains('filters')))
				.flatMap((form) => [...form.querySelectorAll('button, input, select, textarea')])
				.filter((control) => !control.disabled && control.type !== 'hidden'
					&& control.getClientRects().length > 0 && !control.closest('fieldset:disabled'))
				.map((control) => control.tagName.toLowerCase() + ' "' + (control.textContent.trim()
					|| control.name || control.id) + '" in ' + (control.form.getAttribute('action')
					|| control.form.id || control.form.className || 'a form'));
			""";

	private StateControls() {
	}

	/** Each enabled control that changes state, as {@code tag "name" in form}. */
	@SuppressWarnings("unchecked")
	public static List<String> enabled(WebDriver driver) {
		return (List<String>) ((JavascriptExecutor) driver).executeScript(ENABLED);
	}

}
