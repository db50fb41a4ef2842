import { attachmentExtensions, attachmentTypes, attachmentTypesLabel, MAX_ATTACHMENT_BYTES } from '../../../contract/attachment-limits.ts';

/** What a drop zone accepts before it sends anything; the server checks again by the file's bytes. */
export interface FileRules {
  /** MIME types, e.g. `image/png`. */
  types: readonly string[];
  /** Name endings that also count, e.g. `.heic` (browsers often give such files no type). */
  extensions: readonly string[];
  maxBytes: number;
  /** The types as people name them: `jpg, png and pdf`. */
  typesLabel: string;
}

/** The rules of POST /attachments (receipts and other files). */
export const attachmentRules: FileRules = {
  types: attachmentTypes,
  extensions: Object.values(attachmentExtensions).flat(),
  maxBytes: MAX_ATTACHMENT_BYTES,
  typesLabel: attachmentTypesLabel,
};

/** The file input's `accept`: every type and name ending. */
export const acceptOf = (rules: FileRules) => [...rules.types, ...rules.extensions].join(',');

/** `980 bytes`, `12 KB`, `3.4 MB`, `10 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** Why `file` is refused, in words for the person who chose it; null when it may be sent. */
export function refusal(file: Pick<File, 'name' | 'type' | 'size'>, rules: FileRules): string | null {
  const name = file.name.toLowerCase();
  const typeOk = rules.types.includes(file.type.toLowerCase()) || rules.extensions.some((ext) => name.endsWith(ext));
  if (!typeOk) return `${file.name} is not a file we take. Use ${rules.typesLabel}.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > rules.maxBytes) {
    const size = formatBytes(file.size);
    const max = formatBytes(rules.maxBytes);
    return size === max ? `${file.name} is larger than ${max}, the most we take.` : `${file.name} is ${size}; files can be at most ${max}.`;
  }
  return null;
}
