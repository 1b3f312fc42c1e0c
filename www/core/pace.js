// Yielding to a host page while the badge starts (issue 25: no host frame over 50 ms
// on a phone). Work split into tasks is not enough: a browser runs several queued
// timers between two frames, so the badge's steps are also spread over frames, each
// step in the time between two of them.

const hidden = () => typeof document !== 'undefined' && document.hidden;

/** The next task: a timer, which lets the host's frames through; in a hidden tab
 *  (nothing to draw, and timers throttled to one a second or a minute) a message to
 *  ourselves, so a badge loaded in the background is ready as soon. */
export function nextTask() {
  if (!hidden() || typeof MessageChannel === 'undefined') return new Promise((r) => setTimeout(r, 0));
  return new Promise((r) => {
    const c = new MessageChannel();
    c.port1.onmessage = () => { c.port1.close(); r(); };
    c.port2.postMessage(null);
  });
}

/** A task after the host's next `n` frames (1: the next one) have been drawn; the
 *  next task where no frames are drawn (a hidden tab, no requestAnimationFrame), and
 *  at the latest after 100 ms a frame (a page whose frames do not come, such as an
 *  iframe out of view, still gets its badge). */
export function afterFrames(n = 1) {
  if (hidden() || typeof requestAnimationFrame !== 'function') return nextTask();
  return new Promise((r) => {
    let left = n;
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      clearTimeout(late);
      setTimeout(r, 0);
    };
    const late = setTimeout(go, 100 * n);
    const frame = () => { if (--left > 0) requestAnimationFrame(frame); else go(); };
    requestAnimationFrame(frame);
  });
}

/** How long one slice of the unpacking may take: well under a 16 ms frame, on the
 *  host's own (perhaps throttled) clock. */
const SLICE_MS = 4;
/** How much of it may run between two of the host's frames. */
const FRAME_MS = 8;
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Runs `step(n)` (true once done, `n` units more each call) in slices of about
 *  SLICE_MS each, between tasks, and at most FRAME_MS of them between two of the
 *  host's frames: each slice calls it until the slice's time is up, so code the JIT
 *  has not compiled yet (or has just thrown away) makes a slice do less, never last
 *  longer. */
export async function sliced(step, n) {
  let used = 0;
  for (;;) {
    const start = now();
    const end = start + SLICE_MS;
    do { if (step(n)) return; } while (now() < end);
    used += now() - start;
    if (used >= FRAME_MS) { used = 0; await afterFrames(1); } else await nextTask();
  }
}
