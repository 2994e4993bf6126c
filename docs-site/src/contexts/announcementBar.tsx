/**
 * SPEC §4 announcement bar, after Docusaurus' announcementBar context: shown unless closed;
 * closing stores a dismissed flag; a new announcement id resets the flag. The server renders the
 * bar and the inline head script hides it before first paint when it was dismissed (no flash).
 */
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AnnouncementBarConfig } from '../config/site-config-schema';
import { createStorageSlot, storageKeys } from '../utils/storage';
import { createRequiredContext } from './requiredContext';

interface AnnouncementBarValue {
  isActive: boolean;
  close: () => void;
}

const [AnnouncementBarContextProvider, useAnnouncementBarContext] =
  createRequiredContext<AnnouncementBarValue>('useAnnouncementBar', 'AnnouncementBarProvider');
const dismissStorage = createStorageSlot(storageKeys.announcementDismissed);
const idStorage = createStorageSlot(storageKeys.announcementId);

const isDismissedInStorage = () => dismissStorage.get() === 'true';

export function AnnouncementBarProvider({
  config,
  children,
}: {
  config: AnnouncementBarConfig | undefined;
  children: ReactNode;
}) {
  // Server and hydration render the bar; the head script's attribute hides it by CSS meanwhile.
  const [isClosed, setClosed] = useState(false);
  const [storageRead, setStorageRead] = useState(false);

  useEffect(() => {
    if (config === undefined) return;
    const isNewAnnouncement = idStorage.get() !== config.id;
    idStorage.set(config.id);
    if (isNewAnnouncement) dismissStorage.set('false');
    const closed = !isNewAnnouncement && isDismissedInStorage();
    // A transition: it changes the context value, and an urgent update would reach Suspense
    // boundaries that have not hydrated yet (React error #421 on slow phones).
    startTransition(() => {
      setClosed(closed);
      setStorageRead(true);
    });
  }, [config]);

  useEffect(() => {
    // Once React renders what storage says, the head script's CSS hint is no longer needed.
    if (storageRead)
      document.documentElement.removeAttribute('data-announcement-bar-initially-dismissed');
  }, [storageRead]);

  const close = useCallback(() => {
    dismissStorage.set('true');
    setClosed(true);
  }, []);

  const value = useMemo(
    () => ({ isActive: config !== undefined && !isClosed, close }),
    [config, isClosed, close],
  );
  return <AnnouncementBarContextProvider value={value}>{children}</AnnouncementBarContextProvider>;
}

export const useAnnouncementBar = useAnnouncementBarContext;
