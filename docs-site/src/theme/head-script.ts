/**
 * The inline <head> script that runs before first paint: sets `data-theme` from the stored
 * choice (no flash of the wrong colours) and marks a dismissed announcement so CSS hides it
 * before React hydrates. It reads the same storage keys as the React contexts.
 */
import type { SiteConfig } from '../config/site-config-schema';
import { storageKeys } from '../utils/storage';

export function headScript(config: SiteConfig): string {
  const { defaultMode, disableSwitch, respectPrefersColorScheme } = config.colorMode;
  const announcementId = config.announcementBar?.id ?? null;
  return `(function(){var d=document.documentElement;var s=null;try{s=window.localStorage}catch(e){}
function get(k){try{return s?s.getItem(k):null}catch(e){return null}}
var stored=${disableSwitch ? 'null' : `get(${JSON.stringify(storageKeys.theme)})`};
var choice=stored==='light'||stored==='dark'?stored:'system';
var mode=choice!=='system'?choice:(${JSON.stringify(respectPrefersColorScheme)}&&window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':${JSON.stringify(defaultMode)});
d.setAttribute('data-theme',mode);d.setAttribute('data-theme-choice',choice);
var id=${JSON.stringify(announcementId)};
d.setAttribute('data-announcement-bar-initially-dismissed',String(id!==null&&get(${JSON.stringify(storageKeys.announcementId)})===id&&get(${JSON.stringify(storageKeys.announcementDismissed)})==='true'));
})();`;
}
