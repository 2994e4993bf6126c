/**
 * localStorage behind a key, safe where storage is blocked (private modes, sandboxed frames,
 * disabled cookies): SPEC §4 — a warning is logged once and every operation does nothing.
 */
export interface StorageSlot {
  get(): string | null;
  set(value: string): void;
  del(): void;
}

let warned = false;

function browserStorage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch (error) {
    if (!warned) {
      warned = true;
      console.warn(
        `Browser storage is unavailable, so preferences such as the colour mode will not be remembered. ${String(error)}`,
      );
    }
    return null;
  }
}

/** Calls storage, turning a throw (quota, security) into the same single warning. */
function attempt<T>(operation: (storage: Storage) => T, fallback: T): T {
  const storage = browserStorage();
  if (storage === null) return fallback;
  try {
    return operation(storage);
  } catch (error) {
    if (!warned) {
      warned = true;
      console.warn(`Browser storage is unavailable: ${String(error)}`);
    }
    return fallback;
  }
}

export function createStorageSlot(key: string): StorageSlot {
  return {
    get: () => attempt((storage) => storage.getItem(key), null),
    set: (value) => attempt((storage) => storage.setItem(key, value), undefined),
    del: () => attempt((storage) => storage.removeItem(key), undefined),
  };
}

/** Storage keys of SPEC §3; the inline head script (head-script.ts) reads the same keys. */
export const storageKeys = {
  theme: 'theme',
  announcementDismissed: 'announcement.dismiss',
  announcementId: 'announcement.id',
  docsPreferredVersion: 'docs-preferred-version-default',
  /** The tab chosen in a group of tabs (theme/Tabs), e.g. the language of code samples. */
  tabGroupChoice: (groupId: string) => `docs-tab.${groupId}`,
} as const;
