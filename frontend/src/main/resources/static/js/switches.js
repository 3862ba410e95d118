// The Switches page: htmx re-renders the table from the server every 2 s (the
// hx-* attributes in switches.html). This module only deals with what can go wrong: the
// service not answering, an error answer, or the session having ended (the poll is then
// redirected to the sign-in page, which must not be swapped into the table).

const region = document.getElementById('switch-endpoints');
const errorNotice = document.getElementById('endpoints-error');

// htmx would add a <style> element for its request indicators, which the page's
// Content-Security-Policy (no inline style) refuses; the page uses no indicators. This
// module runs before htmx initialises (on DOMContentLoaded), so the setting applies.
if (window.htmx) {
	window.htmx.config.includeIndicatorStyles = false;
}

const timeText = (date) => `${date.toISOString().substring(11, 19)} UTC`;

let sessionEnded = false;

function showError(message) {
	errorNotice.textContent = message;
	errorNotice.hidden = false;
}

function clearError() {
	errorNotice.hidden = true;
	errorNotice.textContent = '';
}

function showSessionEnded() {
	errorNotice.textContent = 'Your session has ended, so the table has stopped updating. ';
	// Back to this page rather than to the sign-in form: after signing in, the browser
	// returns to the page it was refused, which must be the page, not the table alone.
	const signIn = document.createElement('a');
	signIn.href = window.location.pathname;
	signIn.textContent = 'Sign in again';
	errorNotice.append(signIn);
	errorNotice.hidden = false;
}

function redirectedToSignIn(xhr) {
	return Boolean(xhr.responseURL) && new URL(xhr.responseURL).pathname.endsWith('/login');
}

region.addEventListener('htmx:beforeRequest', (event) => {
	if (sessionEnded) {
		event.preventDefault();
	}
});

region.addEventListener('htmx:beforeSwap', (event) => {
	if (redirectedToSignIn(event.detail.xhr)) {
		event.detail.shouldSwap = false;
		sessionEnded = true;
		showSessionEnded();
	}
});

region.addEventListener('htmx:afterSwap', clearError);

region.addEventListener('htmx:sendError', () => {
	showError(`Could not refresh the switches at ${timeText(new Date())}: the service did not answer. `
		+ 'Showing the last known state; retrying every 2 s.');
});

region.addEventListener('htmx:responseError', (event) => {
	showError(`Could not refresh the switches at ${timeText(new Date())}: the service answered HTTP `
		+ `${event.detail.xhr.status}. Showing the last known state; retrying every 2 s.`);
});
