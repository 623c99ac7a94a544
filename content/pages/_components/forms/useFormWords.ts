import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { wordsFor, type FormWords } from '../../_forms/words';

/** The forms' words (field names, questions, options, field errors) in the page's language: see _forms/words.ts. */
export function useFormWords(): FormWords {
  return wordsFor(useDocusaurusContext().i18n.currentLocale);
}
