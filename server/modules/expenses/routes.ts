import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Hono } from 'hono';
import { expenseRoutes } from '../../../contract/expenses.ts';
import { expenseAttachments, expenses, projects } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv, Caller } from '../../http/env.ts';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { isAdmin, isManager, requireRole } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { parsePrefixedId } from '../../lib/ids.ts';
import { registerAttachmentRoutes } from '../attachments/routes.ts';
import { setAttachmentsInUse } from '../attachments/service.ts';
import { storeUpload } from '../attachments/store.ts';
import { fileFromJson, JSON_LIMIT } from '../attachments/upload.ts';
import { assertWithinBudgets, budgetGuards } from '../budgets/progress.ts';
import { registerDashboardRoutes } from '../dashboards/routes.ts';
import { registerFieldRoutes } from '../fields/routes.ts';
import { registerCategoryRoutes } from './categories.ts';
import { presentExpense, presentExpenses, type ExpenseRow } from './present.ts';
import {
  checkAttachable,
  loadCategory,
  loadExpenseProject,
  requireEditable,
  requireTeamUser,
  requireUnlocked,
  resolveAmount,
  resolveType,
} from './rules.ts';
import { lockViewer } from '../timesheets/auto-lock.ts';

/** member_limited has no expenses (DESIGN.md role table). */
const requireExpenseRole = (caller: Caller) => requireRole(caller, ['admin', 'supervisor', 'member'], 'Your role has no expenses');

/** An expense the caller may change: their own, or anyone's for admins. 404 otherwise. */
async function loadOwnExpense(scope: Scope, caller: Caller, id: number): Promise<ExpenseRow> {
  const row = await scope.byId(expenses, id);
  if (!row || (row.userId !== caller.user.id && !isAdmin(caller))) throw notFound('Expense');
  return row;
}

const attachmentIdsOf = async (scope: Scope, expenseId: number) =>
  (await scope.list(expenseAttachments, eq(expenseAttachments.expenseId, expenseId))).map((r) => r.attachmentId);

