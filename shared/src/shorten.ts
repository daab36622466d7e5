/** Shortened for display: strings of 8 characters or fewer stay whole, else first 4, '...', last 4. */
export function shortenAddress(value: string): string {
  return value.length <= 8 ? value : `${value.slice(0, 4)}...${value.slice(-4)}`;
}

/** The dashboard's transaction ids: first 8, '...', last 8. */
export function shortenTxId(value: string): string {
  return value.length <= 16 ? value : `${value.slice(0, 8)}...${value.slice(-8)}`;
}
