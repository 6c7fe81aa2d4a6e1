import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false });

let pending = 0;

/** The progress bar shows while any call is in flight. */
export function startProgress(): void {
  if (pending++ === 0) NProgress.start();
}

export function doneProgress(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) NProgress.done();
}
