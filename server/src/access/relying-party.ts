/**
 * Who passkeys are made for (DESIGN 17): PUBLIC_URL's host is the relying party, and its origin is
 * the only one an answer may come from. A page on any other origin (a phishing proxy's included)
 * cannot get an answer the server accepts: the browser binds each answer to the origin it was
 * made on, and the server checks it.
 */
export type RelyingParty = { id: string; origin: string; name: string };

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Stakedesk' };
}
