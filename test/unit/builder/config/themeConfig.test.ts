import { describe, expect, it } from 'vitest';
import { themeConfigSchema } from '../../../../src/builder/config/themeConfig.js';
import { configMessages } from '../../../helpers/configProblems.js';

describe('themeConfig options', () => {
  it('defaults to a light site without a mode switch, an empty navbar and no footer', () => {
    const theme = themeConfigSchema.parse({});
    expect(theme.colorMode).toEqual({ defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false });
    expect(theme.navbar).toEqual({ hideOnScroll: false, items: [] });
    expect(theme.footer).toBeUndefined();
    expect(theme.mermaid.theme).toEqual({ light: 'default', dark: 'dark' });
  });

  it('names the option of an invalid value with its path in the site config', () => {
    expect(configMessages({ themeConfig: { footer: { style: 'blue' } } })).toEqual(['themeConfig.footer.style: expected one of "light", "dark", found the string "blue"']);
    expect(configMessages({ themeConfig: { announcementBar: { id: 'x' } } })).toEqual(['themeConfig.announcementBar.content: expected string, found nothing']);
  });
});
