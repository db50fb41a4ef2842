import { describe, expect, it } from 'vitest';
import { acceptOf, attachmentRules, formatBytes, refusal } from './file-checks.ts';

const MB = 1024 * 1024;

describe('refusal', () => {
  it.each([
    ['receipt.pdf', 'application/pdf', 2 * MB],
    ['photo.JPG', 'image/jpeg', 500_000],
    ['IMG_0001.HEIC', '', 3 * MB],
    ['scan.png', 'image/png', 10 * MB],
  ])('takes %s (%s)', (name, type, size) => {
    expect(refusal({ name, type, size }, attachmentRules)).toBeNull();
  });

  it.each([
    ['notes.txt', 'text/plain', 10, 'notes.txt is not a file we take. Use jpg, png, gif, webp, heic and pdf.'],
    ['movie.mp4', 'video/mp4', 10, 'movie.mp4 is not a file we take. Use jpg, png, gif, webp, heic and pdf.'],
    ['fake.pdf.exe', 'application/x-msdownload', 10, 'fake.pdf.exe is not a file we take. Use jpg, png, gif, webp, heic and pdf.'],
    ['big.jpg', 'image/jpeg', 10 * MB + 1, 'big.jpg is larger than 10 MB, the most we take.'],
    ['huge.pdf', 'application/pdf', 24.6 * MB, 'huge.pdf is 25 MB; files can be at most 10 MB.'],
    ['empty.png', 'image/png', 0, 'empty.png is empty.'],
  ])('refuses %s', (name, type, size, message) => {
    expect(refusal({ name, type, size }, attachmentRules)).toBe(message);
  });
});

describe('formatBytes', () => {
  it.each([
    [1, '1 byte'],
    [980, '980 bytes'],
    [1536, '1.5 KB'],
    [12_800, '13 KB'],
    [3.44 * MB, '3.4 MB'],
    [10 * MB, '10 MB'],
  ])('%i is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

it('accepts both types and name endings in the picker', () => {
  expect(acceptOf(attachmentRules)).toContain('image/heic');
  expect(acceptOf(attachmentRules)).toContain('.heic');
});
