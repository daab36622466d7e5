/** The mark the top bar shows when the operator has uploaded no logo (the favicon draws the same). */
export function BrandMark() {
  return (
    <svg className="brand-mark" width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" className="brand-mark-tile" />
      <path d="M9 20.5 16 24l7-3.5M9 15.5 16 19l7-3.5M16 8l7 3.5-7 3.5-7-3.5z" className="brand-mark-layers" />
    </svg>
  );
}
