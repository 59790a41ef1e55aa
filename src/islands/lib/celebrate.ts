import { call } from './api';
import { wallet } from './client';

let pending = false;

/** The account has not seen the first-receipt confetti yet (given by the page). */
export function armConfetti(notShownYet: boolean): void {
  pending = notShownYet;
}

/**
 * Confetti once per account, on its first receipt (spec §7 SetConfettiShownOnceStatus). The
 * library loads only then, and it draws nothing when the person prefers reduced motion.
 */
export async function celebrateOnce(): Promise<void> {
  if (!pending) return;
  pending = false;
  void call(wallet.SetConfettiShownOnceStatus, {});
  const { default: confetti } = await import('canvas-confetti');
  // Our own canvas, drawn on the main thread: the library's default worker comes from a blob: URL,
  // which the Content-Security-Policy rightly refuses.
  const canvas = document.createElement('canvas');
  canvas.className = 'confetti-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  document.body.appendChild(canvas);
  const fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
  await fire({ particleCount: 140, spread: 80, origin: { y: 0.6 } });
  canvas.remove();
}
