import { useEffect, type RefObject } from 'react';

/**
 * antd puts the phone-width "more tabs" button inside the role="tablist", where only tabs may be
 * (axe: aria-required-children, critical). Every tab is still in that list, reachable with the
 * arrow keys and by screen readers, so the button only repeats them: hide it from assistive
 * technology and the Tab order; pointers still use it.
 */
export function useRedundantMoreHidden(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const more = container.current?.querySelector<HTMLButtonElement>('[role="tablist"] .ant-tabs-nav-more');
    if (!more) return;
    more.setAttribute('aria-hidden', 'true');
    more.tabIndex = -1;
  });
}
