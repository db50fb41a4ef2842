import { deflateSync } from 'node:zlib';
import { attachments, expenseAttachments, expenseCategories, expenses } from '../db/schema/index.ts';
import type { Scope } from '../db/scope.ts';
import { newDownloadToken } from '../modules/attachments/service.ts';
import { newStorageKey, type AttachmentStorage } from '../modules/attachments/storage.ts';
import { prng } from './time.ts';

const categories = [
  { name: 'Meals', color: '#c2410c', unitBased: false, unitName: null, unitPrice: null },
  { name: 'Travel', color: '#1d4f91', unitBased: false, unitName: null, unitPrice: null },
  { name: 'Software', color: '#6d28d9', unitBased: false, unitName: null, unitPrice: null },
  { name: 'Mileage', color: '#1f6b45', unitBased: true, unitName: 'Miles', unitPrice: 67 },
] as const;

const notes = {
  Meals: ['Lunch with the client', 'Team dinner after launch', 'Coffee at the workshop'],
  Travel: ['Train to the client office', 'Taxi from the airport', 'Parking at the venue'],
  Software: ['Stock photo licence', 'Font licence', 'Prototype tool, one month'],
  Mileage: ['Drive to the shoot', 'Site visit', 'Client meeting out of town'],
} as const;

/** A small real PNG (a coloured receipt-like card) so the demo's receipts show as thumbnails. */
function receiptPng(seed: number): Uint8Array {
  const w = 24;
  const h = 32;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    rows.push(0);
    for (let x = 0; x < w; x++) {
      const line = y > 4 && y % 4 === 0 && x > 3 && x < w - 4 - ((y + seed) % 7);
      const v = line ? 150 : 250;
      rows.push(v, v, line ? v : 240);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface ExpenseSeedInput {
  /** Who logs expenses, with projects each works on (ids) and whether each project is billable. */
  people: { userId: number; projects: { id: number; billable: boolean }[] }[];
  /** Weekdays of the demo month. */
  dates: string[];
  /** Where receipts go; without it the demo's expenses have none. */
  storage?: AttachmentStorage | undefined;
}

/** The demo team's expense categories and about a month of expenses, most with a receipt. */
export async function seedExpenses(scope: Scope, input: ExpenseSeedInput): Promise<number> {
  const rand = prng(20_261_125);
  const made = await scope.insertMany(expenseCategories, [...categories]);
  let count = 0;
  for (const person of input.people) {
    for (const date of input.dates) {
      if (rand() > 0.3) continue;
      const c = made[Math.floor(rand() * made.length)]!;
      const project = person.projects.length && rand() < 0.8 ? person.projects[Math.floor(rand() * person.projects.length)]! : null;
      const quantity = c.unitBased ? Math.round(5 + rand() * 60) : null;
      const amount = quantity !== null ? quantity * (c.unitPrice ?? 0) : Math.round((8 + rand() * 140) * 100);
      const list = notes[c.name as keyof typeof notes];
      const row = await scope.insert(expenses, {
        userId: person.userId,
        categoryId: c.id,
        projectId: project?.id ?? null,
        date,
        amount,
        quantity,
        type: project?.billable ? 'billable' : 'cost',
        details: list[Math.floor(rand() * list.length)]!,
        createdBy: person.userId,
        createdAt: new Date(`${date}T18:00:00Z`),
        updatedAt: new Date(`${date}T18:00:00Z`),
      });
      count++;
      if (!input.storage || rand() < 0.25) continue;
      const bytes = receiptPng(count);
      const key = newStorageKey(scope.teamId);
      await input.storage.put(key, bytes);
      const file = await scope.insert(attachments, {
        uploadedBy: person.userId,
        name: `receipt-${date}.png`,
        mimeType: 'image/png',
        size: bytes.length,
        storageKey: key,
        token: newDownloadToken(),
        inUse: true,
      });
      await scope.insert(expenseAttachments, { expenseId: row.id, attachmentId: file.id });
    }
  }
  return count;
}
