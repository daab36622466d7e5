// One lint config for every workspace. The walls below are the ones ARCHITECTURE.md states in words;
// a wall broken here fails `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { foreignTableSelectors } from './scripts/table-owners.js';

const wall = (files, patterns, ...restricted) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns }],
    ...(restricted.length > 0 ? { 'no-restricted-syntax': ['error', ...restricted] } : {}),
  },
});

const appsOrTheirFrameworks = {
  group: [
    '**/server/**',
    '**/web/**',
    '**/desktop/**',
    '@stakedesk/server*',
    '@stakedesk/test-support*',
    'express',
    'sequelize',
    'react',
    'react-*',
    'antd',
    'electron',
  ],
  message: 'shared/ holds the rules every app uses; it imports none of the apps or their frameworks.',
};
const models = {
  group: ['**/*.model', '**/*.model.js'],
  message: 'Routes speak HTTP only: read and write through a service, which owns the models.',
};
const database = {
  group: ['sequelize', '**/db/*'],
  importNames: ['QueryTypes', 'Op', 'literal', 'fn', 'col', 'where'],
  message: 'Routes run no SQL: put the query in a service.',
};
const sqlCall = {
  selector: "CallExpression[callee.property.name='query']",
  message: 'Routes run no SQL: put the query in a service.',
};
const routeOutsideTable = {
  selector:
    "CallExpression[callee.property.name=/^(get|post|put|patch|delete|all|route)$/]:matches([callee.object.name='router'], [callee.object.callee.name='Router'])",
  message:
    "A route is mounted from the route table: mount('METHOD /path', ...) of tableRouter (server/src/http/mount.ts), after adding it to shared/src/admin-routes.ts or api-routes.ts.",
};
const modelDatabaseReach = {
  selector: "MemberExpression[object.name=/^[A-Z]/][property.name='sequelize']",
  message:
    'The database is handed to a service (Dependencies.database, server/src/dependencies.ts), never reached through a model: take it as a parameter.',
};
// Model.init binds a class to one database for the whole process: a second database opened later
// would take it over. A model file binds a class of its own per handle with tableModel (db/table-model.ts).
const modelBoundOutsideItsTable = {
  selector: "CallExpression[callee.property.name='init'][callee.object.name=/^[A-Z]/]",
  message:
    'A model is bound to a database only through tableModel, a class per handle: `export const plansTable = tableModel(StakingPlan, { ...attributes }, { tableName: ... })`. Query through `plansTable(db)`.',
};
// Two servers in one process (the tests start several) share every module's variables: a server's
// state lives in what it makes for itself (its Dependencies, or an object kept with its database).
const moduleLevelLet = ['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'].map((path) => ({
  selector: `${path}[kind='let']`,
  message:
    "No module-level `let` in the server: a module's variable is shared by every server in the process. Keep the state in the Dependencies object (server/src/dependencies.ts), or an object the server makes and hands on.",
}));
const databaseNamedDb = {
  selector: "Identifier[name='sequelize']:not(Property > Identifier.key):not(MemberExpression > Identifier.property)",
  message: 'The database handle is named for what it is, `db`, not for the library behind it.',
};
const cheapPasswords = {
  selector: "NewExpression[callee.name='PasswordWorker'][arguments.length>0]",
  message: 'Admin passwords are hashed at BCRYPT_COST: only the tests choose a cheaper cost.',
};
const serverSyntax = [modelDatabaseReach, modelBoundOutsideItsTable, ...moduleLevelLet, databaseNamedDb, cheapPasswords];
const panel = {
  group: ['**/admin/**', 'antd', 'antd/*', '@ant-design/*'],
  message: 'Holder pages never load the admin panel or antd (they must stay small and separate).',
};
const features = {
  group: ['**/features/**'],
  message: 'Components are the building blocks features use; they never import a feature (move the piece into web/src/lib or web/src/app).',
};
const catalogues = {
  regex: '^(\\.\\./)+i18n/',
  message:
    'web/src/lib is the floor below the catalogues: i18n translates what lib defines (errors, words), lib imports no catalogue (keep English it needs beside it, as transfer-errors.ts does).',
};
const holderFeatures = {
  group: ['**/features/**'],
  message: 'The panel never imports holder features: shared browser code lives in web/src/lib.',
};
const payoutBuilding = {
  group: ['@solana/spl-token', '@solana/spl-token/*'],
  message:
    'The panel never builds a payout: the server prepares it (POST /api/admin/payouts), the wallet only signs it, the server checks and sends it.',
};
const chainConnection = {
  group: ['@solana/web3.js'],
  importNames: ['Connection'],
  message: 'The panel never reads or sends to the chain for a payout: the server does (DESIGN 11); the panel talks to its own server only.',
};
const panelFigures = {
  group: ['@stakedesk/shared/format'],
  importNames: ['formatAmount', 'formatExact', 'formatDateTime', 'formatDate'],
  message: "The panel writes figures and dates in its reader's language through one formatter: useAdminFormat (web/src/admin/format.ts).",
};
const localeBlindFormatting = [
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(String|DateString|TimeString)$/]',
    message: "The panel writes figures and dates in its reader's language through one formatter: useAdminFormat (web/src/admin/format.ts).",
  },
  {
    selector: "MemberExpression[object.name='Intl'][property.name=/^(NumberFormat|DateTimeFormat)$/]",
    message: "The panel writes figures and dates in its reader's language through one formatter: useAdminFormat (web/src/admin/format.ts).",
  },
];
// The server's floors (ARCHITECTURE.md): the platform below imports no module; every other folder
// of server/src, and a new one by itself, is a module, and the files beside app.ts put them together.
export const PLATFORM_FOLDERS = ['db', 'sql', 'http', 'chain', 'events', 'cache', 'metrics', 'signer', 'jobs'];
const PLATFORM_FILES = [
  'logger',
  'log-format',
  'config',
  'errors',
  'secret-box',
  'dependencies',
  'url-secrets',
  'startup-error',
  'quiet-bigint-buffer',
];
const serverEntries = readdirSync(new URL('./server/src', import.meta.url), { withFileTypes: true });
const modules = serverEntries.filter((e) => e.isDirectory() && !PLATFORM_FOLDERS.includes(e.name)).map((e) => e.name);
const topFiles = serverEntries
  .filter((e) => e.isFile() && /^[^.]+\.ts$/.test(e.name) && !PLATFORM_FILES.includes(e.name.slice(0, -3)))
  .map((e) => e.name.slice(0, -3));
