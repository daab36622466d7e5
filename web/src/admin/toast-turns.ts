/**
 * One toast at a time (SPEC), and news never pushes out the answer to what the admin just did:
 * an action's toast shows at once (replacing whatever shows), while news from the event stream
 * (another admin's change, a new withdrawal) waits until the toast on screen has had its time.
 */
export type ToastTurnsClock = {
  now: () => number;
  later: (run: () => void, ms: number) => void;
};

export class ToastTurns {
  private freeAt = 0;
  private readonly waiting: Array<() => void> = [];
  private pumping = false;

  constructor(
    private readonly durationMs: number,
    private readonly clock: ToastTurnsClock,
  ) {}

  /** An answer to the admin's own action: shown now. */
  action(show: () => void): void {
    this.freeAt = this.clock.now() + this.durationMs;
    show();
  }

  /** News: shown once no toast is on screen, in the order it came. */
  news(show: () => void): void {
    this.waiting.push(show);
    if (!this.pumping) this.pump();
  }

  private pump(): void {
    const wait = this.freeAt - this.clock.now();
    if (wait > 0) {
      this.pumping = true;
      this.clock.later(() => this.pump(), wait);
      return;
    }
    const next = this.waiting.shift();
    this.pumping = false;
    if (!next) return;
    this.action(next);
    if (this.waiting.length > 0) this.pump();
  }
}
