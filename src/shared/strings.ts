// The theme's own UI strings with their default (English) messages. A site overrides or translates
// them in i18n/<locale>/code.json under the same ids; zh-Hans translations ship with the theme, as
// Docusaurus ships its theme translations.

export const defaultStrings = {
  'theme.common.skipToMainContent': 'Skip to main content',
  'theme.common.headingLinkTitle': 'Direct link to {heading}',
  'theme.common.editThisPage': 'Edit this page',
  'theme.docs.breadcrumbs.home': 'Home page',
  'theme.docs.breadcrumbs.navAriaLabel': 'Breadcrumbs',
  'theme.docs.paginator.navAriaLabel': 'Docs pages',
  'theme.docs.paginator.previous': 'Previous',
  'theme.docs.paginator.next': 'Next',
  'theme.docs.sidebar.navAriaLabel': 'Docs sidebar',
  'theme.docs.sidebar.collapseButtonTitle': 'Collapse sidebar',
  'theme.docs.sidebar.expandButtonTitle': 'Expand sidebar',
  'theme.docs.sidebar.toggleCategory': "Toggle the collapsible sidebar category '{label}'",
  'theme.TOCCollapsible.toggleButtonLabel': 'On this page',
  'theme.TOC.title': 'On this page',
  'theme.docs.versionBadge.label': 'Version: {versionLabel}',
  'theme.docs.versions.unreleasedVersionLabel': 'This is unreleased documentation for {siteTitle} {versionLabel} version.',
  'theme.docs.versions.unmaintainedVersionLabel': 'This is documentation for {siteTitle} {versionLabel}, which is no longer actively maintained.',
  'theme.docs.versions.latestVersionSuggestionLabel': 'For up-to-date documentation, see the {latestVersionLink} ({versionLabel}).',
  'theme.docs.versions.latestVersionLinkLabel': 'latest version',
  'theme.lastUpdated.atDate': ' on {date}',
  'theme.lastUpdated.byUser': ' by {user}',
  'theme.lastUpdated.lastUpdatedAtBy': 'Last updated{atDate}{byUser}',
  'theme.NotFound.title': 'Page Not Found',
  'theme.NotFound.p1': 'We could not find what you were looking for.',
  'theme.NotFound.p2': 'Please contact the owner of the site that linked you to the original URL and let them know their link is broken.',
  'theme.NotFound.metaDescription': 'This page of {siteTitle} does not exist.',
  'theme.navbar.mobileLanguageDropdown.label': 'Languages',
  'theme.navbar.mobileVersionsDropdown.label': 'Versions',
  'theme.docs.sidebar.toggleSidebarButtonAriaLabel': 'Toggle navigation bar',
  'theme.docs.sidebar.closeSidebarButtonAriaLabel': 'Close navigation bar',
  'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel': '← Back to main menu',
  'theme.CodeBlock.copy': 'Copy',
  'theme.CodeBlock.copied': 'Copied',
  'theme.CodeBlock.copyButtonAriaLabel': 'Copy code to clipboard',
  'theme.ErrorPageContent.title': 'This page crashed.',
  'theme.ErrorPageContent.tryAgain': 'Try again',
  'theme.loadingFailure.retry': 'Retry',
  'theme.common.close': 'Close',
  'theme.SearchBar.label': 'Search',
  'theme.SearchBar.noResultsText': 'No results',
  'theme.SearchBar.seeAll': 'See all results',
  'theme.SearchBar.searchInContext': 'See all results within "{context}"',
  'theme.SearchBar.seeAllOutsideContext': 'See all results outside "{context}"',
  'theme.SearchPage.title': 'Search the documentation',
  'theme.SearchPage.placeholder': 'Type your search here',
  'theme.SearchPage.metaDescription': 'Search every page of {siteTitle}.',
  'theme.SearchPage.resultsCount': 'One document found for "{query}"|{count} documents found for "{query}"',
  'theme.SearchPage.noResults': 'No documents were found for "{query}"',
  'theme.SearchPage.loading': 'Loading the search index…',
  'theme.SearchBar.unexpectedVersionUrl': 'Unexpected version url',
  'theme.SearchBar.removeHighlight': 'Remove highlighting',
  'theme.admonition.note': 'note',
  'theme.admonition.tip': 'tip',
  'theme.admonition.info': 'info',
  'theme.admonition.caution': 'caution',
  'theme.admonition.warning': 'warning',
  'theme.admonition.danger': 'danger',
  'theme.blog.post.readingTime.plurals': 'One min read|{readingTime} min read',
  'theme.blog.post.readMore': 'Read more',
  'theme.blog.post.readMoreLabel': 'Read more about {title}',
  'theme.blog.paginator.navAriaLabel': 'Blog list page navigation',
  'theme.blog.paginator.newerEntries': 'Newer entries',
  'theme.blog.paginator.olderEntries': 'Older entries',
  'theme.blog.post.paginator.navAriaLabel': 'Blog post page navigation',
  'theme.blog.post.paginator.newerPost': 'Newer post',
  'theme.blog.post.paginator.olderPost': 'Older post',
  'theme.blog.archive.title': 'Archive',
  'theme.blog.archive.description': 'Archive',
  'theme.blog.sidebar.navAriaLabel': 'Blog recent posts navigation',
  'theme.tags.tagsPageTitle': 'Tags',
  'theme.tags.tagsListLabel': 'Tags:',
  'theme.tags.tagsPageLink': 'View all tags',
  'theme.blog.tagTitle': '{nPosts} tagged with "{tagName}"',
  'theme.blog.tagTitle.nPosts': 'One post|{count} posts',
  'theme.blog.authorsList.pageTitle': 'Authors',
  'theme.blog.authorsList.viewAll': 'View all authors',
  'theme.blog.author.pageTitle': '{authorName} - {nPosts}',
  'theme.docs.tagDocListPageTitle': '{nDocsTagged} with "{tagName}"',
  'theme.docs.tagDocListPageTitle.nDocsTagged': 'One doc tagged|{count} docs tagged',
  'theme.docs.DocCard.categoryDescription.plurals': '1 item|{count} items',
  'theme.colorToggle.ariaLabel': 'Switch between dark and light mode (currently {mode})',
  'theme.colorToggle.ariaLabel.mode.light': 'light mode',
  'theme.colorToggle.ariaLabel.mode.dark': 'dark mode',
  'theme.AnnouncementBar.closeButtonAriaLabel': 'Close',
  'theme.unlistedContent.title': 'Unlisted page',
  'theme.unlistedContent.message': 'This page is unlisted. Search engines will not index it, and only users having a direct link can access it.',
} as const;

