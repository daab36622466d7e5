import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md's drawing of the server's modules against the code: every arrow drawn is an
// import that exists, and every import between modules is drawn, or goes to one of the modules the
// text names as not drawn.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const serverSource = join(repoRoot, 'server/src');
const architecture = readFileSync(join(repoRoot, 'ARCHITECTURE.md'), 'utf8');

/** The modules every module may reach without an arrow, as the text above the drawing says. */
const NOT_DRAWN = ['audit', 'alerts', 'settings'];

async function moduleFolders(): Promise<string[]> {
  // The platform's folders are listed once, in the lint config that walls them off.
  const lintConfig = join(repoRoot, 'eslint.config.js');
  const { PLATFORM_FOLDERS } = (await import(lintConfig)) as { PLATFORM_FOLDERS: string[] };
  return readdirSync(serverSource, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !PLATFORM_FOLDERS.includes(entry.name) && !['test', 'hostile'].includes(entry.name))
    .map((entry) => entry.name);
}

/** `from` → `to` for every module whose non-test files import another module. */
function importedModules(modules: string[]): Set<string> {
  const arrows = new Set<string>();
  for (const from of modules) {
    const files = readdirSync(join(serverSource, from), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    for (const file of files) {
      const text = readFileSync(join(serverSource, from, file), 'utf8');
      for (const [, to] of text.matchAll(/from '(?:\.\.\/)+([\w-]+)\//g)) {
        if (to !== from && modules.includes(to!)) arrows.add(`${from} --> ${to}`);
      }
    }
  }
  return arrows;
}

/** The modules subgraph of the drawing: its boxes (short names resolved) and its arrows. */
function drawing(): { boxes: Set<string>; arrows: Set<string> } {
  const mermaid = architecture.split("## The server's floors")[1]!.split('```mermaid')[1]!.split('```')[0]!;
  // From the line after the subgraph's title to its `end`.
  const modulesGraph = mermaid.split(/subgraph modules\b.*\n/)[1]!.split(/^\s*end\s*$/m)[0]!;
  const names = new Map([...modulesGraph.matchAll(/(\w+)\[([\w-]+)\]/g)].map(([, short, name]) => [short!, name!]));
  const name = (node: string) => names.get(node) ?? node;
  const boxes = new Set<string>();
  const arrows = new Set<string>();
  for (const line of modulesGraph.split('\n')) {
    const nodes = [...line.matchAll(/(\w+)(?:\[[\w-]+\])?/g)].map(([, node]) => name(node!));
    if (line.includes('-->')) arrows.add(`${nodes[0]} --> ${nodes[1]}`);
    if (!line.includes('direction')) for (const node of nodes) boxes.add(node);
  }
  return { boxes, arrows };
}

describe("ARCHITECTURE.md's drawing of the server's modules", () => {
  it('draws every module, and only arrows that exist', async () => {
    const modules = await moduleFolders();
    const { boxes, arrows } = drawing();
    expect(
      [...boxes].filter((box) => !modules.includes(box)),
      'boxes that are no module',
    ).toEqual([]);
    expect(
      modules.filter((module) => !boxes.has(module)),
      'modules not drawn',
    ).toEqual([]);
    const actual = importedModules(modules);
    expect(
      [...arrows].filter((arrow) => !actual.has(arrow)),
      'arrows drawn that no import makes',
    ).toEqual([]);
  });

  it('draws every import between modules, except into the modules the text names as not drawn', async () => {
    const { arrows } = drawing();
    for (const module of NOT_DRAWN) expect(architecture).toContain(`\`${module}\``);
    const missing = [...importedModules(await moduleFolders())].filter(
      (arrow) => !arrows.has(arrow) && !NOT_DRAWN.includes(arrow.split(' --> ')[1]!),
    );
    expect(missing.sort(), 'imports between modules that the drawing lacks').toEqual([]);
  });
});

describe("the admin panel's folders", () => {
  it('import each other one way only: no two folders of web/src/admin import each other', () => {
    const panel = join(repoRoot, 'web/src/admin');
    const files = readdirSync(panel, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    const arrows = new Set<string>();
    for (const file of files) {
      const from = dirname(file);
      for (const [, path] of readFileSync(join(panel, file), 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = relative(panel, resolve(panel, from, path!));
        if (!target.startsWith('..') && dirname(target) !== from) arrows.add(`${from} --> ${dirname(target)}`);
      }
    }
    const twoWay = [...arrows].filter((arrow) => {
      const [from, to] = arrow.split(' --> ') as [string, string];
      return from < to && arrows.has(`${to} --> ${from}`);
    });
    expect(twoWay, 'folders that import each other').toEqual([]);
  });
});
