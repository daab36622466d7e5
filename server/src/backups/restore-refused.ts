/** A restore that does not start, with the one sentence that says why; nothing was changed. */
export class RestoreRefused extends Error {}
