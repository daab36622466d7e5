/** Migrations and seeders get a plain SQL runner: the schema is SQL, never db.sync(). */
export type MigrationContext = { context: (sql: string, replacements?: Record<string, unknown>) => Promise<unknown> };
