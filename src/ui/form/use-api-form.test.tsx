import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../api/errors.ts';
import { laterResolver, useApiForm, type SchemaSource } from './use-api-form.ts';

const schema = z.object({ name: z.string().min(1, 'Required') });

function Harness({
  submit,
  check = schema,
}: {
  submit: (v: { name: string }) => Promise<unknown>;
  check?: SchemaSource<{ name: string }, { name: string }>;
}) {
  const api = useApiForm({ schema: check, defaultValues: { name: 'Ada' }, submit });
  return (
    <form onSubmit={(e) => void api.onSubmit(e)}>
      <input aria-label="Name" {...api.form.register('name')} />
      <p data-testid="field-error">{api.form.formState.errors.name?.message}</p>
      <p data-testid="form-error">{api.formError}</p>
      <p data-testid="state">{`${api.submitting ? 'sending' : 'idle'} ${api.dirty ? 'dirty' : 'clean'}`}</p>
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(cleanup);

describe('useApiForm', () => {
  it('sends once while a submit is running, and is clean again after it succeeds', async () => {
    let finish: () => void = () => {};
    const submit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness submit={submit} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada L' } });
    await act(async () => {
      fireEvent.click(screen.getByText('Save'));
      fireEvent.click(screen.getByText('Save'));
    });
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenCalledWith({ name: 'Ada L' });
    expect(screen.getByTestId('state').textContent).toBe('sending dirty');
    await act(async () => finish());
    expect(screen.getByTestId('state').textContent).toBe('idle clean');
  });

  it('puts a 422 on its field and a 409 in the form alert', async () => {
    const submit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(422, { code: 422, message: 'Not valid', errors: { name: ['Taken'] } }))
      .mockRejectedValueOnce(new ApiError(409, { code: 409, message: 'Changed by someone else' }));
    render(<Harness submit={submit} />);
    await act(async () => fireEvent.click(screen.getByText('Save')));
    await waitFor(() => expect(screen.getByTestId('field-error').textContent).toBe('Taken'));
    expect(screen.getByTestId('form-error').textContent).toBe('');
    await act(async () => fireEvent.click(screen.getByText('Save')));
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe('Changed by someone else'));
  });

  it('checks with the schema before sending', async () => {
    const submit = vi.fn(async () => undefined);
    render(<Harness submit={submit} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByText('Save')));
    await waitFor(() => expect(screen.getByTestId('field-error').textContent).toBe('Required'));
    expect(submit).not.toHaveBeenCalled();
  });

  it('checks with a schema it imports when the form is drawn', async () => {
    const submit = vi.fn(async () => undefined);
    const imported = vi.fn(async () => schema);
    render(<Harness submit={submit} check={imported} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByText('Save')));
    await waitFor(() => expect(screen.getByTestId('field-error').textContent).toBe('Required'));
    expect(submit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } });
    await act(async () => fireEvent.click(screen.getByText('Save')));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'Grace' }));
    expect(imported).toHaveBeenCalledTimes(1);
  });
});

describe('laterResolver', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as const;

  it('sends nothing while its code cannot load, and asks for it again on the next check', async () => {
    const imported = vi.fn<() => Promise<typeof schema>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const { resolver } = laterResolver(imported);
    const first = await resolver({ name: 'Ada' }, undefined, options);
    expect(first.errors).toHaveProperty('root');
    expect(first.values).toEqual({});
    const second = await resolver({ name: 'Ada' }, undefined, options);
    expect(second).toEqual({ values: { name: 'Ada' }, errors: {} });
    const third = await resolver({ name: '' }, undefined, options);
    expect(third.errors).toHaveProperty('name');
    expect(imported).toHaveBeenCalledTimes(2);
  });
});
