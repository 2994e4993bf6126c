/**
 * SPEC §4 colour mode, after Docusaurus' colorMode context. The inline head script has already
 * set `data-theme` before first paint; this keeps it in sync with the toggle, other tabs
 * (storage events) and, when the site respects it, the system preference.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ColorModeConfig } from '../config/site-config-schema';
import { createStorageSlot, storageKeys } from '../utils/storage';
import { createRequiredContext } from './requiredContext';

export type ColorMode = 'light' | 'dark';
/** What the user chose; 'system' when nothing is stored. */
export type ColorModeChoice = ColorMode | 'system';

interface ColorModeValue {
  colorMode: ColorMode;
  colorModeChoice: ColorModeChoice;
  /** null clears the stored choice. */
  setColorMode: (mode: ColorMode | null) => void;
}

const [ColorModeContextProvider, useColorModeContext] = createRequiredContext<ColorModeValue>(
  'useColorMode',
  'ColorModeProvider',
);
const themeStorage = createStorageSlot(storageKeys.theme);

function coerce(value: string | null | undefined): ColorModeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

function systemMode(): ColorMode {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function ColorModeProvider({
  config,
  children,
}: {
  config: ColorModeConfig;
  children: ReactNode;
}) {
  const { defaultMode, disableSwitch, respectPrefersColorScheme } = config;
  const resolve = useCallback(
    (choice: ColorModeChoice): ColorMode => {
      if (choice !== 'system') return choice;
      return respectPrefersColorScheme && typeof window !== 'undefined'
        ? systemMode()
        : defaultMode;
    },
    [defaultMode, respectPrefersColorScheme],
  );
  const [choice, setChoice] = useState<ColorModeChoice>(() =>
    typeof document === 'undefined'
      ? 'system'
      : coerce(document.documentElement.getAttribute('data-theme-choice')),
  );
  const [colorMode, setMode] = useState<ColorMode>(() =>
    typeof document === 'undefined'
      ? defaultMode
      : document.documentElement.getAttribute('data-theme') === 'dark'
        ? 'dark'
        : 'light',
  );

  const apply = useCallback(
    (next: ColorModeChoice) => {
      setChoice(next);
      setMode(resolve(next));
    },
    [resolve],
  );

  const setColorMode = useCallback(
    (mode: ColorMode | null) => {
      if (mode === null) themeStorage.del();
      else themeStorage.set(mode);
      apply(mode ?? 'system');
    },
    [apply],
  );

  useEffect(() => {
    // A site that later disables the switch forgets what visitors chose before.
    if (disableSwitch) themeStorage.del();
  }, [disableSwitch]);

  useEffect(() => {
    document.documentElement.setAttribute('data-theme', colorMode);
    document.documentElement.setAttribute('data-theme-choice', choice);
  }, [colorMode, choice]);

  useEffect(() => {
    if (disableSwitch) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKeys.theme && event.key !== null) return;
      apply(coerce(themeStorage.get()));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [disableSwitch, apply]);

  useEffect(() => {
    if (!respectPrefersColorScheme || choice !== 'system') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => apply('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [respectPrefersColorScheme, choice, apply]);

  const value = useMemo(
    () => ({ colorMode, colorModeChoice: choice, setColorMode }),
    [colorMode, choice, setColorMode],
  );
  return <ColorModeContextProvider value={value}>{children}</ColorModeContextProvider>;
}

export const useColorMode = useColorModeContext;
