import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { withCompiledRows } from '../db/prepared.ts';
import { feasibilityStudies, projectParcels, projects, users } from '../db/schema.ts';
import { activeLogin, type Login } from '../auth/users-repository.ts';
import { isUuid } from '../platform/ids.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectValues = Omit<typeof projects.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;
export type ProjectWithCount = ProjectRow & { parcelCount: number };
/** The headline of a project's primary study, as the list and the dashboard show it. */
export interface PrimaryFigures {
  id: string;
  name: string;
  dcKw: number;
  p50AnnualKwh: number;
}
export type ProjectListRow = ProjectWithCount & { primaryStudy: PrimaryFigures | null };
export interface PortfolioTotals {
  projects: number;
  hectares: number;
  mwdc: number;
  primaryStudies: number;
  mwhPerYear: number;
}

// LIKE's own wildcards in a search are literal characters.
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const parcelCount = sql<number>`(select count(*)::int from ${projectParcels} where ${projectParcels.projectId} = ${projects.id})`;

const byOwner = eq(projects.ownerId, sql.placeholder('ownerId'));
// At most one primary per project (a unique partial index), so joining it never repeats a project.
const primaryOf = and(eq(feasibilityStudies.projectId, projects.id), eq(feasibilityStudies.isPrimary, true));
const headlineNumber = (key: 'dc_kw' | 'p50_annual_kwh') => sql<number | null>`(${feasibilityStudies.headline}->>${sql.raw(`'${key}'`)})::float8`;
const primaryColumns = { id: feasibilityStudies.id, name: feasibilityStudies.name, dcKw: headlineNumber('dc_kw'), p50AnnualKwh: headlineNumber('p50_annual_kwh') };
type PrimaryColumns = { [K in keyof PrimaryFigures]: PrimaryFigures[K] | null };
// Drizzle answers null for a left-joined object whose columns are all null; either way there is no primary study.
const primaryFigures = (row: PrimaryColumns | null): PrimaryFigures | null =>
  !row || row.id === null ? null : { id: row.id, name: row.name ?? '', dcKw: row.dcKw ?? 0, p50AnnualKwh: row.p50AnnualKwh ?? 0 };
const newestFirst = [desc(projects.createdAt), desc(projects.id)];

