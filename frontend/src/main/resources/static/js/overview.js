// Keeps the Overview page's health current: polls the actuator's health endpoint (the
// session cookie makes it include details) and updates the rendered table in place, so
// focus, scroll and selection survive a refresh.

const REFRESH_MS = 5000;
const MAX_DEPTH_CLASS = 3;

const section = document.getElementById('service-health');
const overall = document.getElementById('overall-status');
const lastChecked = document.getElementById('last-checked');
const errorNotice = document.getElementById('health-error');
const rowsBody = document.getElementById('health-rows');
const emptyNotice = document.getElementById('health-empty');

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

function render(health, checkedAt) {
	setBadge(overall, health.status);
	renderRows(flatten(health.components));
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

setTimeout(refresh, REFRESH_MS);
