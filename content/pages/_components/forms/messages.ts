import { translate } from '@docusaurus/Translate';
import { fieldMessage, type FormWords } from '../../_forms/words';

// Form errors travel as message ids (from the schemas and from the receiver's answers); this turns an
// id into text in the page's language. Each id is spelled out so the build can extract it.

/**
 * The text of an error id. A field's own errors (empty, or a phone number or an email address of the
 * wrong form) name the field with its name from `words` (_forms/words.ts), as its label and the mails do.
 */
export function errorText(id: string, field?: string, words?: FormWords): string {
  const own = words && field && field in words.fields ? (field as keyof FormWords['fields']) : undefined;
  switch (id) {
    case 'form.error.required':
      return own ? fieldMessage(words!, words!.required, own) : translate({ id: 'form.error.required', message: 'This field is required', description: 'Form error: empty required field' });
    case 'form.error.phone':
    case 'form.error.email':
      if (own) return fieldMessage(words!, words!.invalid, own);
      return translate({ id: 'form.error.invalid', message: 'Please check this answer', description: 'Form error: any other invalid value' });
    case 'form.error.choice':
      return translate({ id: 'form.error.choice', message: 'Please select the best option for you', description: 'Form error: no option chosen' });
    case 'form.error.tooLong':
      return translate({ id: 'form.error.tooLong', message: 'This answer is too long', description: 'Form error: text over the length limit' });
    case 'form.error.rate':
      return translate({ id: 'form.error.rate', message: 'Too many submissions from your network. Please wait a minute and try again.', description: 'Form error: rate limit reached' });
    case 'form.error.network':
      return translate({ id: 'form.error.network', message: 'We could not reach the server. Check your connection and try again.', description: 'Form error: request failed' });
    case 'form.error.server':
      return translate({ id: 'form.error.server', message: 'Something went wrong on our side and nothing was saved. Please try again later.', description: 'Form error: server could not store the submission' });
    default:
      return translate({ id: 'form.error.invalid', message: 'Please check this answer', description: 'Form error: any other invalid value' });
  }
}

export function summaryText(count: number): string {
  return count === 1
    ? translate({ id: 'form.summary.one', message: 'One answer needs your attention.', description: 'Announced when one field is invalid' })
    : translate({ id: 'form.summary.many', message: '{count} answers need your attention.', description: 'Announced when several fields are invalid' }, { count });
}
