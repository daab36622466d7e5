import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { dialogClosed, dialogOpened } from './toast-layer.js';

/**
 * A modal on the native <dialog>: focus moves inside and is trapped, Escape closes, and focus
 * returns to what opened it. Toasts show above it (toast-layer.ts).
 */
export function Dialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  // Layout effects: the cleanup runs before React removes the <dialog>, while toasts can still move out.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The browser returns focus itself only when the <dialog> closes in place; a dialog that its
    // owner unmounts on close would leave focus on the page's body, so it is put back here.
    const opener =
      document.activeElement instanceof HTMLElement && !dialog.contains(document.activeElement) ? document.activeElement : null;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) return;
    dialogOpened(dialog);
    return () => {
      dialogClosed(dialog);
      // After React has closed or removed the modal: until then the page behind it is inert.
      setTimeout(() => {
        if (opener?.isConnected && !document.querySelector('dialog[open]')) opener.focus();
      });
    };
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="dialog-title" onClose={onClose} onCancel={onClose}>
      {open && (
        <>
          <h2 id="dialog-title">{title}</h2>
          {children}
        </>
      )}
    </dialog>
  );
}
