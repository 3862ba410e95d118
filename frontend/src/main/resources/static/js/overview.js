// Keeps the Overview page's health current: polls the actuator's health endpoint (the
// session cookie makes it include details) and updates the rendered table in place, so
// focus, scroll and selection survive a refresh. The same poll shows or hides the Redis
// data-loss panel from the redisData component; its button asks for confirmation first.

const REFRESH_MS = 5000;
const MAX_DEPTH_CLASS = 3;

const section = document.getElementById('service-health');
const overall = document.getElementById('overall-status');
const lastChecked = document.getElementById('last-checked');
const errorNotice = document.getElementById('health-error');
const rowsBody = document.getElementById('health-rows');
const emptyNotice = document.getElementById('health-empty');
const dataLoss = document.getElementById('redis-data-loss');
const dataLossReason = document.getElementById('data-loss-reason');
const dataLossRows = document.getElementById('data-loss-rows');
const dataLossNothing = document.getElementById('data-loss-nothing');
const acknowledgeForm = document.getElementById('acknowledge-data-loss');

// Same rules as HealthRow.java, so the page looks the same before and after a refresh.
const statusClass = (status) => `status-${status.toLowerCase().replaceAll('_', '-')}`;
const statusText = (status) => status.replaceAll('_', ' ');
const timeText = (date) => `${date.toISOString().substring(11, 19)} UTC`;

// Spring Boot puts a failed check's exception under "error"; Sonde's indicators say "reason".
function reasonOf(component) {
	if (component.status === 'UP' || !component.details) {
		return '';
	}
	const reason = component.details.error ?? component.details.reason;
	return reason == null ? '' : String(reason);
}

// Depth-first, composites before their members, like HealthReport.java.
function flatten(components, parentPath = '', depth = 0, rows = []) {
	for (const [name, component] of Object.entries(components ?? {})) {
		const path = parentPath ? `${parentPath}/${name}` : name;
		rows.push({ path, name, depth, status: component.status, reason: reasonOf(component) });
		flatten(component.components, path, depth + 1, rows);
	}
	return rows;
}

function setBadge(badge, status) {
	badge.className = `status ${statusClass(status)}`;
	badge.textContent = statusText(status);
}

function newRow(row) {
	const tr = document.createElement('tr');
	tr.dataset.component = row.path;
	const name = document.createElement('th');
	name.scope = 'row';
	name.className = `depth-${Math.min(row.depth, MAX_DEPTH_CLASS)}`;
	name.textContent = row.name;
	const status = document.createElement('td');
	status.append(document.createElement('span'));
	const reason = document.createElement('td');
	reason.className = 'reason';
	tr.append(name, status, reason);
	return tr;
}

function renderRows(rows) {
	const existing = new Map([...rowsBody.rows].map((tr) => [tr.dataset.component, tr]));
	let previous = null;
	for (const row of rows) {
		const tr = existing.get(row.path) ?? newRow(row);
		existing.delete(row.path);
		tr.dataset.status = row.status;
		setBadge(tr.cells[1].firstElementChild, row.status);
		if (tr.cells[2].textContent !== row.reason) {
			tr.cells[2].textContent = row.reason;
		}
		const expectedPosition = previous ? previous.nextElementSibling : rowsBody.firstElementChild;
		if (tr !== expectedPosition) {
			rowsBody.insertBefore(tr, expectedPosition);
		}
		previous = tr;
	}
	existing.forEach((gone) => gone.remove());
	emptyNotice.hidden = rows.length > 0;
}

function cell(tag, text) {
	const element = document.createElement(tag);
	element.textContent = text;
	return element;
}

// Same content as the server-rendered panel (overview.html).
function renderDataLoss(component) {
	const details = component?.details;
	const lost = component?.status === 'DOWN' && details?.detectedAt;
	dataLoss.hidden = !lost;
	if (!lost) {
		return;
	}
	dataLossReason.textContent = `${details.summary} (noticed by ${details.detectedBy})`;
	const rows = (details.toImport ?? []).map((state) => {
		const tr = document.createElement('tr');
		tr.dataset.state = state.name;
		const badge = cell('span', state.presentAgain ? 'PRESENT AGAIN' : 'MISSING');
		badge.className = `status ${state.presentAgain ? 'status-up' : 'status-down'}`;
		const now = document.createElement('td');
		now.append(badge);
		const name = cell('th', state.name);
		name.scope = 'row';
		tr.append(name, now, cell('td', state.restore));
		return tr;
	});
	dataLossRows.replaceChildren(...rows);
	dataLossNothing.hidden = rows.length > 0;
}

function render(health, checkedAt) {
	setBadge(overall, health.status);
	renderRows(flatten(health.components));
	renderDataLoss(health.components?.redisData);
	lastChecked.dateTime = checkedAt.toISOString();
	lastChecked.textContent = timeText(checkedAt);
}

function showError(message) {
	errorNotice.textContent = message;
	errorNotice.hidden = false;
}

function clearError() {
	errorNotice.hidden = true;
	errorNotice.textContent = '';
}

async function readHealth() {
	const response = await fetch(section.dataset.healthUrl, {
		credentials: 'same-origin',
		cache: 'no-store',
		headers: { Accept: 'application/json' },
	});
	// DOWN answers 503 with the same JSON body, so only a non-JSON answer is a failure.
	const type = response.headers.get('Content-Type') ?? '';
	if (!type.includes('json')) {
		throw new Error(`the service answered HTTP ${response.status} without health data`);
	}
	return response.json();
}

async function refresh() {
	try {
		render(await readHealth(), new Date());
		clearError();
	}
	catch (error) {
		// fetch() rejects with a TypeError when no answer came at all (server down, network).
		const why = error instanceof TypeError ? 'the service did not answer' : error.message;
		showError(`Could not check the service health at ${timeText(new Date())}: ${why}. `
			+ 'Showing the last known state; retrying every 5 s.');
	}
	finally {
		setTimeout(refresh, REFRESH_MS);
	}
}

acknowledgeForm?.addEventListener('submit', (event) => {
	const sure = window.confirm('Acknowledge that Redis lost its data?\n\nWhat Redis holds now becomes Sonde\'s state '
		+ 'of record: every switch is reconciled with it, and switches not registered again are let go. '
		+ 'Import the lost state first.');
	if (!sure) {
		event.preventDefault();
	}
});

setTimeout(refresh, REFRESH_MS);
