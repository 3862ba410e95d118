package io.sonde.e2e.browser;

import org.openqa.selenium.JavascriptExecutor;

/**
 * Requests sent from inside the signed-in page, as its own scripts send them (same
 * session, the page's CSRF token): what a user who bypasses a disabled control could do.
 */
public final class PageRequests {

	// The sign-out form, on every signed-in page, carries the session's CSRF token.
	private static final String SEND = """
			const [method, path, body, done] = arguments;
			const token = document.querySelector('form.sign-out input[name="_csrf"]').value;
			fetch(path, { method, credentials: 'same-origin', redirect: 'manual',
					headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': token },
					body: (method === 'GET') ? undefined : body })
				.then((response) => done(response.status), (failure) => done(-1));
			""";

	private PageRequests() {
	}

	/**
	 * Sends {@code method path} with a JSON {@code body} and answers the HTTP status; -1
	 * when the request failed without one.
	 */
	public static int send(JavascriptExecutor page, String method, String path, String body) {
		return ((Number) page.executeAsyncScript(SEND, method, path, body)).intValue();
	}

}
