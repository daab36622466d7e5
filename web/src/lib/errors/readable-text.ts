/**
 * Whether a text is fit for a person as it is: the one rule of the holder pages and the admin
 * panel. A text without a code is shown only when it has none of these; otherwise the reader gets
 * what kind of failure it was in their language. (A server message with a code the client knows
 * is shown by that code, whatever its words.)
 */
const TECHNICAL = [
  // A status line ("503 Service Unavailable", "404: Not Found") or a status inside the text ("HTTP 502").
  /^\s*\d{3}\b/,
  /\b(?:HTTP|status)\s*\d{3}\b/i,
  // JSON, markup or a bracketed dump.
  /[{}[\]<>]/,
  // A stack frame ("\n    at send (rpc.js:1:2)", "at foo.js:12").
  /\n\s*at\s/,
  /\bat \S+:\d+/,
  // An exception's class name ("TypeError", "WalletSignTransactionError") or a log line that opens with one ("Error: boom").
  /\b\w+(?:Error|Exception)\b/,
  /^\s*(?:Error|Exception)\b/,
  // An address: the reader cannot act on it, and it may hold a secret.
  /https?:\/\//,
];

/** Text a person can read as it is: no status code, JSON, markup, stack, class name or URL. */
export function isReadableText(text: string): boolean {
  return text.trim() !== '' && !TECHNICAL.some((pattern) => pattern.test(text));
}