const platformImportsNoModule = {
  regex: `^(\\.\\.?/)+(${modules.join('|')}/|(${topFiles.join('|')})\\.js$)`,
  message:
    'The platform (logger, config, errors, secret box, db, sql, http, chain, events, cache, metrics, signer, jobs) imports no module: take what it needs as a parameter (a function, an interface) from the module or app.ts above.',
};
const moduleFrontDoor = {
  regex: `^(\\.\\./)+(${modules.join('|')})/(?!index\\.js$)`,
  message:
    'A module is reached through its front door: import from its index.ts (add the name there), never a file behind it; the files beside app.ts may also mount its *.routes.ts.',
};
// A module's model reaches only its own files: another module calls what the owner's index names
// (access/admin-rows.ts for the admins table), and only open-database.ts binds every model at start.
const foreignModel = {
  regex: `^(\\.\\./)+(${modules.join('|')})/index\\.js$`,
  importNamePattern: 'Table$',
  message:
    "Another module's table is reached through what its index names (a function of its store), never through its model: `plansTable` and the like are the owner's own (and open-database.ts's, which binds them all).",
};
const composedFrontDoor = {
  regex: `^\\./(${modules.join('|')})/(?!index\\.js$)(?![^/]+\\.routes\\.js$)`,
  message: moduleFrontDoor.message,
};
// The admin panel's floors (ARCHITECTURE.md): the files at the top of web/src/admin that every folder may use,
// then core (session, API client, queries, roles, events), then components, then the tabs; the shell
// puts the tabs together. Every other folder of web/src/admin, and a new one by itself, is a tab.
const PANEL_FLOORS = ['core', 'components', 'shell'];
const PANEL_SHARED_FILES = ['format', 'i18n', 'platform', 'readable-error', 'toast'];
const panelEntries = readdirSync(new URL('./web/src/admin', import.meta.url), { withFileTypes: true });
const tabs = panelEntries.filter((e) => e.isDirectory() && !PANEL_FLOORS.includes(e.name)).map((e) => e.name);
const panelEntryFiles = panelEntries
  .filter((e) => e.isFile() && /^[^.]+\.tsx?$/.test(e.name))
  .map((e) => e.name.replace(/\.tsx?$/, ''))
  .filter((name) => !PANEL_SHARED_FILES.includes(name));
