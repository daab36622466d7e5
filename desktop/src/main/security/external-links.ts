const EXPLORER_HOST = 'explorer.solana.com';

/** The only links that leave the app: https block-explorer pages, opened in the system browser. */
export function isExplorerUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && parsed.hostname === EXPLORER_HOST && parsed.port === '' && !parsed.username && !parsed.password;
}
