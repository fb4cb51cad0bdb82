/** How a toast looks: the colour and icon of its alert. */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

/** A button on a toast (e.g. 'Open' on a notification); pressing it also closes the toast. */
export type ToastAction = { label: string; onClick: () => void };

/** What a toast may show beside its message. */
export type ToastExtras = {
  /** A second line, e.g. the document a notification is about. */
  detail?: string;
  action?: ToastAction;
};

export type Toast = ToastExtras & {
  id: number;
  severity: ToastSeverity;
  message: string;
  /** Milliseconds until it closes by itself. */
  durationMs: number;
};

/** The spec's default toast time (1 §9). */
export const TOAST_DEFAULT_MS = 30_000;
/** Most toasts on screen at once; the oldest goes first. */
export const TOAST_MAX = 4;

type Listener = () => void;

/** The toasts on screen. Pure and framework-free so that any code may raise a toast. */
export class ToastStore {
  #toasts: readonly Toast[] = [];
  #nextId = 1;
  readonly #listeners = new Set<Listener>();

  get toasts(): readonly Toast[] {
    return this.#toasts;
  }

  show(
    severity: ToastSeverity,
    message: string,
    durationMs = TOAST_DEFAULT_MS,
    extras: ToastExtras = {},
  ): number {
    const id = this.#nextId++;
    // The same text twice in a row (a double click) shows once.
    const rest = this.#toasts.filter(
      (toast) => toast.message !== message || toast.detail !== extras.detail,
    );
    this.#set([...rest, { ...extras, id, severity, message, durationMs }].slice(-TOAST_MAX));
    return id;
  }

  dismiss(id: number): void {
    if (this.#toasts.some((toast) => toast.id === id)) {
      this.#set(this.#toasts.filter((toast) => toast.id !== id));
    }
  }

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(toasts: readonly Toast[]): void {
    this.#toasts = toasts;
    for (const listener of this.#listeners) listener();
  }
}

/** The tab's toasts. */
export const toasts = new ToastStore();

/** Shows a toast: `toast.success('Saved')`. */
export const toast = {
  success: (message: string, durationMs?: number) => toasts.show('success', message, durationMs),
  info: (message: string, durationMs?: number) => toasts.show('info', message, durationMs),
  warning: (message: string, durationMs?: number) => toasts.show('warning', message, durationMs),
  error: (message: string, durationMs?: number) => toasts.show('error', message, durationMs),
};
