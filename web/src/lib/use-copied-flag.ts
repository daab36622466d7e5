import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_RESET_MS } from '@stakedesk/shared/constants';

/** A copy button's "copied" state: true once `markCopied` is called, back to false a moment later. */
export function useCopiedFlag(): [copied: boolean, markCopied: () => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return [copied, () => setCopied(true)];
}
