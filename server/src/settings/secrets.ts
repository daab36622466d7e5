/** Shows only enough of the provider key to recognise it. */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  return secret.length <= 8 ? '•'.repeat(secret.length) : `${secret.slice(0, 4)}${'•'.repeat(8)}${secret.slice(-4)}`;
}

/** A provider URL may carry its key (`?api-key=`): shown and logged with the key masked. */
export function maskRpcUrl(url: string): string {
  if (!url) return url;
  try {
    const parsed = new URL(url);
    for (const [name, value] of parsed.searchParams) {
      if (/key|token|secret/i.test(name)) parsed.searchParams.set(name, maskSecret(value));
    }
    return parsed.toString();
  } catch {
    return maskSecret(url);
  }
}
