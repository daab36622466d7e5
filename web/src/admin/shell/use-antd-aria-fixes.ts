import { useEffect, type RefObject } from 'react';

/**
 * Two places where antd's markup breaks an ARIA rule axe-core calls serious or critical; both are
 * copies of controls that exist elsewhere, so they are taken away from assistive technology and
 * the Tab order, and pointers still use them:
 * - at phone width the "more tabs" button sits inside the role="tablist", where only tabs may be
 *   (aria-required-children); every tab is still in the list, reachable with the arrow keys;
 * - a table that scrolls sideways renders a hidden measuring row with a copy of each column title,
 *   so the select-all checkbox of the withdrawals table is focusable inside aria-hidden
 *   (aria-hidden-focus): the row is made inert.
 * Tables render their rows after the data arrives, so the fixes follow the content as it changes.
 */
export function useAntdAriaFixes(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const apply = () => {
      const more = root.querySelector<HTMLButtonElement>('[role="tablist"] .ant-tabs-nav-more');
      if (more && more.tabIndex !== -1) {
        more.setAttribute('aria-hidden', 'true');
        more.tabIndex = -1;
      }
      for (const row of root.querySelectorAll<HTMLElement>('.ant-table-measure-row:not([inert])')) row.inert = true;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container]);
}
