/**
 * The tab a reader chose in a group of tabs (e.g. groupId "language": curl or TypeScript),
 * remembered in localStorage and shared by every tab set of the group, on this page and in
 * other browser tabs. Read after hydration, like the colour mode's effects: the server HTML
 * and the first client render both show the default tab, so hydration always matches.
 */
import { useCallback, useEffect, useState } from 'react';
import { createStorageSlot, storageKeys } from '../utils/storage';

/** Tab sets of one group on the same page follow each other. */
const listeners = new Map<string, Set<(value: string) => void>>();

export function useTabGroupChoice(
  groupId: string | undefined,
  values: readonly string[],
  defaultValue: string,
): [string, (value: string) => void] {
  const [selected, setSelected] = useState(defaultValue);
  const known = values.join('\n');

  useEffect(() => {
    if (groupId === undefined) return;
    const slot = createStorageSlot(storageKeys.tabGroupChoice(groupId));
    const follow = (value: string | null) => {
      if (value !== null && known.split('\n').includes(value)) setSelected(value);
    };
    follow(slot.get());
    const group = listeners.get(groupId) ?? new Set();
    listeners.set(groupId, group);
    group.add(follow);
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.tabGroupChoice(groupId)) follow(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      group.delete(follow);
      window.removeEventListener('storage', onStorage);
    };
  }, [groupId, known]);

  const choose = useCallback(
    (value: string) => {
      setSelected(value);
      if (groupId === undefined) return;
      createStorageSlot(storageKeys.tabGroupChoice(groupId)).set(value);
      listeners.get(groupId)?.forEach((follow) => follow(value));
    },
    [groupId],
  );
  return [selected, choose];
}
