/**
 * An error line with every URL cut to its origin: a provider's URL may carry its API key in the
 * path or the query, and viewers read these lines.
 */
export function withoutUrlSecrets(line: string): string {
  return line.replace(/\bhttps?:\/\/[^\s'"<>]+/gi, (url) => {
    try {
      return `${new URL(url).origin}/…`;
    } catch {
      return '…';
    }
  });
}

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
