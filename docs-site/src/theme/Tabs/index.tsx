/**
 * Tabs for MDX guides, after Docusaurus' <Tabs>/<TabItem>: the same call shown in several
 * languages, one visible at a time. With a groupId the choice is remembered across the site
 * (hooks/useTabGroupChoice). WAI-ARIA tabs: arrows, Home and End move between tabs.
 */
import clsx from 'clsx';
import {
  Children,
  isValidElement,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTabGroupChoice } from '../../hooks/useTabGroupChoice';
import * as styles from './styles.module.css';

interface TabItemProps {
  value: string;
  label?: string;
  children: ReactNode;
}

/** One tab's content; <Tabs> renders it inside its tab panel. */
export function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

function tabItems(children: ReactNode): Array<ReactElement<TabItemProps>> {
  return Children.toArray(children).filter(
    (child): child is ReactElement<TabItemProps> =>
      isValidElement<TabItemProps>(child) && typeof child.props.value === 'string',
  );
}

export function Tabs({ groupId, children }: { groupId?: string; children: ReactNode }) {
  const id = useId();
  const items = tabItems(children);
  const values = items.map((item) => item.props.value);
  const first = values[0];
  if (first === undefined) throw new Error('<Tabs> needs at least one <TabItem value="…">');
  const [selected, choose] = useTabGroupChoice(groupId, values, first);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = values.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    choose(values[next] ?? first);
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-orientation="horizontal" className={styles.tabList}>
        {items.map((item, index) => {
          const isSelected = item.props.value === selected;
          return (
            <button
              key={item.props.value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={isSelected}
              aria-controls={`${id}-panel-${index}`}
              tabIndex={isSelected ? 0 : -1}
              className={clsx(styles.tab, isSelected && styles.tabSelected)}
              onClick={() => choose(item.props.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.props.label ?? item.props.value}
            </button>
          );
        })}
      </div>
      {items.map((item, index) => (
        <div
          key={item.props.value}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={item.props.value !== selected}
          className={styles.panel}
        >
          {item}
        </div>
      ))}
    </div>
  );
}
