import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../api/fake-xhr.ts';
import { uploadAttachment } from '../../api/upload.ts';
import { DropZone } from './drop-zone.tsx';

const MB = 1024 * 1024;
const pdf = (name = 'receipt.pdf', size = 2000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const png = (name = 'photo.png') => new File([new Uint8Array(100)], name, { type: 'image/png' });
const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

const onUploaded = vi.fn();
const onRemoved = vi.fn();
function renderZone(confirmRemove?: (name: string) => string) {
  return render(
    <DropZone
      confirmRemove={confirmRemove}
      label="Receipts"
      upload={(file, o) => uploadAttachment({ baseUrl: 'http://api.test', credential: null, file, createXhr: FakeXhr.create, ...o })}
      onUploaded={onUploaded}
      onRemoved={onRemoved}
    />,
  );
}
const pick = (files: File[]) => fireEvent.change(screen.getByLabelText('Receipts: choose files'), { target: { files } });
const row = (name: string) => screen.getByText(name).closest('li')!;

beforeEach(() => {
  // jsdom has no modal dialogs: opening one just sets `open`.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  URL.createObjectURL = vi.fn((f: Blob) => `blob:${(f as File).name}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  FakeXhr.all = [];
  vi.clearAllMocks();
});

describe('DropZone', () => {
  it('refuses wrong types and files over the limit before sending, saying why', async () => {
    renderZone();
    pick([new File(['x'], 'notes.txt', { type: 'text/plain' }), pdf('scan.pdf', 11 * MB)]);
    await flush();
    expect(FakeXhr.all).toHaveLength(0);
    expect(within(row('notes.txt')).getByRole('alert').textContent).toBe('notes.txt is not a file we take. Use jpg, png, gif, webp, heic and pdf.');
    expect(within(row('scan.pdf')).getByRole('alert').textContent).toBe('scan.pdf is 11 MB; files can be at most 10 MB.');
    expect(within(row('scan.pdf')).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('shows real progress and the outcome', async () => {
    renderZone();
    pick([pdf()]);
    await flush();
    const bar = screen.getByRole('progressbar', { name: 'Uploading receipt.pdf' }) as HTMLProgressElement;
    expect(bar.value).toBe(0);
    act(() => FakeXhr.last().progress(1000, 4000));
    expect(bar.value).toBe(25);
    act(() => FakeXhr.last().progress(4000, 4000));
    expect(bar.value).toBe(100);
    await act(async () => FakeXhr.last().answer(201, { id: 3, name: 'receipt.pdf', token: 't' }));
    expect(within(row('receipt.pdf')).getByRole('status').textContent).toBe('Uploaded');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onUploaded).toHaveBeenCalledWith({ id: 3, name: 'receipt.pdf', token: 't' }, expect.any(File));
    fireEvent.click(screen.getByRole('button', { name: 'Remove receipt.pdf' }));
    expect(onRemoved).toHaveBeenCalledWith({ id: 3, name: 'receipt.pdf', token: 't' });
    expect(screen.queryByText('receipt.pdf')).toBeNull();
  });

  it('asks before removing a file it sent, when told to; Cancel keeps it', async () => {
    renderZone((name) => `${name} comes off the expense.`);
    pick([pdf()]);
    await flush();
    await act(async () => FakeXhr.last().answer(201, { id: 4, name: 'receipt.pdf', token: 't' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove receipt.pdf' }));
    expect(screen.getByRole('dialog', { name: 'Remove receipt.pdf?' }).textContent).toContain('receipt.pdf comes off the expense.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onRemoved).not.toHaveBeenCalled();
    expect(screen.getByText('receipt.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove receipt.pdf' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove' })));
    expect(onRemoved).toHaveBeenCalledWith({ id: 4, name: 'receipt.pdf', token: 't' });
    expect(screen.queryByText('receipt.pdf')).toBeNull();
  });

  it('cancels an upload and sends it again on Retry', async () => {
    renderZone();
    pick([pdf()]);
    await flush();
    const first = FakeXhr.last();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel receipt.pdf' }));
    await flush();
    expect(first.aborted).toBe(true);
    expect(within(row('receipt.pdf')).getByRole('status').textContent).toBe('Cancelled');
    fireEvent.click(screen.getByRole('button', { name: 'Retry receipt.pdf' }));
    await flush();
    expect(FakeXhr.all).toHaveLength(2);
    await act(async () => FakeXhr.last().answer(201, { id: 4, name: 'receipt.pdf', token: 't' }));
    expect(within(row('receipt.pdf')).getByRole('status').textContent).toBe('Uploaded');
  });

  it('shows the server’s reason for a refusal as final, with no Retry: only Remove', async () => {
    renderZone();
    pick([pdf()]);
    await flush();
    await act(async () => FakeXhr.last().answer(422, { code: 422, message: 'Only jpg, png, gif, webp, heic and pdf files are accepted' }));
    expect(within(row('receipt.pdf')).getByRole('status').textContent).toBe('Refused');
    expect(within(row('receipt.pdf')).getByRole('alert').textContent).toBe('Only jpg, png, gif, webp, heic and pdf files are accepted');
    expect(within(row('receipt.pdf')).queryByRole('button', { name: 'Retry receipt.pdf' })).toBeNull();
    expect(within(row('receipt.pdf')).getByRole('button', { name: 'Remove receipt.pdf' })).toBeTruthy();
    for (const status of [413, 415]) {
      pick([pdf(`refused-${status}.pdf`)]);
      await flush();
      await act(async () => FakeXhr.last().answer(status, { code: status, message: `No (${status})` }));
      expect(within(row(`refused-${status}.pdf`)).getByRole('status').textContent).toBe('Refused');
      expect(within(row(`refused-${status}.pdf`)).queryByRole('button', { name: /^Retry/ })).toBeNull();
    }
  });

  it('offers Retry when the transfer failed (a server fault), and sends the file again', async () => {
    renderZone();
    pick([pdf()]);
    await flush();
    await act(async () => FakeXhr.last().answer(503, { code: 503, message: 'The service is unavailable (request id r-1)' }));
    expect(within(row('receipt.pdf')).getByRole('status').textContent).toBe('Failed');
    expect(within(row('receipt.pdf')).getByRole('alert').textContent).toContain('unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry receipt.pdf' }));
    await flush();
    expect(FakeXhr.all).toHaveLength(2);
    expect(within(row('receipt.pdf')).queryByRole('alert')).toBeNull();
  });

  it('takes dropped and pasted files, with thumbnails for images that are let go of', async () => {
    const { unmount } = renderZone();
    const zone = screen.getByRole('group', { name: 'Receipts' });
    fireEvent.drop(zone, { dataTransfer: { files: [png('dropped.png')] } });
    fireEvent.paste(zone, { clipboardData: { files: [png('pasted.png')] } });
    await flush();
    expect(FakeXhr.all).toHaveLength(2);
    expect((row('dropped.png').querySelector('img') as HTMLImageElement).src).toBe('blob:dropped.png');
    expect(row('pasted.png').querySelector('img')).not.toBeNull();
    await act(async () => FakeXhr.all[0]!.fail());
    fireEvent.click(screen.getByRole('button', { name: 'Remove dropped.png' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:dropped.png');
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:pasted.png');
    expect(FakeXhr.all[1]!.aborted).toBe(true);
  });

  it('offers the phone camera through an image input with capture', () => {
    renderZone();
    const camera = screen.getByLabelText('Receipts: take a photo');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/*');
  });
});
