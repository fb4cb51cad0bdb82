/**
 * One fetch of something a page loads when first needed (a module behind a dynamic import):
 * every ask shares it, and a failed fetch (a dropped connection) is forgotten, so the next ask
 * fetches again. `pending` is the fetch once started (the component tests wait for it before
 * their page is taken down); `value` what it brought, once it has.
 */
export function fetchOnce<T>(fetch: () => Promise<T>) {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load(): Promise<T> {
      pending ??= fetch().then(
        (fetched) => {
          value = fetched;
          return fetched;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    get pending(): Promise<T> | undefined {
      return pending;
    },
    get value(): T | undefined {
      return value;
    },
  };
}