function registerExpenseRecordRoutes(app: Hono<AppEnv>) {
  register(app, expenseRoutes.list, async (c, { query }, caller) => {
    requireExpenseRole(caller);
    const scope = c.get('scope');
    // Reading others' expenses follows "read others' time" of the role table: admins and supervisors.
    if (query.user !== undefined && query.user !== caller.user.id && !isManager(caller))
      throw forbidden("Only admins and supervisors can list other people's expenses");
    if (query.from && query.to && query.from > query.to)
      throw unprocessable('from must not be after to', { from: ['Must not be after to'] });
    const limit = query.limit ?? 1000;
    const page = query.page ?? 1;
    const rows = await scope.db
      .select()
      .from(expenses)
      .where(
        scope.where(
          expenses,
          query.user === 'all' ? undefined : eq(expenses.userId, query.user ?? caller.user.id),
          query.from ? gte(expenses.date, query.from) : undefined,
          query.to ? lte(expenses.date, query.to) : undefined,
          query.project ? eq(expenses.projectId, parsePrefixedId(query.project)) : undefined,
          query.category !== undefined ? eq(expenses.categoryId, query.category) : undefined,
        ),
      )
      .orderBy(desc(expenses.date), desc(expenses.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return presentExpenses(scope, rows, lockViewer(caller, c.get('deps').clock()));
  });

  register(app, expenseRoutes.create, async (c, { body }, caller) => {
    requireExpenseRole(caller);
    const scope = c.get('scope');
    const userId = body.user ?? caller.user.id;
    if (userId !== caller.user.id) {
      if (!isAdmin(caller)) throw forbidden('Only admins can log expenses for someone else');
      await requireTeamUser(scope, userId);
    }
    const category = await loadCategory(scope, body.category);
    const project = await loadExpenseProject(scope, caller, body.project);
    const { amount, quantity } = resolveAmount(category, body.amount, body.quantity);
    const type = resolveType(caller, project, body);
    await requireUnlocked(scope, userId, [body.date], lockViewer(caller, c.get('deps').clock()));
    await checkAttachable(scope, caller, userId, body.attachments);
    const now = c.get('deps').clock();
    const row = await scope.tx(async (s) => {
      const guards = await budgetGuards(s, project ? [project.id] : [], now, 'expenses');
      const created = await s.insert(expenses, {
        userId,
        categoryId: category.id,
        projectId: project?.id ?? null,
        date: body.date,
        amount,
        quantity,
        type,
        details: body.details,
        createdBy: caller.user.id,
        createdAt: now,
        updatedAt: now,
      });
      const ids = [...new Set(body.attachments)];
      if (ids.length)
        await s.insertMany(
          expenseAttachments,
          ids.map((attachmentId) => ({ expenseId: created.id, attachmentId })),
        );
      await setAttachmentsInUse(s, ids, true, now);
      await assertWithinBudgets(s, guards, now);
      return created;
    });
    return presentExpense(scope, row, lockViewer(caller, c.get('deps').clock()));
  });

  register(app, expenseRoutes.update, async (c, { params, body }, caller) => {
    requireExpenseRole(caller);
    const scope = c.get('scope');
    const current = await loadOwnExpense(scope, caller, params.expense_id);
    const userId = body.user ?? current.userId;
    if (userId !== current.userId) {
      if (!isAdmin(caller)) throw forbidden('Only admins can move an expense to someone else');
      await requireTeamUser(scope, userId);
    }
    const category = await loadCategory(scope, body.category ?? current.categoryId);
    const projectChanged = body.project !== undefined;
    const project = projectChanged
      ? await loadExpenseProject(scope, caller, body.project)
      : current.projectId === null
        ? null
        : ((await scope.byId(projects, current.projectId)) ?? null);
    const { amount, quantity } = resolveAmount(
      category,
      body.amount ?? current.amount,
      body.quantity !== undefined ? body.quantity : current.quantity,
    );
    const type =
      projectChanged || body.type !== undefined || body.billable !== undefined
        ? resolveType(caller, project, body, current.type)
        : current.type;
    const date = body.date ?? current.date;
    await requireEditable(scope, current, lockViewer(caller, c.get('deps').clock()));
    await requireUnlocked(scope, userId, [date], lockViewer(caller, c.get('deps').clock()));
    const now = c.get('deps').clock();
    if (body.attachments) await checkAttachable(scope, caller, userId, body.attachments, current.id);
    const row = await scope.tx(async (s) => {
      const guards = await budgetGuards(
        s,
        [current.projectId, project?.id ?? null].filter((p) => p !== null),
        now,
        'expenses',
      );
      const [updated] = await s.update(
        expenses,
        {
          userId,
          categoryId: category.id,
          projectId: project?.id ?? null,
          date,
          amount,
          quantity,
          type,
          details: body.details ?? current.details,
          updatedAt: now,
        },
        eq(expenses.id, current.id),
      );
      if (body.attachments) {
        const before = await attachmentIdsOf(s, current.id);
        const after = [...new Set(body.attachments)];
        const removed = before.filter((id) => !after.includes(id));
        const added = after.filter((id) => !before.includes(id));
        if (removed.length)
          await s.delete(
            expenseAttachments,
            eq(expenseAttachments.expenseId, current.id),
            inArray(expenseAttachments.attachmentId, removed),
          );
        if (added.length)
          await s.insertMany(
            expenseAttachments,
            added.map((attachmentId) => ({ expenseId: current.id, attachmentId })),
          );
        await setAttachmentsInUse(s, removed, false, now);
        await setAttachmentsInUse(s, added, true, now);
      }
      await assertWithinBudgets(s, guards, now);
      return updated!;
    });
    return presentExpense(scope, row, lockViewer(caller, c.get('deps').clock()));
  });

  register(app, expenseRoutes.remove, async (c, { params }, caller) => {
    requireExpenseRole(caller);
    const scope = c.get('scope');
    const current = await loadOwnExpense(scope, caller, params.expense_id);
    await requireEditable(scope, current, lockViewer(caller, c.get('deps').clock()));
    await scope.tx(async (s) => {
      const held = await attachmentIdsOf(s, current.id);
      await s.delete(expenses, eq(expenses.id, current.id));
      await setAttachmentsInUse(s, held, false, c.get('deps').clock());
    });
  });

  register(
    app,
    expenseRoutes.attach,
    async (c, { params, body }, caller) => {
      requireExpenseRole(caller);
      const scope = c.get('scope');
      const current = await loadOwnExpense(scope, caller, params.expense_id);
      await requireEditable(scope, current, lockViewer(caller, c.get('deps').clock()));
      let attachmentId: number;
      if (body.attachment !== undefined) {
        attachmentId = body.attachment;
        await checkAttachable(scope, caller, current.userId, [attachmentId], current.id);
      } else {
        // The file itself, as POST /attachments takes it: stored first, then attached like an uploaded one.
        attachmentId = (await storeUpload(c, caller, fileFromJson({ name: body.name!, content: body.content! }))).id;
      }
      await scope.tx(async (s) => {
        await s.db.insert(expenseAttachments).values({ teamId: s.teamId, expenseId: current.id, attachmentId }).onConflictDoNothing();
        await setAttachmentsInUse(s, [attachmentId], true, c.get('deps').clock());
      });
      return presentExpense(scope, current, lockViewer(caller, c.get('deps').clock()));
    },
    { bodyLimit: JSON_LIMIT },
  );

  register(app, expenseRoutes.detach, async (c, { params }, caller) => {
    requireExpenseRole(caller);
    const scope = c.get('scope');
    const current = await loadOwnExpense(scope, caller, params.expense_id);
    await requireEditable(scope, current, lockViewer(caller, c.get('deps').clock()));
    await scope.tx(async (s) => {
      const gone = await s.delete(
        expenseAttachments,
        and(eq(expenseAttachments.expenseId, current.id), eq(expenseAttachments.attachmentId, params.attachment_id)),
      );
      if (gone.length === 0) throw notFound('Attachment');
      await setAttachmentsInUse(s, [params.attachment_id], false, c.get('deps').clock());
    });
    return presentExpense(scope, current, lockViewer(caller, c.get('deps').clock()));
  });
}

/** Every route of the money issue: expenses and their categories, attachments, custom fields, dashboards. */
export function registerExpenseRoutes(app: Hono<AppEnv>) {
  registerCategoryRoutes(app);
  registerExpenseRecordRoutes(app);
  registerAttachmentRoutes(app);
  registerFieldRoutes(app);
  registerDashboardRoutes(app);
}
