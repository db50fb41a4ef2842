import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, passwordMember, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { call } from './timesheet-helpers.ts';

test.describe.configure({ timeout: 420_000 });

interface Task {
  id: string;
  name: string;
  section: number | null;
  position: number;
  status: string;
  estimate: { total: number; type: string; users: Record<string, number> } | null;
  fields?: Record<string, unknown>;
}
interface Field {
  id: number;
  name: string;
  options: { id: number; name: string }[];
}

const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/screens/project-tasks-${name}.png`, fullPage: true });

/** Task names per section name, in the order the API keeps them. */
async function layout(key: string, projectId: string) {
  const sections = await call<{ id: number; name: string }[]>('GET', `/projects/${projectId}/sections`, key);
  const tasks = await call<Task[]>('GET', `/projects/${projectId}/tasks`, key);
  return Object.fromEntries(
    sections.map((s) => [s.name, tasks.filter((t) => t.section === s.id).sort((a, b) => a.position - b.position).map((t) => t.name)]),
  );
}

test('a supervisor arranges sections and tasks by keyboard and drag, estimates, defines fields; a member reads, and defines fields once assigned', async ({ page, browser }) => {
  const manager = passwordMember('tasksManager');
  const reader = passwordMember('tasksReader');
  const n = Date.now().toString(36);
  // The reader is not on the project: a public project they may read but not change.
  const project = await call<{ id: string }>('POST', '/projects', manager.apiKey, { name: `Atlas ${n}`, users: [manager.id] });
  const tasksUrl = `/projects/${project.id}/tasks`;

  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto(tasksUrl);
  await signInAs(page, manager);
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible();
  await expect(page.getByText('This project has no tasks yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  // A supervisor sees no rates or costs: no billing tab, and its address says why.
  const projectTabs = page.getByRole('navigation', { name: 'Project' });
  await expect(projectTabs.getByRole('link', { name: 'Tasks' })).toHaveAttribute('aria-current', 'page');
  await expect(projectTabs.getByRole('link', { name: 'Billing and rates' })).toHaveCount(0);
  await page.goto(`/projects/${project.id}/billing`);
  await expect(page.getByText('You can’t see billing and rates because only admins set how projects bill and what people cost.')).toBeVisible();
  await expect(page.getByText(/\$\d/)).toHaveCount(0);
  await page.goto(tasksUrl);
  await expect(page.getByText('This project has no tasks yet.')).toBeVisible();

  // Sections and tasks.
  for (const name of ['Design', 'Build']) {
    await page.getByLabel('New section').fill(name);
    await page.getByRole('button', { name: 'Add section' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  const addTask = async (section: string, name: string) => {
    await page.getByLabel(`New task in ${section}`).fill(name);
    await page.getByLabel(`New task in ${section}`).press('Enter');
    await expect(page.getByRole('list', { name: `Tasks in ${section}` }).getByRole('button', { name, exact: true })).toBeVisible();
  };
  // Two names typed one after the other, the second while the first still saves: both land, in order.
  const newInDesign = page.getByLabel('New task in Design');
  await newInDesign.fill('Sketch');
  await newInDesign.press('Enter');
  await newInDesign.fill('Review');
  await newInDesign.press('Enter');
  for (const name of ['Sketch', 'Review'])
    await expect(page.getByRole('list', { name: 'Tasks in Design' }).getByRole('button', { name, exact: true })).toBeVisible();
  await expect(newInDesign).toHaveValue('');
  await addTask('Build', 'Code');
  expect(await layout(manager.apiKey, project.id)).toEqual({ Design: ['Sketch', 'Review'], Build: ['Code'] });
  await expectNoAxeViolations(page);

  // Keyboard: Alt+Arrow Down past the end of Design puts Review first in Build, announced, focus kept.
  const reviewHandle = page.getByRole('button', { name: 'Move Review' });
  await reviewHandle.focus();
  await reviewHandle.press('Alt+ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: 'Review moved to position 1 of 2 in Build.' })).toBeAttached();
  await expect(page.getByRole('list', { name: 'Tasks in Build' }).getByRole('listitem').first()).toContainText('Review');
  await expect.poll(() => layout(manager.apiKey, project.id)).toEqual({ Design: ['Sketch'], Build: ['Review', 'Code'] });
  await expect(page.getByRole('button', { name: 'Move Review' })).toBeFocused();
  await page.getByRole('button', { name: 'Move Review' }).press('Alt+ArrowDown');
  await expect.poll(() => layout(manager.apiKey, project.id)).toEqual({ Design: ['Sketch'], Build: ['Code', 'Review'] });

  // Sections move the same way.
  await page.getByRole('button', { name: 'Move section Build' }).press('Alt+ArrowUp');
  await expect
    .poll(async () => (await call<{ name: string }[]>('GET', `/projects/${project.id}/sections`, manager.apiKey)).map((s) => s.name))
    .toEqual(['Build', 'Design']);

  // Drag with the pointer: Sketch onto the top half of Code lands before it.
  const code = page.getByRole('list', { name: 'Tasks in Build' }).getByRole('listitem').filter({ hasText: 'Code' });
  await page.getByRole('listitem').filter({ hasText: 'Sketch' }).dragTo(code, { targetPosition: { x: 200, y: 4 } });
  await expect.poll(() => layout(manager.apiKey, project.id)).toEqual({ Build: ['Sketch', 'Code', 'Review'], Design: [] });

  // Close and reopen.
  await page.getByRole('checkbox', { name: 'Closed: Code' }).check();
  await expect.poll(async () => (await call<Task[]>('GET', `/projects/${project.id}/tasks`, manager.apiKey)).find((t) => t.name === 'Code')?.status).toBe('closed');
  await expect(page.getByRole('listitem').filter({ hasText: 'Code' })).toContainText('Closed');
  await page.getByRole('checkbox', { name: 'Closed: Code' }).uncheck();
  await expect.poll(async () => (await call<Task[]>('GET', `/projects/${project.id}/tasks`, manager.apiKey)).find((t) => t.name === 'Code')?.status).toBe('open');
  await page.getByRole('checkbox', { name: 'Closed: Code' }).check();

  // Rename a section.
  await page.getByRole('button', { name: 'Rename section Design' }).click();
  await page.getByLabel('Section name').fill('Design work');
  await page.getByLabel('Section name').press('Enter');
  await expect(page.getByRole('heading', { name: /^Design work/ })).toBeVisible();

  // An estimate: overall, then per person.
  await page.getByRole('button', { name: 'Sketch', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sketch' });
  await dialog.getByLabel('Hours', { exact: true }).fill('6:30');
  await dialog.getByRole('button', { name: 'Save estimate' }).click();
  await expect.poll(async () => (await call<Task[]>('GET', `/projects/${project.id}/tasks`, manager.apiKey)).find((t) => t.name === 'Sketch')?.estimate).toEqual({
    total: 23400,
    type: 'overall',
    users: {},
  });
  await dialog.getByLabel('Each person').check();
  await dialog.getByLabel(`${manager.name} (hours)`).fill('3');
  await dialog.getByRole('button', { name: 'Save estimate' }).click();
  await expect.poll(async () => (await call<Task[]>('GET', `/projects/${project.id}/tasks`, manager.apiKey)).find((t) => t.name === 'Sketch')?.estimate).toEqual({
    total: 10800,
    type: 'users',
    users: { [String(manager.id)]: 10800 },
  });
  await expectNoAxeViolations(page);
  await shot(page, 'task-dialog');
  await dialog.getByRole('button', { name: /close/i }).first().click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Sketch' })).toContainText('0:00 h of 3:00 h (per person)');

  // Custom fields: three of them, reordered by keyboard.
  await page.goto(`/projects/${project.id}/fields`);
  await expect(page.getByRole('heading', { name: 'Custom fields', exact: true })).toBeVisible();
  await expect(page.getByText('This project has no custom fields yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  const addField = async (name: string, type: string, choices: string[] = []) => {
    await page.getByRole('button', { name: 'Add a field' }).click();
    const form = page.getByRole('dialog', { name: 'Add a custom field' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Type').selectOption(type);
    for (const [i, c] of choices.entries()) await form.getByRole('textbox', { name: `Choice ${i + 1}` }).fill(c);
    if (type === 'select') await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Add field' }).click();
    await expect(form).toBeHidden();
  };
  await addField('Priority', 'select', ['High', 'Low']);
  await addField('Points', 'number');
  await addField('Reviewed', 'checkbox');
  const fieldNames = async () => (await call<Field[]>('GET', `/projects/${project.id}/fields`, manager.apiKey)).map((f) => f.name);
  expect(await fieldNames()).toEqual(['Priority', 'Points', 'Reviewed']);
  await page.getByRole('button', { name: 'Move Reviewed' }).press('Alt+ArrowUp');
  await expect(page.getByRole('status').filter({ hasText: 'Reviewed moved to position 2 of 3.' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Move Reviewed' })).toBeFocused();
  await page.getByRole('button', { name: 'Move Reviewed' }).press('Alt+ArrowUp');
  await expect.poll(fieldNames).toEqual(['Reviewed', 'Priority', 'Points']);
  await expectNoAxeViolations(page);
  await shot(page, 'fields-laptop');

  // A value on a task, by the field's type.
  const fields = await call<Field[]>('GET', `/projects/${project.id}/fields`, manager.apiKey);
  const priority = fields.find((f) => f.name === 'Priority')!;
  await page.goto(tasksUrl);
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review' });
  await review.getByLabel('Priority').selectOption('High');
  await review.getByLabel('Points').fill('5');
  await review.getByRole('button', { name: 'Save fields' }).click();
  await expect
    .poll(async () => (await call<Task[]>('GET', `/projects/${project.id}/tasks`, manager.apiKey)).find((t) => t.name === 'Review')?.fields)
    .toMatchObject({ [String(priority.id)]: priority.options.find((o) => o.name === 'High')!.id });
  await review.getByRole('button', { name: /close/i }).first().click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Review' })).toContainText('High');
  await expectNoAxeViolations(page);
  await shot(page, 'tasks-laptop');

  // Deleting a field names the values it takes with it.
  await page.goto(`/projects/${project.id}/fields`);
  await page.getByRole('button', { name: 'Delete Priority' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Priority?' });
  await expect(confirm).toContainText('its values on 1 task');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete field' }).click();
  await expect.poll(fieldNames).toEqual(['Reviewed', 'Points']);

  // Deleting a task names what goes, and can be undone.
  await page.goto(tasksUrl);
  await page.getByRole('button', { name: 'Delete Code' }).click();
  const del = page.getByRole('dialog', { name: 'Delete Code?' });
  await expect(del).toContainText('The task Code');
  await del.getByRole('button', { name: 'Delete task' }).click();
  await expect(page.getByRole('button', { name: 'Code', exact: true })).toBeHidden();
  expect(await layout(manager.apiKey, project.id)).toEqual({ Build: ['Sketch', 'Review'], 'Design work': [] });

  // Phone size: the same tasks fit, nothing runs off the side.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('button', { name: 'Move Review' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await shot(page, 'tasks-phone');
  await page.goto(`/projects/${project.id}/fields`);
  await expect(page.getByRole('button', { name: 'Move Points' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await shot(page, 'fields-phone');

  // A member who is not on the project reads it: no moving, adding, closing or defining.
  const otherContext = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const other = await otherContext.newPage();
  await other.goto(tasksUrl);
  await signInAs(other, reader);
  await expect(other.getByRole('button', { name: 'Review', exact: true })).toBeVisible();
  await expect(other.getByText('You can’t change these tasks because you are not assigned to this project.')).toBeVisible();
  await expect(other.getByRole('button', { name: /^Move / })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Add section' })).toHaveCount(0);
  await expect(other.getByRole('checkbox', { name: 'Closed: Review' })).toBeDisabled();
  await expectNoAxeViolations(other);
  await other.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(other.getByRole('dialog', { name: 'Review' })).toContainText('Points');
  await expect(other.getByRole('dialog', { name: 'Review' }).getByRole('button', { name: /save/i })).toHaveCount(0);
  await expectNoAxeViolations(other);
  await shot(other, 'member');
  await other.goto(`/projects/${project.id}/fields`);
  await expect(other.getByText('You can’t define custom fields because you are not assigned to this project.')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Add a field' })).toHaveCount(0);
  await expectNoAxeViolations(other);

  // Once on the project, the member defines and changes fields too; deleting one stays with admins and supervisors.
  await call('PUT', `/projects/${project.id}`, manager.apiKey, { users: [manager.id, reader.id] });
  await other.reload();
  await other.getByRole('button', { name: 'Add a field' }).click();
  const form = other.getByRole('dialog', { name: 'Add a custom field' });
  await form.getByLabel('Name').fill('Reviewer notes');
  await form.getByLabel('Type').selectOption('text');
  await form.getByRole('button', { name: 'Add field' }).click();
  await expect(form).toBeHidden();
  await expect(other.getByRole('list', { name: 'Custom fields' }).getByText('Reviewer notes')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Edit Reviewer notes' })).toBeVisible();
  await expect(other.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(other.getByText(/You can’t define custom fields/)).toHaveCount(0);
  await expectNoAxeViolations(other);
  await shot(other, 'member-fields');
  await otherContext.close();
});
