/** SPEC §2/§4 announcement bar: closable, remembered, back when its id changes. */
import { siteConfig } from '../../config/site-config';
import { useAnnouncementBar } from '../../contexts/announcementBar';

export function AnnouncementBar() {
  const { isActive, close } = useAnnouncementBar();
  const config = siteConfig.announcementBar;
  if (config === undefined || !isActive) return null;
  return (
    <div
      className="announcement-bar"
      role="region"
      aria-label="Announcement"
      style={{ backgroundColor: config.backgroundColor, color: config.textColor }}
    >
      {/* Content is HTML from the trusted site config (SPEC §3). */}
      <div
        className="announcement-bar__content"
        dangerouslySetInnerHTML={{ __html: config.content }}
      />
      {config.isCloseable && (
        <button
          type="button"
          className="announcement-bar__close"
          aria-label="Close announcement"
          onClick={close}
        >
          <svg viewBox="0 0 15 15" width="14" height="14" aria-hidden="true">
            <g stroke="currentColor" strokeWidth="3.1">
              <path d="M.75.75l13.5 13.5M14.25.75L.75 14.25" />
            </g>
          </svg>
        </button>
      )}
    </div>
  );
}