export function projectsRepository(db: Db) {
  // Prepared once for the hot paths (on PostgreSQL also parsed and planned once per connection), their rows mapped by a
  // mapper worked out once.
  const findOne = withCompiledRows(
    db
      .select({ project: projects, parcelCount })
      .from(projects)
      .where(and(eq(projects.id, sql.placeholder('id')), byOwner))
      .prepare('projects_find'),
  );
  // The hot reads join the login (activeLogin), so one round trip authenticates the request and reads the answer: the
  // signed-in user's id, then the owner's projects left-joined to it (one row of nulls when none match). The user's
  // other columns are not read: repeated on every row they cost more to parse than the rest of the page.
  const findForLoginQuery = withCompiledRows(
    db
      .select({ userId: users.id, project: projects, parcelCount })
      .from(users)
      .innerJoin(activeLogin.family, activeLogin.on)
      .leftJoin(projects, and(eq(projects.id, sql.placeholder('id')), byOwner))
      .where(activeLogin.user)
      .prepare('projects_find_for_login'),
  );
  // One query gives the page and the total (a window count of the matching projects, before offset and limit).
  const pageQuery = (filter: SQL | undefined) =>
    db
      .select({ userId: users.id, project: projects, parcelCount, primary: primaryColumns, total: sql<number>`(count(${projects.id}) over ())::int` })
      .from(users)
      .innerJoin(activeLogin.family, activeLogin.on)
      .leftJoin(projects, filter)
      .leftJoin(feasibilityStudies, primaryOf)
      .where(activeLogin.user)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .$dynamic();
  // The first page, the one nearly every request asks for, has its own statement without OFFSET: PostgreSQL prices an
  // OFFSET parameter as skipping a tenth of the rows, so with one it kept planning the query anew on every execution
  // (a custom plan) instead of reusing its generic plan, and planning cost more than running the query.
  const pagesOf = (filter: SQL | undefined, name: string) => ({
    first: withCompiledRows(pageQuery(filter).prepare(`${name}_first`)),
    later: withCompiledRows(pageQuery(filter).offset(sql.placeholder('offset')).prepare(name)),
  });
  const searchFilter = and(byOwner, ilike(projects.name, sql.placeholder('pattern')));
  const listPages = pagesOf(byOwner, 'projects_list');
  const searchPages = pagesOf(searchFilter, 'projects_search');
  const countOf = (filter: SQL | undefined, name: string) =>
    withCompiledRows(
      db
        .select({ userId: users.id, n: count(projects.id) })
        .from(users)
        .innerJoin(activeLogin.family, activeLogin.on)
        .leftJoin(projects, filter)
        .where(activeLogin.user)
        .groupBy(users.id)
        .prepare(name),
    );
  const listCount = countOf(byOwner, 'projects_list_count');
  const searchCount = countOf(searchFilter, 'projects_search_count');
  // Areas are stored in m2 and sizes and energy in kW and kWh; the totals go out in ha, MW and MWh.
  const portfolioQuery = withCompiledRows(
    db
      .select({
        projects: sql<number>`count(*)::int`,
        hectares: sql<number>`(coalesce(sum(${projects.boundaryAreaM2}), 0) / 10000)::float8`,
        mwdc: sql<number>`(coalesce(sum(${primaryColumns.dcKw}), 0) / 1000)::float8`,
        primaryStudies: sql<number>`count(${feasibilityStudies.id})::int`,
        mwhPerYear: sql<number>`(coalesce(sum(${primaryColumns.p50AnnualKwh}), 0) / 1000)::float8`,
      })
      .from(projects)
      .leftJoin(feasibilityStudies, primaryOf)
      .where(byOwner)
      .prepare('projects_portfolio'),
  );

  return {
    async create(ownerId: string, values: ProjectValues): Promise<ProjectWithCount> {
      const [row] = await db
        .insert(projects)
        .values({ ...values, ownerId })
        .returning();
      return { ...row!, parcelCount: 0 };
    },

    /** The owner's project, or undefined for an unknown id, a malformed id or someone else's project. */
    async find(ownerId: string, id: string): Promise<ProjectWithCount | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await findOne.execute({ id, ownerId });
      return row && { ...row.project, parcelCount: row.parcelCount };
    },

    /**
     * The signed-in user's project (undefined for an unknown id, a malformed id or someone else's project) read with the
     * login in one query; undefined when the login has ended.
     */
    async findForLogin(login: Login, id: string): Promise<{ project: ProjectWithCount | undefined } | undefined> {
      // A malformed id matches no row (null equals nothing) while the query still reads the login.
      const [row] = await findForLoginQuery.execute({ ...login, ownerId: login.userId, id: isUuid(id) ? id : null });
      return row && { project: row.project ? { ...row.project, parcelCount: row.parcelCount } : undefined };
    },

    /**
     * The signed-in user's projects, newest first, each with its primary study's figures, read with the login in one
     * query; `search` matches the name anywhere, case-insensitively. Undefined when the login has ended.
     */
    async listForLogin(login: Login, options: { search?: string; offset: number; limit: number }): Promise<{ count: number; rows: ProjectListRow[] } | undefined> {
      const values = { ...login, ownerId: login.userId, offset: options.offset, limit: options.limit, pattern: options.search ? `%${likeEscape(options.search)}%` : '' };
      const pages = options.search ? searchPages : listPages;
      const rows = await (options.offset > 0 ? pages.later : pages.first).execute(values);
      const projectRows = rows.flatMap((r) => (r.project ? [{ ...r.project, parcelCount: r.parcelCount, primaryStudy: primaryFigures(r.primary) }] : []));
      if (rows[0]) return { count: rows[0].total, rows: projectRows };
      // No row at all: the login has ended, or the page is past the end; only then is the login read with the count.
      if (options.offset === 0) return undefined;
      const [counted] = await (options.search ? searchCount : listCount).execute(values);
      return counted && { count: counted.n, rows: [] };
    },

    /** The owner's totals: projects, boundary area, and the size and P50 energy of each project's primary study. */
    async portfolio(ownerId: string): Promise<PortfolioTotals> {
      const [row] = await portfolioQuery.execute({ ownerId });
      return row ?? { projects: 0, hectares: 0, mwdc: 0, primaryStudies: 0, mwhPerYear: 0 };
    },

    async update(ownerId: string, id: string, values: Partial<ProjectValues>): Promise<ProjectWithCount | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .update(projects)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)))
        .returning({ id: projects.id });
      return row && this.find(ownerId, row.id);
    },

    async remove(ownerId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db
        .delete(projects)
        .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)))
        .returning({ id: projects.id });
      return rows.length > 0;
    },
  };
}

export type ProjectsRepository = ReturnType<typeof projectsRepository>;
