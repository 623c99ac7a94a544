import { translate } from '@docusaurus/Translate';

// Form errors travel as message ids (from the schemas and from the receiver's answers); this turns an
// id into text in the page's language. Each id is spelled out so the build can extract it.

export function errorText(id: string, field?: string): string {
  switch (id) {
    case 'form.error.required':
      return requiredText(field);
    case 'form.error.phone':
      return translate({ id: 'form.error.phone', message: 'Please enter the correct phone number', description: 'Form error: phone number not valid' });
    case 'form.error.email':
      return translate({ id: 'form.error.email', message: 'Please enter the correct Email address', description: 'Form error: email address not valid' });
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

/** An empty required field: the message names the field (name, phone number, email address, company/organization). */
function requiredText(field: string | undefined): string {
  switch (field) {
    case 'name':
      return translate({ id: 'form.error.required.name', message: 'Name is required', description: 'Form error: the name field is empty' });
    case 'phone':
      return translate({ id: 'form.error.required.phone', message: 'Phone number is required', description: 'Form error: the phone number field is empty' });
    case 'email':
      return translate({ id: 'form.error.required.email', message: 'Email address is required', description: 'Form error: the email address field is empty' });
    case 'company':
      return translate({ id: 'form.error.required.company', message: 'Company/organization is required', description: 'Form error: the company or organization field is empty' });
    default:
      return translate({ id: 'form.error.required', message: 'This field is required', description: 'Form error: empty required field' });
  }
}

export function summaryText(count: number): string {
  return count === 1
    ? translate({ id: 'form.summary.one', message: 'One answer needs your attention.', description: 'Announced when one field is invalid' })
    : translate({ id: 'form.summary.many', message: '{count} answers need your attention.', description: 'Announced when several fields are invalid' }, { count });
}
