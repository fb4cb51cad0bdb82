import confetti from 'canvas-confetti';

/** Spec 2 §9: 200 particles at 145° with a spread of 45, cleared after 10 s. */
const CONFETTI = { particleCount: 200, angle: 145, spread: 45 } as const;
const CONFETTI_CLEAR_MS = 10_000;

/**
 * Confetti over the whole window, drawn on the page's own thread: the library's default
 * instance draws in a worker made from a `blob:` script, which the Content Security Policy
 * (`script-src 'self'`) rightly refuses. The canvas ignores the pointer, is hidden from
 * assistive technology, outlives the page that fired it (the sent-deal page redirects at once)
 * and is removed after 10 s. Nothing is drawn for users who ask for reduced motion.
 */
export function celebrate(origin: { x: number; y: number }): void {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.dataset.testid = 'confetti';
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
    zIndex: '2000',
  });
  document.body.append(canvas);
  const fire = confetti.create(canvas, { resize: true, useWorker: false });
  void fire({ ...CONFETTI, origin });
  setTimeout(() => {
    fire.reset();
    canvas.remove();
  }, CONFETTI_CLEAR_MS);
}
