/**
 * The time the schedulers go by (document alerts, e-mail digests). In production it is the
 * system clock and nothing can move it. Elsewhere a test can move it forward (`move`, through
 * `POST /dev/clock`), so a browser journey sees tomorrow's 08:00 alert delivered today; each
 * scheduler hears of the move and looks for due work at once.
 */
export type Clock = {
  now(): Date;
  /** Whether `move` works: never in production. */
  readonly isMovable: boolean;
  /** Moves the clock forward by `ms` (0 puts it back to the system's time), then tells the listeners. */
  move(ms: number): Promise<void>;
  /** How far the clock is ahead of the system's, in milliseconds. */
  offsetMs(): number;
  /** Called after each move (a scheduler queues its sweep). */
  onMove(listener: () => Promise<void>): void;
};

export function createClock(options: { isMovable: boolean }): Clock {
  let offset = 0;
  const listeners: Array<() => Promise<void>> = [];
  return {
    now: () => new Date(Date.now() + offset),
    isMovable: options.isMovable,
    async move(ms) {
      if (!options.isMovable) throw new Error('The clock cannot be moved in production');
      offset = ms === 0 ? 0 : offset + ms;
      for (const listener of listeners) await listener();
    },
    offsetMs: () => offset,
    onMove(listener) {
      listeners.push(listener);
    },
  };
}
