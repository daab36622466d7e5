import { describe, expect, it } from 'vitest';
import { ToastTurns } from './toast-turns.js';

/** A clock the test moves by hand; `shown` records what appeared and when. */
function world() {
  let now = 0;
  const timers: Array<{ at: number; run: () => void }> = [];
  const shown: Array<[number, string]> = [];
  const turns = new ToastTurns(5000, { now: () => now, later: (run, ms) => void timers.push({ at: now + ms, run }) });
  const advanceTo = (time: number) => {
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const due = timers[0];
      if (!due || due.at > time) break;
      timers.shift();
      now = due.at;
      due.run();
    }
    now = time;
  };
  const show = (name: string) => () => void shown.push([now, name]);
  return { turns, shown, advanceTo, show };
}

describe('toast turns: one at a time, and news never replaces the answer to an action', () => {
  it('news waits for the action toast on screen to have its time', () => {
    const { turns, shown, advanceTo, show } = world();
    turns.action(show('plan deactivated'));
    advanceTo(1000);
    turns.news(show('new withdrawal'));
    advanceTo(4999);
    expect(shown).toEqual([[0, 'plan deactivated']]);
    advanceTo(5000);
    expect(shown).toEqual([
      [0, 'plan deactivated'],
      [5000, 'new withdrawal'],
    ]);
  });

  it('an action shows at once, even over news, and news queued behind it waits again', () => {
    const { turns, shown, advanceTo, show } = world();
    turns.news(show('first news'));
    advanceTo(2000);
    turns.action(show('saved'));
    turns.news(show('second news'));
    advanceTo(6000);
    turns.action(show('deleted'));
    advanceTo(20_000);
    expect(shown).toEqual([
      [0, 'first news'],
      [2000, 'saved'],
      [6000, 'deleted'],
      [11_000, 'second news'],
    ]);
  });

  it('news in a row shows one after another, in order', () => {
    const { turns, shown, advanceTo, show } = world();
    turns.news(show('a'));
    turns.news(show('b'));
    turns.news(show('c'));
    advanceTo(60_000);
    expect(shown).toEqual([
      [0, 'a'],
      [5000, 'b'],
      [10_000, 'c'],
    ]);
  });
});
