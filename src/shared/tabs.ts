// What Docusaurus's <Tabs> takes beyond its items, and its markup, shared by the markdown component
// (builder/markdown/components.ts) and the React one (theme/api/Tabs.tsx); the runtime
// (client/enhance.ts) reads the result from the markup.
import { markup, type MarkupElement } from './markup.js';

export interface TabValue {
  value: string;
  label?: string;
}

/**
 * The search parameter a tab set keeps its tab in (Docusaurus's `queryString`): the name given, or
 * with `true` the groupId; none when unset.
 */
export function tabsQueryKey(queryString: unknown, groupId: string | undefined): string | undefined {
  if (queryString === undefined || queryString === null || queryString === false) return undefined;
  if (queryString === true || queryString === '') {
    if (!groupId) throw new Error('queryString={true} names the search parameter by the groupId, and this <Tabs> has none: give it a groupId, or name the parameter (queryString="os")');
    return groupId;
  }
  return String(queryString);
}

/**
 * The tabs in the order and with the labels of Docusaurus's `values` ([{ label, value }]) when given,
 * else of the items; an item whose value `values` does not list is an error, as in Docusaurus.
 */
export function tabsOrder(items: TabValue[], values: unknown): TabValue[] {
  if (values === undefined || values === null) return items;
  if (!Array.isArray(values) || values.some((v) => typeof v !== 'object' || v === null || typeof (v as TabValue).value !== 'string'))
    throw new Error('values must be a list of { label, value } objects');
  const listed = values as TabValue[];
  for (const item of items)
    if (!listed.some((v) => v.value === item.value)) throw new Error(`<TabItem value="${item.value}"> is not one of the values of its <Tabs> (${listed.map((v) => v.value).join(', ')})`);
  // As in Docusaurus, a value's label is its own (else the value), not its item's.
  return listed.map((v) => ({ value: v.value, label: v.label }));
}

/** One <TabItem>'s panel: its value, its `className` and the content it shows. */
export interface TabPanel<C> {
  value: string;
  className?: unknown;
  children: C;
}

/**
 * The markup of a tab set: its tabs (tabsOrder's) and the panels of the items, in that order, `wanted`
 * shown. `id` makes the elements' ids (the markdown component numbers them in the page, the React one
 * hashes the content: the same on the server and in the browser).
 */
export function tabsMarkup<C>(params: { id: string; tabs: TabValue[]; panels: TabPanel<C>[]; wanted?: string; groupId?: string; queryKey?: string; className?: unknown }): MarkupElement<C> {
  const { id, panels, wanted } = params;
  const tabs = params.tabs.map(({ value, label }, i) => {
    const selected = value === wanted;
    return markup<C>(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: `${id}-tab-${i}`,
        ariaSelected: selected ? 'true' : 'false',
        ariaControls: [`${id}-panel-${i}`],
        tabIndex: selected ? 0 : -1,
        className: ['tabs__item', ...(selected ? ['tabs__item--active'] : [])],
        dataValue: value,
      },
      [label ?? value],
    );
  });
  const shown = panels.map(({ value, className, children }, i) =>
    markup<C>(
      'div',
      { dataValue: value, className: className ? [String(className)] : undefined, role: 'tabpanel', id: `${id}-panel-${i}`, ariaLabelledBy: [`${id}-tab-${i}`], hidden: value !== wanted },
      [{ slot: children }],
    ),
  );
  return markup(
    'div',
    { className: ['theme-tabs-container', 'tabs-container', ...(params.className ? [String(params.className)] : [])], dataGroupId: params.groupId, dataQueryString: params.queryKey },
    [markup('div', { role: 'tablist', ariaOrientation: 'horizontal', className: ['tabs'] }, tabs), markup('div', { className: ['tab-panels'] }, shown)],
  );
}
