// The Overview's telemetry-pipeline card: events per second, M_all / M_event and the
// collectors, polled from /overview/pipeline and updated in place.

const REFRESH_MS = 2000;

const card = document.getElementById('pipeline');
const errorNotice = document.getElementById('pipeline-error');

const set = (id, text) => {
	const element = document.getElementById(id);
	if (element.textContent !== text) {
		element.textContent = text;
	}
};

function collectorRow(collector) {
	const tr = document.createElement('tr');
	tr.dataset.collector = collector.name;
	const name = document.createElement('th');
	name.scope = 'row';
	name.className = 'mono';
	name.textContent = collector.name;
	const liveness = document.createElement('td');
	const badge = document.createElement('span');
	badge.className = `status ${collector.alive ? 'status-up' : 'status-down'}`;
	badge.textContent = collector.alive ? 'ALIVE' : 'SILENT';
	liveness.append(badge);
	const counters = document.createElement('td');
	counters.className = 'mono';
	counters.textContent = Object.entries(collector.counters ?? {}).map(([key, value]) => `${key}=${value}`).join(', ');
	tr.append(name, liveness, counters);
	return tr;
}

async function refresh() {
	try {
		const response = await fetch(card.dataset.pipelineUrl, {
			credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' },
		});
		if (!response.ok || !(response.headers.get('Content-Type') ?? '').includes('json')) {
			throw new Error(`the service answered HTTP ${response.status}`);
		}
		const pipeline = await response.json();
		set('events-per-second', pipeline.eventsPerSecond.toFixed(1));
		set('m-all', pipeline.accounting ? String(pipeline.accounting.all) : '—');
		set('m-event', pipeline.accounting ? String(pipeline.accounting.stored) : '—');
		set('reduction', pipeline.reduction != null ? `${pipeline.reduction.toFixed(1)}×` : '—');
		const collectors = pipeline.collectors ?? [];
		document.getElementById('collector-rows').replaceChildren(...collectors.map(collectorRow));
		const empty = document.getElementById('collectors-empty');
		empty.textContent = pipeline.collectors == null ? 'Collectors are not listed by this service yet.'
			: 'No collector has reported.';
		empty.hidden = collectors.length > 0;
		errorNotice.textContent = pipeline.unavailable
			? `Accounting and collectors not available now: ${pipeline.unavailable}` : '';
		errorNotice.hidden = !pipeline.unavailable;
	}
	catch (failure) {
		errorNotice.textContent = `Could not refresh the pipeline figures: ${failure.message}.`;
		errorNotice.hidden = false;
	}
}

if (card) {
	setInterval(refresh, REFRESH_MS);
}
