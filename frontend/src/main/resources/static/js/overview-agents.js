// The Overview's NIC agents: each agent interface with its liveness and counters, polled
// from /overview/agents and redrawn in place, as the collectors above them.

const REFRESH_MS = 2000;

const list = document.getElementById('agents-list');
const errorNotice = document.getElementById('agents-error');

function agentRow(agent) {
	const tr = document.createElement('tr');
	tr.dataset.agent = agent.name;
	const name = document.createElement('th');
	name.scope = 'row';
	name.className = 'mono';
	name.textContent = agent.name;
	const liveness = document.createElement('td');
	const badge = document.createElement('span');
	badge.className = `status ${agent.up ? 'status-up' : 'status-down'}`;
	badge.textContent = agent.up ? 'UP' : 'DOWN';
	liveness.append(badge);
	const counters = document.createElement('td');
	counters.className = 'mono';
	counters.textContent = Object.entries(agent.counters ?? {}).map(([key, value]) => `${key}=${value}`).join(', ');
	tr.append(name, liveness, counters);
	return tr;
}

async function refresh() {
	try {
		const response = await fetch(list.dataset.agentsUrl, {
			credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' },
		});
		if (!response.ok || !(response.headers.get('Content-Type') ?? '').includes('json')) {
			throw new Error(`the service answered HTTP ${response.status}`);
		}
		const summary = await response.json();
		const agents = summary.agents ?? [];
		document.getElementById('agent-rows').replaceChildren(...agents.map(agentRow));
		document.getElementById('agents-empty').hidden = agents.length > 0;
		errorNotice.textContent = summary.unavailable ? `NIC agents not available now: ${summary.unavailable}` : '';
		errorNotice.hidden = !summary.unavailable;
	}
	catch (failure) {
		errorNotice.textContent = `Could not refresh the NIC agents: ${failure.message}.`;
		errorNotice.hidden = false;
	}
}

if (list) {
	setInterval(refresh, REFRESH_MS);
}
