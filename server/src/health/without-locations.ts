/**
 * Where a dependency lives, cut from an error line: URLs of any scheme, absolute paths (a
 * PostgreSQL Unix socket's), IP addresses, host:port pairs, host names and the host a DNS error
 * names. /readyz's detail says what failed, never where: the place helps an attacker more than
 * the operator, who has the configuration.
 */
const LOCATIONS: [pattern: RegExp, replacement: string][] = [
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>()]*/gi, '…'],
  [/(?<![\w.])\/[^\s'"<>():,]+/g, '…'],
  [/\[[0-9a-f:.]+(?:%[\w.-]+)?\](?::\d+)?/gi, '…'],
  [/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, '…'],
  [/(?<![\w:])(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}(?:%\w+)?(?![\w:])/gi, '…'],
  [/\b[a-z0-9][a-z0-9.-]*:\d{1,5}\b/gi, '…'],
  [/\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]\b/gi, '…'],
  [/\b(ENOTFOUND|EAI_AGAIN)\s+\S+/g, '$1'],
  [/\bport\s+\d+/gi, 'port …'],
];

export function withoutLocations(line: string): string {
  return LOCATIONS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line);
}
