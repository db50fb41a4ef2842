import { asc, count, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { expenseRoutes, type ExpenseCategory } from '../../../contract/expenses.ts';
import { expenseAttachments, expenseCategories, expenses } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { fieldError, invalid, notFound, unprocessable } from '../../http/errors.ts';
import { requireAdmin } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { setAttachmentsInUse } from '../attachments/service.ts';

export type CategoryRow = typeof expenseCategories.$inferSelect;

export const presentCategory = (r: CategoryRow): ExpenseCategory => ({
  id: r.id,
  name: r.name,
  color: r.color,
  unitBased: r.unitBased,
  unitName: r.unitName,
  unitPrice: r.unitPrice,
});

function checkUnit(c: Pick<CategoryRow, 'unitBased' | 'unitName' | 'unitPrice'>) {
  if (!c.unitBased) return;
  const errors: Record<string, string[]> = {};
  if (c.unitPrice == null) errors.unitPrice = ['A unit-based category needs unitPrice'];
  if (!c.unitName) errors.unitName = ['A unit-based category needs unitName'];
  if (Object.keys(errors).length) throw unprocessable('A unit-based category needs unitName and unitPrice', errors);
}

export function registerCategoryRoutes(app: Hono<AppEnv>) {
  // Every role reads the categories (DESIGN.md role table).
  register(app, expenseRoutes.listCategories, async (c) => {
    const scope = c.get('scope');
    const rows = await scope.db
      .select()
      .from(expenseCategories)
      .where(scope.mine(expenseCategories))
      .orderBy(asc(expenseCategories.name), asc(expenseCategories.id));
    const counts = await scope.db
      .select({ id: expenses.categoryId, n: count() })
      .from(expenses)
      .where(scope.mine(expenses))
      .groupBy(expenses.categoryId);
    const used = new Map(counts.map((c) => [c.id, c.n]));
    return rows.map((r) => ({ ...presentCategory(r), expenseCount: used.get(r.id) ?? 0 }));
  });

  register(app, expenseRoutes.createCategory, async (c, { body }, caller) => {
    requireAdmin(caller);
    const row = await c.get('scope').insert(expenseCategories, {
      name: body.name,
      color: body.color,
      unitBased: body.unitBased,
      unitName: body.unitName ?? null,
      unitPrice: body.unitPrice ?? null,
    });
    return presentCategory(row);
  });

  register(app, expenseRoutes.updateCategory, async (c, { params, body }, caller) => {
    requireAdmin(caller);
    const scope = c.get('scope');
    const current = await scope.byId(expenseCategories, params.category_id);
    if (!current) throw notFound('Expense category');
    const next = { ...current, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) } as CategoryRow;
    checkUnit(next);
    const [row] = await scope.update(
      expenseCategories,
      { name: next.name, color: next.color, unitBased: next.unitBased, unitName: next.unitName, unitPrice: next.unitPrice },
      eq(expenseCategories.id, current.id),
    );
    return presentCategory(row!);
  });

  register(app, expenseRoutes.removeCategory, async (c, { params, body }, caller) => {
    requireAdmin(caller);
    await c.get('scope').tx(async (s) => {
      const current = await s.byId(expenseCategories, params.category_id);
      if (!current) throw notFound('Expense category');
      const [used] = await s.db
        .select({ n: count() })
        .from(expenses)
        .where(s.where(expenses, eq(expenses.categoryId, current.id)));
      if ((used?.n ?? 0) > 0) {
        if (body.targetCategory !== undefined) {
          const target = body.targetCategory === current.id ? undefined : await s.byId(expenseCategories, body.targetCategory);
          if (!target) throw invalid('targetCategory', 'targetCategory must be another category of your team');
          await s.update(expenses, { categoryId: target.id }, eq(expenses.categoryId, current.id));
        } else if (body.removeExpenses === true) {
          const held = await s.db
            .select({ id: expenseAttachments.attachmentId })
            .from(expenseAttachments)
            .innerJoin(expenses, eq(expenses.id, expenseAttachments.expenseId))
            .where(s.where(expenses, eq(expenses.categoryId, current.id)));
          await s.delete(expenses, eq(expenses.categoryId, current.id));
          await setAttachmentsInUse(
            s,
            held.map((h) => h.id),
            false,
            c.get('deps').clock(),
          );
        } else {
          throw fieldError(body, 'targetCategory', 'Required when the category has expenses (or send removeExpenses: true)');
        }
      }
      await s.delete(expenseCategories, eq(expenseCategories.id, current.id));
    });
  });
}
