/** Migrations and seeders get a plain SQL runner: the schema is SQL, never db.sync(). */
export type MigrationContext = { context: (sql: string, replacements?: Record<string, unknown>) => Promise<unknown> };

/**
 * A module's first rows of its own table, handed to the migrator by the files that put the server
 * together. It runs once ever: schema_seeds records it by `name`, so a name never changes.
 */
export type Seeder = { name: string; up: (params: MigrationContext) => Promise<void> };
