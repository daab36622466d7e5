import type { ReactNode } from 'react';

/** The one look of an empty table or list on the holder pages: a centred line and, when there is one, a way on. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <p>{message}</p>
      {action}
    </div>
  );
}
