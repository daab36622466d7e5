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
