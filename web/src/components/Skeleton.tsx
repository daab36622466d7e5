/** A grey block holding the place of content still loading; `className` gives it the content's shape. */
export function Skeleton({ className }: { className: string }) {
  return <div className={`skeleton ${className}`} aria-hidden="true" />;
}
