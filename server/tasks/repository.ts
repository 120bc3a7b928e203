import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { maxTaskPosition, moveTaskTo } from '../../src/contract/task-moves.ts';
import { taskPhaseValues, type TaskPhase } from '../../src/contract/tasks.ts';
import type { Db } from '../db/client.ts';
import { parcels, projects, taskTemplates, tasks } from '../db/schema.ts';
import { isUuid } from '../platform/ids.ts';

export type TaskRow = typeof tasks.$inferSelect & { parcelApn: string | null };
export type NewTask = Pick<typeof tasks.$inferInsert, 'title' | 'description' | 'phase' | 'category' | 'dueDate' | 'assigneeName' | 'parcelId' | 'criterion' | 'why'>;
export type TaskChanges = Partial<Pick<typeof tasks.$inferInsert, 'title' | 'description' | 'phase' | 'category' | 'dueDate' | 'assigneeName'>>;
export type TaskTemplateRow = typeof taskTemplates.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type MoveResult = { kind: 'moved' } | { kind: 'notFound' } | { kind: 'outOfRange'; max: number };

const phaseOrder = sql`array_position(array[${sql.join(
  taskPhaseValues.map((phase) => sql`${phase}`),
  sql`, `,
)}]::text[], ${tasks.phase})`;
const taskColumns = { task: tasks, parcelApn: parcels.apn };

/**
 * A project's tasks, scoped by owner. Every write that changes positions holds the project row (FOR UPDATE) for its
 * transaction, so writes to one board run one after another and positions stay dense: 0..n-1 in each phase.
 */
