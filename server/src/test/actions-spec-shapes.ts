import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { createGenerator } from 'ts-json-schema-generator';

/**
 * The Solana Actions spec's own types (@solana/actions re-exports them from @solana/actions-spec's
 * index.d.ts) as JSON Schemas, so a test checks an answer against the published shapes at run time,
 * not against a copy of them. No extra field is allowed: a misspelt `lable` fails.
 */
function specTypes(): string {
  // The package exports its types only to the compiler, so it is found the way Node looks for packages.
  const folders = createRequire(import.meta.url).resolve.paths('@solana/actions-spec') ?? [];
  const found = folders.map((folder) => join(folder, '@solana/actions-spec/index.d.ts')).find((file) => existsSync(file));
  if (!found) throw new Error('@solana/actions-spec is not installed (a dependency of @solana/actions)');
  return found;
}

export type SpecType = 'ActionsJson' | 'ActionGetResponse' | 'ActionPostResponse' | 'NextAction' | 'ActionError';

export function actionsSpecShapes(): (type: SpecType, value: unknown) => string[] {
  const schema = createGenerator({ path: specTypes(), type: '*', skipTypeCheck: true, additionalProperties: false }).createSchema('*');
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema(schema, 'spec');
  return (type, value) => {
    const validate = ajv.getSchema(`spec#/definitions/${type}`)!;
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}
