// @vitest-environment jsdom
import { act, configure, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, CancelledError } from '../../src/lib/api-client.ts';
import { useResource, type Load } from '../../src/lib/use-resource.ts';

/** A load whose answers the test gives by hand, with the signal of each call. */
function handLoad<T>() {
  const calls: { signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const load: Load<T> = (signal) => new Promise<T>((resolve, reject) => calls.push({ signal, resolve, reject }));
  return { load, calls };
}

// A shared, loaded CI machine can take longer than testing-library's 1 s default to run an effect.
configure({ asyncUtilTimeout: 10_000 });

const refused = new ApiError('GET', '/api/thing/', 404, { detail: 'Not found.' }, null);

describe('useResource', () => {
  it('is loading, then ready with the answer', async () => {
    const { load, calls } = handLoad<string>();
    const { result } = renderHook(() => useResource('a', load));
    expect(result.current).toMatchObject({ status: 'loading', data: undefined, error: null });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.resolve('answer'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'answer', error: null });
  });

  it('fails with the error read as forms read it, and a retry loads again', async () => {
    const { load, calls } = handLoad<string>();
    const { result } = renderHook(() => useResource('a', load));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.reject(refused));
    expect(result.current.status).toBe('failed');
    expect(result.current.error).toMatchObject({ status: 404, detail: 'Not found.' });

    act(() => result.current.retry());
    expect(result.current).toMatchObject({ status: 'loading', error: null });
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve('second'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'second' });
  });

  it('reads an unreachable server with the generic message', async () => {
    const { load, calls } = handLoad<string>();
    const { result } = renderHook(() => useResource('a', load));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.reject(new ApiError('GET', '/api/thing/', 0, undefined, null)));
    expect(result.current.error?.detail).toBe('Cannot reach the server. Check your connection and try again.');
  });

  it('reloads after a write, keeping the current data until the new answer', async () => {
    const { load, calls } = handLoad<string>();
    const { result } = renderHook(() => useResource('a', load));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.resolve('before'));
    let reloaded = false;
    let reload!: Promise<void>;
    act(() => {
      reload = result.current.reload().then(() => void (reloaded = true));
    });
    expect(result.current).toMatchObject({ status: 'loading', data: 'before' });
    expect(reloaded).toBe(false);
    await act(async () => calls[1]!.resolve('after'));
    await reload;
    expect(result.current).toMatchObject({ status: 'ready', data: 'after' });
  });

  it('cancels the load of the old key: its late answer never replaces the new one', async () => {
    const { load, calls } = handLoad<string>();
    const { result, rerender } = renderHook(({ key }) => useResource(key, load), { initialProps: { key: 'a' } });
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender({ key: 'b' });
    expect(result.current).toMatchObject({ status: 'loading', data: undefined });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);

    await act(async () => calls[1]!.resolve('b answer'));
    await act(async () => calls[0]!.resolve('a answer, late'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'b answer' });
  });

  it('with keepPrevious, shows the old key’s answer while the new key loads', async () => {
    const { load, calls } = handLoad<string>();
    const { result, rerender } = renderHook(({ key }) => useResource(key, load, { keepPrevious: true }), { initialProps: { key: 'page 1' } });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.resolve('first page'));
    rerender({ key: 'page 2' });
    expect(result.current).toMatchObject({ status: 'loading', data: 'first page' });
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]!.resolve('second page'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'second page' });
  });

  it('leaves a load cancelled by the API client (a newer request replaced it) loading, as no failure', async () => {
    const { load, calls } = handLoad<string>();
    const { result } = renderHook(() => useResource('a', load));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.reject(new CancelledError('replaced')));
    expect(result.current).toMatchObject({ status: 'loading', error: null });
  });

  it('cancels the load on unmount', async () => {
    const { load, calls } = handLoad<string>();
    const { unmount } = renderHook(() => useResource('a', load));
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('reads nothing for a null key', () => {
    const { load, calls } = handLoad<string>();
    const { result } = renderHook(() => useResource(null, load));
    expect(result.current.status).toBe('loading');
    expect(calls).toHaveLength(0);
  });
});
