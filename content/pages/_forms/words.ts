// Every word the forms have for a field and an option, in each language of the site: the labels and
// errors of the pages, the mails of the receiver (which reads them as the schemas module's `labels`)
// and the CSV export all take them from here, so no two of them can name a field differently. British
// spelling, as the rest of the site. A new language gets its own entry here (not in code.json).

import type { questionnaireChoices } from './schemas';

type Choices = typeof questionnaireChoices;

export interface FormWords {
  /** Each field's name: the label of a text field, its row in the mails, its column in the export, and the subject of its errors. */
  fields: { name: string; phone: string; email: string; company: string; problem: string; familiarity: string; source: string };
  /** The question the page asks for a field whose label is not its name. */
  questions: { name: string; problem: string; familiarity: string; source: string };
  /** Each option of a choice, by its value (every value of the schema: a missing one does not compile): on the page, in the mails and in the export. */
  choices: { [F in keyof Choices]: Record<Choices[F][number], string> };
  /** A required field left empty; `{field}` is its name, `{fieldInSentence}` the same inside a sentence. */
  required: string;
  /** A value of the wrong form (a phone number, an email address). */
  invalid: string;
}

const en: FormWords = {
  fields: {
    name: 'Name',
    phone: 'Phone number',
    email: 'Email address',
    company: 'Company or organisation',
    problem: 'Problem to solve',
    familiarity: 'Docker and Kubernetes',
    source: 'Heard of Shifu through',
  },
  questions: {
    name: 'How should we address you?',
    problem: 'Which problem do you want Shifu to solve?',
    familiarity: 'How familiar are you with Docker and Kubernetes?',
    source: 'How did you hear about Shifu?',
  },
  choices: {
    problem: { 'device-connection': 'Device connection', 'application-development': 'Application development', 'device-management': 'Device management' },
    familiarity: { 'never-heard': 'Never heard of them', 'some-knowledge': 'I have some knowledge of them', master: 'I master them' },
    source: { 'social-media': 'Social media (Hacker News, X, Reddit, WeChat...)', 'introduced-by-others': 'Introduced by someone' },
  },
  required: '{field} is required',
  invalid: 'Please enter a valid {fieldInSentence}',
};

const zhHans: FormWords = {
  fields: {
    name: '称呼',
    phone: '电话号码',
    email: '电子邮箱',
    company: '公司或组织',
    problem: '希望解决的问题',
    familiarity: 'Docker 与 Kubernetes 熟悉程度',
    source: '了解渠道',
  },
  questions: {
    name: '我们该怎么称呼您？',
    problem: '您希望用 Shifu 解决哪类问题？',
    familiarity: '您对 Docker 和 Kubernetes 的熟悉程度如何？',
    source: '您是从哪里了解到 Shifu 的？',
  },
  choices: {
    problem: { 'device-connection': '设备接入', 'application-development': '应用开发', 'device-management': '设备管理' },
    familiarity: { 'never-heard': '从没听说过', 'some-knowledge': '有一定了解', master: '熟练掌握' },
    source: { 'social-media': '社交媒体（知乎、微信、CSDN、X 等）', 'introduced-by-others': '他人推荐' },
  },
  required: '请填写{field}',
  invalid: '请输入正确的{fieldInSentence}',
};

/** The words of each language, by locale. */
export const formWords: Record<string, FormWords> = { en, 'zh-Hans': zhHans };

/** The words of a locale (English for one the site does not translate). */
export const wordsFor = (locale: string | undefined): FormWords => formWords[locale ?? 'en'] ?? en;

/** A field's message (`required`, `invalid`) in `words`' language. */
export function fieldMessage(words: FormWords, template: string, field: keyof FormWords['fields']): string {
  const name = words.fields[field];
  // "Email address" reads "email address" inside an English sentence; other scripts have no case.
  const inSentence = /^[A-Z][a-z]/.test(name) ? name[0].toLowerCase() + name.slice(1) : name;
  return template.replace('{fieldInSentence}', inSentence).replace('{field}', name);
}
