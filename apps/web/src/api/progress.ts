import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// The thin bar at the top is decoration beside each page's own loading state: hidden from assistive
// technology (nprogress's own template gives it role="bar", which is no ARIA role).
// Its selector of the bar follows the template (it looks for [role="bar"] otherwise).
NProgress.configure({ showSpinner: false, template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>', barSelector: '.bar' });

let pending = 0;

/** The progress bar shows while any call is in flight. */
export function startProgress(): void {
  if (pending++ === 0) NProgress.start();
}

export function doneProgress(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) NProgress.done();
}