export type StringId = keyof typeof defaultStrings;

export const bundledTranslations: Record<string, Partial<Record<StringId, string>>> = {
  'zh-Hans': {
    'theme.common.skipToMainContent': '跳到主要内容',
    'theme.common.headingLinkTitle': '{heading}的直接链接',
    'theme.common.editThisPage': '编辑此页',
    'theme.docs.breadcrumbs.home': '主页面',
    'theme.docs.breadcrumbs.navAriaLabel': '页面路径',
    'theme.docs.paginator.navAriaLabel': '文件选项卡',
    'theme.docs.paginator.previous': '上一页',
    'theme.docs.paginator.next': '下一页',
    'theme.docs.sidebar.navAriaLabel': '文档侧边栏',
    'theme.docs.sidebar.collapseButtonTitle': '收起侧边栏',
    'theme.docs.sidebar.expandButtonTitle': '展开侧边栏',
    'theme.docs.sidebar.toggleCategory': '打开/收起侧边栏菜单「{label}」',
    'theme.TOCCollapsible.toggleButtonLabel': '本页总览',
    'theme.TOC.title': '本页总览',
    'theme.docs.versionBadge.label': '版本：{versionLabel}',
    'theme.docs.versions.unreleasedVersionLabel': '本页是 {siteTitle} {versionLabel} 的文档，该版本尚未发布。',
    'theme.docs.versions.unmaintainedVersionLabel': '本页是 {siteTitle} {versionLabel} 的文档，该版本已不再维护。',
    'theme.docs.versions.latestVersionSuggestionLabel': '如需查看最新文档，请前往{latestVersionLink}（{versionLabel}）。',
    'theme.docs.versions.latestVersionLinkLabel': '最新版本',
    'theme.NotFound.title': '找不到页面',
    'theme.NotFound.p1': '我们找不到您要找的页面。',
    'theme.NotFound.p2': '请联系原始链接来源网站的所有者，并告知他们链接已损坏。',
    'theme.NotFound.metaDescription': '{siteTitle} 没有这个页面。',
    'theme.navbar.mobileLanguageDropdown.label': '选择语言',
    'theme.navbar.mobileVersionsDropdown.label': '选择版本',
    'theme.docs.sidebar.toggleSidebarButtonAriaLabel': '切换导航栏',
    'theme.docs.sidebar.closeSidebarButtonAriaLabel': '关闭导航栏',
    'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel': '← 回到主菜单',
    'theme.CodeBlock.copy': '复制',
    'theme.CodeBlock.copied': '复制成功',
    'theme.CodeBlock.copyButtonAriaLabel': '复制代码到剪贴板',
    'theme.ErrorPageContent.title': '页面已崩溃。',
    'theme.ErrorPageContent.tryAgain': '重试',
    'theme.loadingFailure.retry': '重试',
    'theme.common.close': '关闭',
    'theme.SearchBar.label': '搜索',
    'theme.SearchBar.noResultsText': '没有找到任何文档',
    'theme.SearchBar.seeAll': '查看全部结果',
    'theme.SearchBar.searchInContext': '查看“{context}”以内的全部结果',
    'theme.SearchBar.seeAllOutsideContext': '查看“{context}”以外的全部结果',
    'theme.SearchPage.title': '搜索文档',
    'theme.SearchPage.placeholder': '在此输入搜索词',
    'theme.SearchPage.metaDescription': '搜索 {siteTitle} 的所有页面。',
    'theme.SearchPage.resultsCount': '共找到 {count} 篇关于“{query}”的文档',
    'theme.SearchPage.noResults': '没有找到关于“{query}”的文档',
    'theme.SearchPage.loading': '正在加载搜索索引…',
    'theme.SearchBar.removeHighlight': '移除高亮',
    'theme.admonition.note': '备注',
    'theme.admonition.tip': '提示',
    'theme.admonition.info': '信息',
    'theme.admonition.caution': '警告',
    'theme.admonition.warning': '注意',
    'theme.admonition.danger': '危险',
    'theme.blog.post.readingTime.plurals': '阅读需 {readingTime} 分钟',
    'theme.blog.post.readMore': '阅读更多',
    'theme.blog.post.readMoreLabel': '阅读 {title} 的全文',
    'theme.blog.paginator.navAriaLabel': '博文列表分页导航',
    'theme.blog.paginator.newerEntries': '较新的博文',
    'theme.blog.paginator.olderEntries': '较旧的博文',
    'theme.blog.post.paginator.navAriaLabel': '博文分页导航',
    'theme.blog.post.paginator.newerPost': '较新一篇',
    'theme.blog.post.paginator.olderPost': '较旧一篇',
    'theme.blog.archive.title': '历史博文',
    'theme.blog.archive.description': '历史博文',
    'theme.blog.sidebar.navAriaLabel': '最近博文导航',
    'theme.tags.tagsPageTitle': '标签',
    'theme.tags.tagsListLabel': '标签：',
    'theme.tags.tagsPageLink': '查看所有标签',
    'theme.blog.tagTitle': '{nPosts} 含有标签「{tagName}」',
    'theme.blog.tagTitle.nPosts': '{count} 篇博文',
    'theme.blog.authorsList.pageTitle': '作者',
    'theme.blog.authorsList.viewAll': '查看所有作者',
    'theme.blog.author.pageTitle': '{authorName} - {nPosts}',
    'theme.docs.tagDocListPageTitle': '{nDocsTagged}「{tagName}」',
    'theme.docs.tagDocListPageTitle.nDocsTagged': '{count} 篇文档带有标签',
    'theme.docs.DocCard.categoryDescription.plurals': '{count} 个项目',
    'theme.colorToggle.ariaLabel': '切换浅色/暗黑模式（当前为{mode}）',
    'theme.colorToggle.ariaLabel.mode.light': '浅色模式',
    'theme.colorToggle.ariaLabel.mode.dark': '暗黑模式',
    'theme.lastUpdated.atDate': '于 {date} ',
    'theme.lastUpdated.byUser': '由 {user} ',
    'theme.lastUpdated.lastUpdatedAtBy': '最后{byUser}{atDate}更新',
    'theme.AnnouncementBar.closeButtonAriaLabel': '关闭',
    'theme.unlistedContent.title': '未列出页',
    'theme.unlistedContent.message': '此页面未列出。搜索引擎不会对其索引，只有拥有直接链接的用户才能访问。',
  },
};

