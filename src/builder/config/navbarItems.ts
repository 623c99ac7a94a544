import * as z from 'zod';
import { PARSE_FEW } from '../parseFew.js';
import { docsNavbarItemSchemas } from '../plugins/docs/options.js';

// Typed registry of navbar item types: each type's schema (a plugin's types from its options.ts, as
// config/schema.ts composes its options). The theme's registry draws the same types.
// An unknown type is an error that names it and prints the item's config.

const position = z.enum(['left', 'right']).optional();
const common = {
  position,
  className: z.string().optional(),
  label: z.string().optional(),
  'aria-label': z.string().optional(),
};

const linkItem = z.strictObject({
  ...common,
  type: z.literal('default').optional(),
  to: z.string().optional(),
  href: z.string().optional(),
  html: z.string().optional(),
  activeBasePath: z.string().optional(),
  activeBaseRegex: z.string().optional(),
  target: z.string().optional(),
});

type ItemSchema = z.ZodType<unknown>;

const navbarItemSchemas: Record<string, () => ItemSchema> = {
  default: () => linkItem,
  dropdown: () =>
    z.strictObject({
      ...common,
      type: z.literal('dropdown').optional(),
      to: z.string().optional(),
      href: z.string().optional(),
      items: z.array(z.looseObject({ type: z.string().optional() })),
    }),
  html: () => z.strictObject({ ...common, type: z.literal('html'), value: z.string() }),
  // The docs plugin's types (doc, docSidebar, docsVersion, docsVersionDropdown), with their owner.
  ...docsNavbarItemSchemas(common),
  localeDropdown: () =>
    z.strictObject({
      ...common,
      type: z.literal('localeDropdown'),
      dropdownItemsBefore: z.array(z.looseObject({})).optional(),
      dropdownItemsAfter: z.array(z.looseObject({})).optional(),
    }),
  search: () => z.strictObject({ ...common, type: z.literal('search') }),
};

export interface NavbarItemProblem {
  path: (string | number)[];
  message: string;
}

/** An item's type: its `type`; without one, a dropdown when it has `items` (as Docusaurus reads it), else a link. */
export function itemType(item: { type?: unknown; items?: unknown }): string {
  return typeof item.type === 'string' ? item.type : Array.isArray(item.items) ? 'dropdown' : 'default';
}

/** Checks every navbar item (and dropdown children) against the registry. */
export function checkNavbarItems(items: unknown[], basePath: (string | number)[]): NavbarItemProblem[] {
  const problems: NavbarItemProblem[] = [];
  items.forEach((raw, index) => {
    const path = [...basePath, index];
    const item = raw as { type?: unknown; items?: unknown };
    const type = itemType(item);
    const schema = navbarItemSchemas[type];
    if (!schema) {
      problems.push({
        path,
        message: `No NavbarItem component found for type "${type}".\n      Item config: ${JSON.stringify(raw)}\n      Known types: ${Object.keys(navbarItemSchemas).join(', ')}`,
      });
      return;
    }
    const result = schema().safeParse(raw, PARSE_FEW);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push({ path: [...path, ...(issue.path as (string | number)[])], message: describeIssue(issue) });
      }
    }
    if (type === 'dropdown' && Array.isArray(item.items)) {
      problems.push(...checkNavbarItems(item.items, [...path, 'items']));
    }
  });
  return problems;
}

export function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_type': {
      const found = 'input' in issue ? describeValue(issue.input) : 'nothing';
      return `expected ${issue.expected}, found ${found}`;
    }
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, found ${'input' in issue ? describeValue(issue.input) : 'nothing'}`;
    case 'invalid_union':
      return `does not match any allowed shape (found ${'input' in issue ? describeValue(issue.input) : 'nothing'})`;
    default:
      return `${issue.message}${'input' in issue && issue.input !== undefined ? ` (found ${describeValue(issue.input)})` : ''}`;
  }
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 60 ? value.slice(0, 57) + '...' : value)}`;
  return `${typeof value} ${String(value)}`;
}
