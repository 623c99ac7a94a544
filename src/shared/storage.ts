// localStorage that may be missing (private mode, disabled cookies, server rendering): failures are a
// logged warning, never an error.

let warned = false;

function backend(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch (e) {
    warn(e);
    return undefined;
  }
}

function warn(e: unknown): void {
  if (warned) return;
  warned = true;
  console.warn('Browser storage is not available; preferences will not be remembered.', e);
}

export const storage = {
  get(key: string): string | null {
    try {
      return backend()?.getItem(key) ?? null;
    } catch (e) {
      warn(e);
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      backend()?.setItem(key, value);
    } catch (e) {
      warn(e);
    }
  },
  remove(key: string): void {
    try {
      backend()?.removeItem(key);
    } catch (e) {
      warn(e);
    }
  },
};