const panelReach = (folders, message, ...alsoRefused) => ({
  regex: [`^(\\.\\./)+(${folders.join('|')})/`, `^(\\.\\./)+(${panelEntryFiles.join('|')})\\.js$`, ...alsoRefused].join('|'),
  message,
});
const tabReach = (tab) =>
  panelReach(
    [...tabs.filter((other) => other !== tab), 'shell'],
    `A tab imports only the panel's core, its components and ${PANEL_SHARED_FILES.join(', ')}, never another tab or the shell: move what two tabs share into core or components.`,
  );
const componentsReach = panelReach(
  [...tabs, 'shell'],
  "The panel's components are what the tabs build with: they import core, never a tab or the shell.",
);
// core's files sit one folder down (core/<folder>/): ../../components/ is the panel's, a level more the holder pages'.
const coreReach = panelReach(
  [...tabs, 'shell'],
  "The panel's core is what every tab needs: it imports no tab, no component and not the shell (move the piece down into core).",
  '^\\.\\./\\.\\./components/',
);
const sharedFilesReach = {
  regex: '^\\./[^/]+/',
  message: `The files at the top of web/src/admin that every folder of the panel uses (${PANEL_SHARED_FILES.join(', ')}) import none of its folders.`,
};
const tests = ['server/src/**/*.test.ts', 'server/src/test/**', 'server/src/hostile/**'];
const serverSource = {
  group: ['**/server/**', '@stakedesk/server', '@stakedesk/server/*'],
  message: 'Web and desktop reach the test chain and other test helpers through @stakedesk/test-support, never the server.',
};
const webSuite = {
  // The panel's page helpers (admin-panel.ts, payout-under-review.ts) are shared on purpose.
  group: ['global-setup', 'global-teardown', 'server-env', 'server-process', 'state'].map((file) => `**/web/e2e/support/${file}.js`),
  message:
    "The desktop suite reaches the browser harness (Chromium, the server spawner, state) through @stakedesk/test-support/browser, never web's suite.",
};
const serverInternals = {
  group: ['**/server/src/**'],
  message: 'The bench drives the built server (@stakedesk/server/dist) and the test chain through @stakedesk/test-support.',
};
const demoReach = {
  group: ['**/server/**', '**/web/**', '@stakedesk/server', '@stakedesk/server/*', '@stakedesk/web', '@stakedesk/web/*'],
  message:
    'The demo runs the built server as a process (test-support/browser/server-process) and sets it up through its API, as an owner would: it imports nothing of the server or the web app.',
};
const verifierRuntime = {
  regex: '^(?!node:|@stakedesk/shared/|\\./)',
  message:
    'The standalone verifier runs on Node and the shared rules alone (no server, no chain library): its bundle is one file with no dependencies.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/out/**',
      '**/build/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'desktop/packaging/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // No import circle in any workspace: a circle hides which file is the lower floor (ARCHITECTURE.md).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // Resolutions kept for the whole run, not 30 s: no-cycle resolved the same imports again and
      // again, 25 of eslint's 48 seconds (19 now). An editor's long-lived eslint keeps them too:
      // restart it after moving files.
      'import-x/cache': { lifetime: Infinity },
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json', '*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Tests read JSON answers as any: the assertions are the type check.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/e2e/**', 'server/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'desktop/src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  wall(['shared/src/**'], [appsOrTheirFrameworks]),
  {
    // One import line per module: a front door is one line, not a file's worth.
    files: ['server/src/**/*.ts'],
    rules: { 'import-x/no-duplicates': ['error', { 'prefer-inline': true }] },
  },
  { ...wall(['server/src/*/**'], [moduleFrontDoor, foreignModel]), ignores: tests },
  { ...wall(['server/src/*.ts'], [composedFrontDoor]), ignores: tests },
  {
    ...wall([`server/src/{${PLATFORM_FOLDERS.join(',')}}/**`, `server/src/{${PLATFORM_FILES.join(',')}}.ts`], [platformImportsNoModule]),
    ignores: tests,
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: tests,
    rules: { 'no-restricted-syntax': ['error', ...serverSyntax] },
  },
  // The table wall: a folder's SQL names only the tables it owns (scripts/table-owners.js); the
  // migrations make them all.
  ...['', ...serverEntries.filter((e) => e.isDirectory()).map((e) => e.name)].map((folder) => ({
    files: [folder ? `server/src/${folder}/**/*.ts` : 'server/src/*.ts'],
    ignores: [...tests, 'server/src/db/migrations/**'],
    rules: { 'no-restricted-syntax': ['error', ...serverSyntax, ...foreignTableSelectors(folder)] },
  })),
  wall(
    ['server/src/**/*.routes.ts'],
    [models, database, moduleFrontDoor],
    sqlCall,
    modelDatabaseReach,
    routeOutsideTable,
    ...moduleLevelLet,
    databaseNamedDb,
  ),
  // The probes (/livez, /readyz, /metrics) are the load balancer's and the scraper's, outside /api and so outside the route table.
  wall(
    ['server/src/health/health.routes.ts'],
    [models, database, moduleFrontDoor],
    sqlCall,
    modelDatabaseReach,
    ...moduleLevelLet,
    databaseNamedDb,
  ),
  // A file gets one set of walls: the last block that matches it wins, so each block lists all of its own.
  wall(['bench/**'], [serverInternals]),
  wall(['demo/**'], [demoReach]),
  wall(['web/**', 'desktop/**'], [serverSource]),
  wall(['desktop/e2e/**'], [serverSource, webSuite]),
  // The app shell reaches the panel only by its lazy import(), which this rule does not see.
  wall(['web/src/features/**', 'web/src/i18n/**', 'web/src/app/**'], [panel, serverSource]),
  wall(['web/src/components/**'], [panel, features, serverSource]),
  wall(['web/src/lib/**'], [panel, features, serverSource, catalogues]),
  wall(
    ['web/src/admin/**', 'desktop/src/**'],
    [holderFeatures, payoutBuilding, chainConnection, serverSource, panelFigures],
    ...localeBlindFormatting,
  ),
  ...tabs.map((tab) =>
    wall(
      [`web/src/admin/${tab}/**`],
      [holderFeatures, payoutBuilding, chainConnection, serverSource, panelFigures, tabReach(tab)],
      ...localeBlindFormatting,
    ),
  ),
  wall(
    ['web/src/admin/components/**'],
    [holderFeatures, payoutBuilding, chainConnection, serverSource, panelFigures, componentsReach],
    ...localeBlindFormatting,
  ),
  wall(
    ['web/src/admin/core/**'],
    [holderFeatures, payoutBuilding, chainConnection, serverSource, panelFigures, coreReach],
    ...localeBlindFormatting,
  ),
  wall(
    PANEL_SHARED_FILES.filter((file) => file !== 'format').map((file) => `web/src/admin/${file}.ts`),
    [holderFeatures, payoutBuilding, chainConnection, serverSource, panelFigures, sharedFilesReach],
    ...localeBlindFormatting,
  ),
  // The panel's one formatter, keyed by its language.
  wall(['web/src/admin/format.ts'], [holderFeatures, payoutBuilding, chainConnection, serverSource, sharedFilesReach]),
  // Its tests may use the test chain and web3.js to build what they check.
  { ...wall(['verifier/src/**'], [verifierRuntime]), ignores: ['verifier/src/**/*.test.ts', 'verifier/src/test/**'] },
);