export function interpolate(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (m, k: string) => (values[k] !== undefined ? String(values[k]) : m));
}

/** The plural categories in the order a message lists its forms ("One min read|{n} min read"), as Docusaurus's usePluralForm. */
const FORM_ORDER: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * Picks the form of `message` ("one|other" for English, one form for Chinese; forms separated by "|")
 * that the locale's plural rules (Intl.PluralRules) give `count`. A message with fewer forms than the
 * locale has categories uses its last form for the missing ones.
 */
export function plural(message: string, count: number, locale = 'en'): string {
  const forms = message.split('|');
  if (forms.length === 1) return forms[0];
  const { rules, categories } = pluralRules(locale);
  return forms[Math.min(categories.indexOf(rules.select(count)), forms.length - 1)];
}

// Made once per locale: a build asks for every blog list and tag page's count (a new Intl.PluralRules
// costs about 30 µs, a tenth of a warm Shifu build's render stage in all).
const rulesByLocale = new Map<string, { rules: Intl.PluralRules; categories: Intl.LDMLPluralRule[] }>();

function pluralRules(locale: string): { rules: Intl.PluralRules; categories: Intl.LDMLPluralRule[] } {
  let known = rulesByLocale.get(locale);
  if (!known) {
    let rules: Intl.PluralRules;
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    const categories = FORM_ORDER.filter((c) => rules.resolvedOptions().pluralCategories.includes(c));
    known = { rules, categories };
    rulesByLocale.set(locale, known);
  }
  return known;
}
