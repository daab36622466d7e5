/**
 * The one set of design tokens: every stylesheet reads them as custom properties (design/tokens.css,
 * kept equal to `cssVariables()` by tokens.test.ts) and both admin shells feed them to antd's
 * dark theme (web/src/admin/theme.ts). Plain data, so importing it adds no library to a page.
 */
export const tokens = {
  color: {
    bg: '#0b1020',
    panel: '#141b33',
    panelRaised: '#1c2545',
    text: '#e8ecf8',
    muted: '#9aa5c4',
    // Filled controls (white text on it); accentText is the same hue light enough to read as text.
    accent: '#6a4cf0',
    accentHover: '#5b3fe0',
    accentText: '#a48fff',
    onAccent: '#ffffff',
    highlight: '#21d4a8',
    success: '#3ddc97',
    warning: '#ffb547',
    danger: '#ff5d6c',
    onDanger: '#0b1020',
    borderSubtle: '#ffffff14',
    border: '#ffffff1f',
    borderStrong: '#ffffff33',
    backdrop: '#000000aa',
  },
  radius: { sm: '8px', md: '12px', pill: '999px' },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  font: {
    family: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, monospace',
    size: { xs: '0.75rem', sm: '0.875rem', base: '1rem', lg: '1.25rem', xl: '1.6rem', xxl: '2rem' },
  },
} as const;

/** Pairs of foreground and background that carry text, with the WCAG AA ratio each must reach. */
export const textPairs: ReadonlyArray<{ fg: string; bg: string; min: number; what: string }> = [
  { fg: tokens.color.text, bg: tokens.color.bg, min: 4.5, what: 'body text on the page' },
  { fg: tokens.color.text, bg: tokens.color.panelRaised, min: 4.5, what: 'text on a raised panel' },
  { fg: tokens.color.muted, bg: tokens.color.bg, min: 4.5, what: 'muted text on the page' },
  { fg: tokens.color.muted, bg: tokens.color.panel, min: 4.5, what: 'muted text on a panel (the admin cards and tables)' },
  { fg: tokens.color.muted, bg: tokens.color.panelRaised, min: 4.5, what: 'muted text on a raised panel' },
  { fg: tokens.color.onAccent, bg: tokens.color.accent, min: 4.5, what: 'button label on the accent' },
  { fg: tokens.color.onAccent, bg: tokens.color.accentHover, min: 4.5, what: 'button label on the hovered accent' },
  { fg: tokens.color.accentText, bg: tokens.color.panelRaised, min: 4.5, what: 'accent text on a raised panel' },
  { fg: tokens.color.highlight, bg: tokens.color.panelRaised, min: 4.5, what: 'links and yields on a raised panel' },
  { fg: tokens.color.success, bg: tokens.color.panelRaised, min: 4.5, what: 'success text' },
  { fg: tokens.color.warning, bg: tokens.color.panelRaised, min: 4.5, what: 'warning text' },
  { fg: tokens.color.danger, bg: tokens.color.panelRaised, min: 4.5, what: 'error text' },
  { fg: tokens.color.danger, bg: tokens.color.panel, min: 4.5, what: 'error text in the admin tables (a payout under review)' },
  { fg: tokens.color.onDanger, bg: tokens.color.danger, min: 4.5, what: 'label on a filled danger button' },
  { fg: tokens.color.highlight, bg: tokens.color.bg, min: 3, what: 'the focus ring against the page' },
  { fg: tokens.color.bg, bg: tokens.color.warning, min: 4.5, what: 'the demo band and its button' },
  { fg: tokens.color.warning, bg: tokens.color.bg, min: 4.5, what: "the demo band's hovered button" },
];

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The tokens as CSS custom properties: color.panelRaised becomes --color-panel-raised. */
export function cssVariables(node: object = tokens, prefix = '-'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(node)) {
    const name = `${prefix}-${kebab(key)}`;
    if (typeof value === 'string') out[name] = value;
    else Object.assign(out, cssVariables(value as object, name));
  }
  return out;
}
