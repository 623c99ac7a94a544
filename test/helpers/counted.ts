/**
 * A module with one of its functions wrapped to tell `onCall` each time it runs (for vi.mock factories,
 * in files of the isolated project: a mock applies only to modules its file imports first).
 */
export function counted<M extends Record<string, unknown>>(actual: M, name: keyof M & string, onCall: () => void): M {
  const fn = actual[name] as (...args: unknown[]) => unknown;
  return {
    ...actual,
    [name]: (...args: unknown[]) => {
      onCall();
      return fn(...args);
    },
  };
}
