// Every word the forms have for a field and an option, in each language of the site, side by side:
// the labels and errors of the pages, the mails of the receiver (which reads them as the schemas
// module's `labels`) and the CSV export all take them from here, so no two of them can name a field
// differently. British spelling, as the rest of the site. A new language adds its words to each entry
// here (not to code.json); a missing one does not compile.

import type { questionnaireChoices } from './schemas';

type Choices = typeof questionnaireChoices;
type Field = 'name' | 'phone' | 'email' | 'company' | 'problem' | 'familiarity' | 'source';

/** The languages the forms speak (the site's locales). */
const locales = ['en', 'zh-Hans'] as const;
type Locale = (typeof locales)[number];
type Words = Record<Locale, string>;

/** Each field's name: the label of a text field, its row in the mails, its column in the export, and the subject of its errors. */
const fieldNames: Record<Field, Words> = {
  name: { en: 'Name', 'zh-Hans': '称呼' },
  phone: { en: 'Phone number', 'zh-Hans': '电话号码' },
  email: { en: 'Email address', 'zh-Hans': '电子邮箱' },
  company: { en: 'Company or organisation', 'zh-Hans': '公司或组织' },
  problem: { en: 'Problem to solve', 'zh-Hans': '希望解决的问题' },
  familiarity: { en: 'Docker and Kubernetes', 'zh-Hans': 'Docker 与 Kubernetes 熟悉程度' },
  source: { en: 'Heard of Shifu through', 'zh-Hans': '了解渠道' },
};

/** The question the page asks for a field whose label is not its name. */
const questionWords: Record<'name' | 'problem' | 'familiarity' | 'source', Words> = {
  name: { en: 'How should we address you?', 'zh-Hans': '我们该怎么称呼您？' },
  problem: { en: 'Which problem do you want Shifu to solve?', 'zh-Hans': '您希望用 Shifu 解决哪类问题？' },
  familiarity: { en: 'How familiar are you with Docker and Kubernetes?', 'zh-Hans': '您对 Docker 和 Kubernetes 的熟悉程度如何？' },
  source: { en: 'How did you hear about Shifu?', 'zh-Hans': '您是从哪里了解到 Shifu 的？' },
};

/** Each option of a choice, by its value (every value of the schema): on the page, in the mails and in the export. */
const choiceWords: { [F in keyof Choices]: Record<Choices[F][number], Words> } = {
  problem: {
    'device-connection': { en: 'Device connection', 'zh-Hans': '设备接入' },
    'application-development': { en: 'Application development', 'zh-Hans': '应用开发' },
    'device-management': { en: 'Device management', 'zh-Hans': '设备管理' },
  },
  familiarity: {
    'never-heard': { en: 'Never heard of them', 'zh-Hans': '从没听说过' },
    'some-knowledge': { en: 'I have some knowledge of them', 'zh-Hans': '有一定了解' },
    master: { en: 'I master them', 'zh-Hans': '熟练掌握' },
  },
  source: {
    'social-media': { en: 'Social media (Hacker News, X, Reddit, WeChat...)', 'zh-Hans': '社交媒体（知乎、微信、CSDN、X 等）' },
    'introduced-by-others': { en: 'Introduced by someone', 'zh-Hans': '他人推荐' },
  },
};

/** A field's own errors; `{field}` is its name, `{fieldInSentence}` the same inside a sentence. */
const errorWords = {
  /** A required field left empty. */
  required: { en: '{field} is required', 'zh-Hans': '请填写{field}' },
  /** A value of the wrong form (a phone number, an email address). */
  invalid: { en: 'Please enter a valid {fieldInSentence}', 'zh-Hans': '请输入正确的{fieldInSentence}' },
} satisfies Record<string, Words>;

/** The forms' words in one language. */
export interface FormWords {
  fields: Record<Field, string>;
  questions: Record<keyof typeof questionWords, string>;
  choices: { [F in keyof Choices]: Record<Choices[F][number], string> };
  required: string;
  invalid: string;
}

const pick = <K extends string>(entries: Record<K, Words>, locale: Locale) => Object.fromEntries(Object.entries<Words>(entries).map(([k, w]) => [k, w[locale]])) as Record<K, string>;

function inLanguage(locale: Locale): FormWords {
  return {
    fields: pick(fieldNames, locale),
    questions: pick(questionWords, locale),
    choices: {
      problem: pick(choiceWords.problem, locale),
      familiarity: pick(choiceWords.familiarity, locale),
      source: pick(choiceWords.source, locale),
    },
    required: errorWords.required[locale],
    invalid: errorWords.invalid[locale],
  };
}

/** The words of each language, by locale. */
export const formWords: Record<string, FormWords> = Object.fromEntries(locales.map((l) => [l, inLanguage(l)]));

/** The words of a locale (English for one the site does not translate). */
export const wordsFor = (locale: string | undefined): FormWords => formWords[locale ?? 'en'] ?? formWords.en;

/** A field's message (`required`, `invalid`) in `words`' language. */
export function fieldMessage(words: FormWords, template: string, field: Field): string {
  const name = words.fields[field];
  // "Email address" reads "email address" inside an English sentence; other scripts have no case.
  const inSentence = /^[A-Z][a-z]/.test(name) ? name[0].toLowerCase() + name.slice(1) : name;
  return template.replace('{fieldInSentence}', inSentence).replace('{field}', name);
}
