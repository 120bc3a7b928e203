/** The rows a raw `db.execute(sql…)` answered: node-postgres and PGlite both answer `{ rows }`, typed by the caller. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
