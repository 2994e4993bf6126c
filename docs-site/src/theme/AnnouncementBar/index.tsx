/** SPEC §2/§4 announcement bar: closable, remembered, back when its id changes. */
import { siteConfig } from '../../config/site-config';
import { useAnnouncementBar } from '../../contexts/announcementBar';
import { CloseButton } from '../CloseButton';
import * as styles from './styles.module.css';

export function AnnouncementBar() {
  const { isActive, close } = useAnnouncementBar();
  const config = siteConfig.announcementBar;
  if (config === undefined || !isActive) return null;
  return (
    <div
      className={styles.announcementBar}
      role="region"
      aria-label="Announcement"
      style={{ backgroundColor: config.backgroundColor, color: config.textColor }}
    >
      {/* Content is HTML from the trusted site config (SPEC §3). */}
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: config.content }} />
      {config.isCloseable && (
        <CloseButton
          label="Close announcement"
          onClick={close}
          strokeWidth={3.1}
          className={styles.close}
        />
      )}
    </div>
  );
}
