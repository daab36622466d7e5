import { fileURLToPath } from 'node:url';

/** Lets tests and dev tools import `@stakedesk/shared/x` straight from shared/src/x.ts (no build step). */
export const sharedSourceAlias = {
  find: /^@stakedesk\/shared\/(.*)$/,
  replacement: fileURLToPath(new URL('./shared/src/$1.ts', import.meta.url)),
};
