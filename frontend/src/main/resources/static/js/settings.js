// The Settings page: deleting a user and revoking a token ask first (js/confirm-actions.js).
// Everything else is plain forms; the page has no live feed.

import { askBeforeSubmitting } from './confirm-actions.js';

askBeforeSubmitting(document.getElementById('confirm-dialog'));
