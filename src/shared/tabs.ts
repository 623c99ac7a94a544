// What Docusaurus's <Tabs> takes beyond its items, shared by the markdown component
// (builder/markdown/components.ts) and the React one (theme/api/Tabs.tsx); the runtime
// (client/enhance.ts) reads the result from the markup.

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
