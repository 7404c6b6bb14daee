/** The app's pg Pool (event store, sessions, advisory locks); MikroORM keeps its own pool. */
export const PG_POOL = Symbol('PG_POOL');
/** The database URL chosen at boot (DATABASE_URL, the local default or the embedded server). */
export const DATABASE_URL = Symbol('DATABASE_URL');
