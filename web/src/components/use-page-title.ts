import { useEffect } from 'react';

/** `{Page} - {tokenName} Staking`, or the given title as is. */
export function usePageTitle(page: string, tokenName: string | undefined, exact = false) {
  useEffect(() => {
    document.title = exact ? page : `${page} - ${tokenName ?? ''} Staking`.replace('  ', ' ');
  }, [page, tokenName, exact]);
}
