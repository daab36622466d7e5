/**
 * The Content-Security-Policy of every renderer response. The panel may talk to exactly one
 * server (the configured origin); before one is set it may talk to none. Images may come from that
 * server too (the Blinks preview shows the icon the server serves to blink clients).
 * style-src needs 'unsafe-inline': antd writes its CSS-in-JS into <style> elements at run time.
 */
export function contentSecurityPolicy(serverOrigin: string | null): string {
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': "'self'",
    'connect-src': serverOrigin ?? "'none'",
    'img-src': serverOrigin ? `'self' data: ${serverOrigin}` : "'self' data:",
    'style-src': "'self' 'unsafe-inline'",
    'font-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}
