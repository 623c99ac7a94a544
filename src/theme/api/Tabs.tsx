import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { contentId } from './contentId.js';
import type { TabItemProps } from './TabItem.js';
import { tabsOrder, tabsQueryKey, type TabValue } from '../../shared/tabs.js';

export interface TabsProps {
  defaultValue?: string;
  groupId?: string;
  /** Keep the tab in the page's url, under this search parameter (true: the groupId), as Docusaurus does. */
  queryString?: string | boolean;
  /** The tabs' order and labels, [{ label, value }] (Docusaurus's older form). */
  values?: TabValue[];
  className?: string;
  children?: ReactNode;
}

/**
 * Docusaurus's @theme/Tabs, with the markup of markdown's tabs: the browser runtime switches them by
 * event delegation (and keeps a `groupId` choice), so a page's tabs need no code of their own.
 */
export default function Tabs({ defaultValue, groupId, queryString, values, className, children }: TabsProps) {
  const given = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement(c));
  for (const item of given) if ((item.props as Partial<TabItemProps>).value === undefined) throw new Error('<TabItem> needs a value="..." attribute');
  const order = tabsOrder(
    given.map((i) => ({ value: i.props.value, label: i.props.label })),
    values,
  );
  const items = order.map((o) => {
    const item = given.find((i) => i.props.value === o.value)!;
    return { ...item, props: { ...item.props, label: o.label } } as ReactElement<TabItemProps>;
  });
  const queryKey = tabsQueryKey(queryString, groupId);
  // Two tab sets with the same group and values on one page share ids.
  const id = contentId('tabs', JSON.stringify([groupId, items.map((i) => [i.props.value, i.props.label])]));
  const wanted = defaultValue ?? items.find((i) => i.props.default)?.props.value ?? items[0]?.props.value;
  return (
    <div className={className ? `tabs-container ${className}` : 'tabs-container'} data-group-id={groupId} data-query-string={queryKey}>
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
