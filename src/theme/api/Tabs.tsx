import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { contentId } from './contentId.js';
import type { TabItemProps } from './TabItem.js';
import { tabsMarkup, tabsOrder, tabsQueryKey, type TabValue } from '../../shared/tabs.js';
import { markupToReact } from './markupToReact.js';

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
 * Docusaurus's @theme/Tabs, with the markup of markdown's tabs (shared/tabs.ts): the browser runtime
 * switches them by event delegation (and keeps a `groupId` choice), so a page's tabs need no code of their own.
 */
export default function Tabs({ defaultValue, groupId, queryString, values, className, children }: TabsProps) {
  const given = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement(c));
  for (const item of given) if ((item.props as Partial<TabItemProps>).value === undefined) throw new Error('<TabItem> needs a value="..." attribute');
  const order = tabsOrder(
    given.map((i) => ({ value: i.props.value, label: i.props.label })),
    values,
  );
  const items = order.flatMap((o) => given.filter((i) => i.props.value === o.value).slice(0, 1));
  const queryKey = tabsQueryKey(queryString, groupId);
  // Two tab sets with the same group and values on one page share ids.
  const id = contentId('tabs', JSON.stringify([groupId, order.map((o) => [o.value, o.label])]));
  const wanted = defaultValue ?? items.find((i) => i.props.default)?.props.value ?? items[0]?.props.value;
  const panels = items.map((i) => ({ value: i.props.value, className: i.props.className, children: i.props.children }));
  return markupToReact(tabsMarkup<ReactNode>({ id, tabs: order, panels, wanted, groupId, queryKey, className }));
}
