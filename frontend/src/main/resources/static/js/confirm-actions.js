// Forms marked data-confirm ask before they are sent: the dialog shows the form's
// question (data-confirm) and names the action on its proceed button
// (data-confirm-action). Cancel, Escape or closing the dialog sends nothing.
// The policy forbids inline script, hence this module rather than onsubmit="confirm()".

export function askBeforeSubmitting(dialog) {
	if (!dialog) {
		return; // viewers have neither the buttons nor the dialog
	}
	const question = dialog.querySelector('[data-confirm-question]');
	const proceed = dialog.querySelector('[data-confirm-proceed]');
	let pending = null;
	dialog.addEventListener('close', () => {
		const form = pending;
		pending = null;
		if (form && dialog.returnValue === 'confirm') {
			form.submit(); // submit() fires no submit event: not asked twice
		}
	});
	for (const form of document.querySelectorAll('form[data-confirm]')) {
		form.addEventListener('submit', (event) => {
			event.preventDefault();
			pending = form;
			question.textContent = form.dataset.confirm;
			proceed.textContent = form.dataset.confirmAction;
			dialog.returnValue = '';
			dialog.showModal();
		});
	}
}
