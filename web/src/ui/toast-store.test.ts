import { describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULT_MS, TOAST_MAX, ToastStore } from './toast-store';

describe('ToastStore', () => {
  it('shows toasts in order with the default time, and tells its listeners', () => {
    const store = new ToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.show('success', 'Saved');
    store.show('error', 'Failed', 1_000);
    expect(store.toasts.map(({ message, durationMs }) => [message, durationMs])).toEqual([
      ['Saved', TOAST_DEFAULT_MS],
      ['Failed', 1_000],
    ]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('shows the same text once, and at most a few toasts', () => {
    const store = new ToastStore();
    store.show('success', 'Saved');
    store.show('success', 'Saved');
    expect(store.toasts).toHaveLength(1);
    for (let i = 0; i < TOAST_MAX + 2; i += 1) store.show('info', `Note ${i}`);
    expect(store.toasts).toHaveLength(TOAST_MAX);
    expect(store.toasts.at(-1)?.message).toBe(`Note ${TOAST_MAX + 1}`);
  });

  it('keeps a detail and an action, and tells apart the same text about other things', () => {
    const store = new ToastStore();
    const onClick = vi.fn();
    store.show('info', 'Mary signed', undefined, {
      detail: 'NDA',
      action: { label: 'Open', onClick },
    });
    store.show('info', 'Mary signed', undefined, { detail: 'Lease' });
    expect(store.toasts.map(({ message, detail }) => [message, detail])).toEqual([
      ['Mary signed', 'NDA'],
      ['Mary signed', 'Lease'],
    ]);
    expect(store.toasts[0]?.action?.label).toBe('Open');
  });

  it('dismisses by id', () => {
    const store = new ToastStore();
    const id = store.show('info', 'Hello');
    store.dismiss(id);
    store.dismiss(id);
    expect(store.toasts).toEqual([]);
  });
});
