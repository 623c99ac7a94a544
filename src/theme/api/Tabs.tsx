import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { contentId } from './contentId.js';
import type { TabItemProps } from './TabItem.js';

export interface TabsProps {
  defaultValue?: string;
  groupId?: string;
  className?: string;
  children?: ReactNode;
}

/**
 * Docusaurus's @theme/Tabs, with the markup of markdown's tabs: the browser runtime switches them by
 * event delegation (and keeps a `groupId` choice), so a page's tabs need no code of their own.
 */
export default function Tabs({ defaultValue, groupId, className, children }: TabsProps) {
  const items = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement(c));
  for (const item of items) if ((item.props as Partial<TabItemProps>).value === undefined) throw new Error('<TabItem> needs a value="..." attribute');
  // Two tab sets with the same group and values on one page share ids.
  const id = contentId('tabs', JSON.stringify([groupId, items.map((i) => [i.props.value, i.props.label])]));
  const wanted = defaultValue ?? items.find((i) => i.props.default)?.props.value ?? items[0]?.props.value;
  return (
    <div className={className ? `tabs-container ${className}` : 'tabs-container'} data-group-id={groupId}>
      <div role="tablist" aria-orientation="horizontal" className="tabs">
        {items.map((item, i) => {
          const selected = item.props.value === wanted;
          return (
            <button
              key={item.props.value}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              aria-selected={selected ? 'true' : 'false'}
              aria-controls={`${id}-panel-${i}`}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'tabs-item tabs-item-active' : 'tabs-item'}
              data-value={item.props.value}
            >
              {item.props.label ?? item.props.value}
            </button>
          );
        })}
      </div>
      <div className="tab-panels">
        {items.map((item, i) => (
          <div
            key={item.props.value}
            className={item.props.className}
            role="tabpanel"
            id={`${id}-panel-${i}`}
            aria-labelledby={`${id}-tab-${i}`}
            hidden={item.props.value !== wanted}
            data-value={item.props.value}
          >
            {item.props.children}
          </div>
        ))}
      </div>
    </div>
  );
}
