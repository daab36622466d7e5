import { fileURLToPath } from 'node:url';

/** Lets tests and dev tools import `@stakedesk/shared/x` straight from shared/src/x.ts (no build step). */
export const sharedSourceAlias = {
  find: /^@stakedesk\/shared\/(.*)$/,
  replacement: fileURLToPath(new URL('./shared/src/$1.ts', import.meta.url)),
};

/** The same for `@stakedesk/test-support/x` (test-support/src/x.ts). */
export const testSupportSourceAlias = {
  find: /^@stakedesk\/test-support\/(.*)$/,
  replacement: fileURLToPath(new URL('./test-support/src/$1.ts', import.meta.url)),
};

export const sourceAliases = [sharedSourceAlias, testSupportSourceAlias];