export function tasksRepository(db: Db) {
  const lockProject = async (tx: Tx, ownerId: string, projectId: string) =>
    (
      await tx
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, projectId), eq(projects.ownerId, ownerId)))
        .for('update')
    ).length > 0;

  const phaseCount = async (tx: Tx, projectId: string, phase: TaskPhase) =>
    (await tx.select({ n: count() }).from(tasks).where(and(eq(tasks.projectId, projectId), eq(tasks.phase, phase))))[0]?.n ?? 0;

  /** Numbers a phase's tasks 0..n-1 in their current order. */
  const renumber = (tx: Tx, projectId: string, phase: TaskPhase) =>
    tx.execute(sql`
      update ${tasks} set position = ranked.rank - 1
      from (select id, row_number() over (order by position, created_at, id) as rank from ${tasks}
            where project_id = ${projectId} and phase = ${phase}) as ranked
      where ${tasks.id} = ranked.id and ${tasks.position} <> ranked.rank - 1`);

  const owned = (ownerId: string, id: string) => and(eq(tasks.id, id), eq(tasks.ownerId, ownerId));
  const withParcel = (row: { task: typeof tasks.$inferSelect; parcelApn: string | null }): TaskRow => ({ ...row.task, parcelApn: row.parcelApn });

  async function ownedTask(tx: Tx | Db, ownerId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const [row] = await tx.select(taskColumns).from(tasks).leftJoin(parcels, eq(parcels.id, tasks.parcelId)).where(owned(ownerId, id));
    return row && withParcel(row);
  }

  return {
    /** The board: phases in development order, each by position. */
    async board(ownerId: string, projectId: string): Promise<TaskRow[]> {
      if (!isUuid(projectId)) return [];
      const rows = await db
        .select(taskColumns)
        .from(tasks)
        .leftJoin(parcels, eq(parcels.id, tasks.parcelId))
        .where(and(eq(tasks.projectId, projectId), eq(tasks.ownerId, ownerId)))
        .orderBy(phaseOrder, asc(tasks.position));
      return rows.map(withParcel);
    },

    find: (ownerId: string, id: string) => ownedTask(db, ownerId, id),

    /** Whether a task may name this parcel: one of the shared store's or the user's own. */
    async parcelVisible(ownerId: string, parcelId: string): Promise<boolean> {
      if (!isUuid(parcelId)) return false;
      const rows = await db
        .select({ id: parcels.id })
        .from(parcels)
        .where(and(eq(parcels.id, parcelId), or(isNull(parcels.ownerId), eq(parcels.ownerId, ownerId))));
      return rows.length > 0;
    },

    /** Adds tasks at the end of their phases, in the order given; false when the project is not the owner's. */
    async append(ownerId: string, projectId: string, values: NewTask[]): Promise<string[] | undefined> {
      if (!isUuid(projectId)) return undefined;
      return db.transaction(async (tx) => {
        if (!(await lockProject(tx, ownerId, projectId))) return undefined;
        const next = new Map<TaskPhase, number>();
        const rows = [];
        for (const value of values) {
          const position = next.get(value.phase) ?? (await phaseCount(tx, projectId, value.phase));
          next.set(value.phase, position + 1);
          rows.push({ ...value, ownerId, projectId, position });
        }
        if (rows.length === 0) return [];
        const inserted = await tx.insert(tasks).values(rows).returning({ id: tasks.id });
        return inserted.map((row) => row.id);
      });
    },

    /** Edits a task; a new phase puts it last there and closes the gap it left. */
    async update(ownerId: string, id: string, changes: TaskChanges): Promise<TaskRow | undefined> {
      const current = await ownedTask(db, ownerId, id);
      if (!current) return undefined;
      await db.transaction(async (tx) => {
        if (!(await lockProject(tx, ownerId, current.projectId))) return;
        const [fresh] = await tx.select({ phase: tasks.phase }).from(tasks).where(owned(ownerId, id));
        if (!fresh) return;
        const moving = changes.phase !== undefined && changes.phase !== fresh.phase;
        const position = moving ? await phaseCount(tx, current.projectId, changes.phase!) : undefined;
        await tx
          .update(tasks)
          .set({ ...changes, ...(position === undefined ? {} : { position }), updatedAt: new Date() })
          .where(owned(ownerId, id));
        if (moving) await renumber(tx, current.projectId, fresh.phase);
      });
      return ownedTask(db, ownerId, id);
    },

    /** Done ⇄ open, recording when it was done. */
    async toggleDone(ownerId: string, id: string): Promise<TaskRow | undefined> {
      if (!isUuid(id)) return undefined;
      const rows = await db
        .update(tasks)
        .set({
          status: sql`case when ${tasks.status} = 'done' then 'open' else 'done' end`,
          completedAt: sql`case when ${tasks.status} = 'done' then null else now() end`,
          updatedAt: new Date(),
        })
        .where(owned(ownerId, id))
        .returning({ id: tasks.id });
      return rows.length > 0 ? ownedTask(db, ownerId, id) : undefined;
    },

    async remove(ownerId: string, id: string): Promise<boolean> {
      const current = await ownedTask(db, ownerId, id);
      if (!current) return false;
      return db.transaction(async (tx) => {
        if (!(await lockProject(tx, ownerId, current.projectId))) return false;
        const [removed] = await tx.delete(tasks).where(owned(ownerId, id)).returning({ phase: tasks.phase });
        if (!removed) return false;
        await renumber(tx, current.projectId, removed.phase);
        return true;
      });
    },

    /** Moves a task to `position` in `phase` (its own or another), shifting the others; positions stay dense. */
    async move(ownerId: string, id: string, phase: TaskPhase, position: number): Promise<MoveResult> {
      const current = await ownedTask(db, ownerId, id);
      if (!current) return { kind: 'notFound' };
      return db.transaction(async (tx): Promise<MoveResult> => {
        if (!(await lockProject(tx, ownerId, current.projectId))) return { kind: 'notFound' };
        const board = await tx
          .select({ id: tasks.id, phase: tasks.phase, position: tasks.position })
          .from(tasks)
          .where(eq(tasks.projectId, current.projectId))
          .orderBy(asc(tasks.position), asc(tasks.createdAt), asc(tasks.id));
        if (!board.some((task) => task.id === id)) return { kind: 'notFound' };
        const columns = moveTaskTo(board, id, phase, position);
        if (!columns) return { kind: 'outOfRange', max: maxTaskPosition(board, id, phase) };
        const now = new Date();
        for (const column of columns) {
          for (const [index, task] of column.tasks.entries()) {
            if (task.position !== index || task.phase !== column.phase) {
              await tx.update(tasks).set({ position: index, phase: column.phase, updatedAt: now }).where(eq(tasks.id, task.id));
            }
          }
        }
        return { kind: 'moved' };
      });
    },

    async templates(ownerId: string): Promise<TaskTemplateRow[]> {
      return db.select().from(taskTemplates).where(eq(taskTemplates.ownerId, ownerId)).orderBy(desc(taskTemplates.createdAt));
    },

    async findTemplate(ownerId: string, id: string): Promise<TaskTemplateRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(taskTemplates)
        .where(and(eq(taskTemplates.id, id), eq(taskTemplates.ownerId, ownerId)));
      return row;
    },

    async createTemplate(ownerId: string, name: string, templateTasks: TaskTemplateRow['tasks']): Promise<TaskTemplateRow> {
      const [row] = await db.insert(taskTemplates).values({ ownerId, name, tasks: templateTasks }).returning();
      return row!;
    },
  };
}

export type TasksRepository = ReturnType<typeof tasksRepository>;
