// The Overview's INT-label coverage figure, live from /labeling/live (the Labeling page's
// stream): the snapshot's last window, then each window as it closes.

const card = document.getElementById('coverage-summary');

function show(sample) {
	if (!sample) {
		return;
	}
	const rate = document.getElementById('overview-coverage');
	rate.textContent = `${(sample.rate * 100).toFixed(1)} %`;
	rate.dataset.end = sample.end;
	document.getElementById('overview-coverage-ports').textContent = `${sample.covered} / ${sample.active}`;
}

if (card) {
	const source = new EventSource(card.dataset.liveUrl);
	source.addEventListener('snapshot', (event) => show(JSON.parse(event.data).current));
	source.addEventListener('coverage', (event) => show(JSON.parse(event.data)));
}
