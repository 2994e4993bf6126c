export * from './database';
export { createPgDatabase } from './pg-database';
export type { PgDatabaseOptions } from './pg-database';
export { createPgliteDatabase } from './pglite-database';
export { migrate, splitStatements } from './migrate';
export type { Migration } from './migrate';
export { openDatabase } from './open-database';
export type { OpenDatabaseOptions } from './open-database';
