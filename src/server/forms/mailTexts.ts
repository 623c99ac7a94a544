// The words of the mails the receiver sends, per language (en, zh-Hans; any other locale gets en).
// `{name}`-style slots are filled by compose.ts, which escapes every value for the HTML part. The
// names of the site's fields and options are the site's own (labels.ts).

export interface MailTexts {
  booking: { subject: string; greeting: string; thanks: string; nextTitle: string; next: string[]; reply: string; answersTitle: string; signature: string };
  confirm: { subject: string; intro: string; action: string; button: string; expires: string; notYou: string; signature: string };
  unsubscribe: string;
}

const en: MailTexts = {
  booking: {
    subject: 'Your {site} demo request: we will confirm the time by email',
    greeting: 'Hello {name},',
    thanks: 'Thank you for asking for an online demo of {site}. Your request has reached our team.',
    nextTitle: 'What happens next',
    next: [
      'Within one working day, an engineer from our team writes to you to arrange a 30-minute online session at a time that suits you.',
      'The session follows what you told us you want to solve, and leaves time for your questions.',
      'Nothing to install beforehand: a browser is enough.',
    ],
    reply: 'Want to suggest a time, add a detail or change something? Just reply to this email; it reaches the same people.',
    answersTitle: 'What you told us',
    signature: 'The {site} team',
  },
  confirm: {
    subject: 'Please confirm your subscription to {site} news',
    intro: 'Someone, most likely you, asked to receive {site} news at {email}.',
    action: 'To start receiving it, confirm the address:',
    button: 'Confirm my subscription',
    expires: 'This link works for {hours} hours and only once.',
    notYou: 'Not you? Ignore this email: without confirmation this address gets nothing more from us.',
    signature: 'The {site} team',
  },
  unsubscribe: 'Unsubscribe',
};

const zhHans: MailTexts = {
  booking: {
    subject: '已收到您的 {site} 演示预约，我们会通过邮件确认时间',
    greeting: '{name}，您好：',
    thanks: '感谢您预约 {site} 的在线演示，您的请求已送达我们的团队。',
    nextTitle: '接下来',
    next: [
      '我们的工程师会在一个工作日内写信给您，与您商定一个方便的时间，进行 30 分钟的线上演示。',
      '演示内容围绕您希望解决的问题展开，并留出时间回答您的提问。',
      '无需事先安装任何软件，有浏览器即可。',
    ],
    reply: '想提议时间、补充说明或修改信息？直接回复这封邮件即可，会由同一批同事处理。',
    answersTitle: '您填写的信息',
    signature: '{site} 团队',
  },
  confirm: {
    subject: '请确认订阅 {site} 新闻',
    intro: '有人（很可能是您本人）申请在 {email} 接收 {site} 新闻。',
    action: '确认这个邮箱地址后即可开始接收：',
    button: '确认订阅',
    expires: '该链接在 {hours} 小时内有效，且只能使用一次。',
    notYou: '不是您本人？请忽略这封邮件：未经确认，这个地址不会再收到我们的任何邮件。',
    signature: '{site} 团队',
  },
  unsubscribe: '退订',
};

/** The texts of a page language, and the language they are in. */
export function mailTexts(locale: string): { texts: MailTexts; lang: 'en' | 'zh-Hans' } {
  return /^zh\b/i.test(locale) ? { texts: zhHans, lang: 'zh-Hans' } : { texts: en, lang: 'en' };
}
