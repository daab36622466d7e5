import { useEffect, useState } from 'react';
import { COUNTER_ANIMATION_MS } from '@stakedesk/shared/constants';
import { formatAmount } from '@stakedesk/shared/format';

/** Counts up to `target` over 2.5 s; shows `loadingText` while the value is zero. */
export function AnimatedCounter({ target, loadingText }: { target: number; loadingText: string }) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (target <= 0) return;
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - start) / COUNTER_ANIMATION_MS);
      setShown(Math.round(target * progress));
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return <span className="counter">{shown === 0 ? loadingText : formatAmount(shown, 0)}</span>;
}
