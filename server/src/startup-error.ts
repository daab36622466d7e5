/** A reason the server cannot start that the operator can fix: main prints its message alone, without a stack. */
export class StartupError extends Error {}
