import { useEffect, useState } from 'react';
import { COUNTER_ANIMATION_MS } from '@stakedesk/shared/constants';

/**
 * Counts up to `target` over 2.5 s, shown with its unit; shows `loadingText` while the value is zero. A frame's
 * timestamp can be earlier than the moment the effect started, so progress is kept within 0..1:
 * the count never shows below zero or above its target.
 */
export function AnimatedCounter({
  target,
  loadingText,
  show,
}: {
  target: number;
  loadingText: string;
  /** The count in words, with its unit: "1,250,000 SDT". */
  show: (count: number) => string;
}) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (target <= 0) return;
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, Math.max(0, (now - start) / COUNTER_ANIMATION_MS));
      setShown(Math.round(target * progress));
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return <span className="counter">{shown === 0 ? loadingText : show(shown)}</span>;
}
