import { checkProblem, looksMasked, type Field, type Lang } from '@alumni/domain';
import type { FormRule } from 'antd';
import { requiredMessage, tooLongMessage } from './field-text';

/** The client-side rules of a field: required (with the definition's message) and length. */
export function fieldRules(field: Field, lang: Lang, required: boolean): FormRule[] {
  const rules: FormRule[] = [];
  if (required) {
    // Only text rules may carry `whitespace`: any extra key makes the validator treat the value as a string.
    const isText = field.kind === 'text' || field.kind === 'textarea';
    rules.push(isText ? { required: true, whitespace: true, message: requiredMessage(field, lang) } : { required: true, message: requiredMessage(field, lang) });
  }
  if (field.kind === 'text' || field.kind === 'textarea') {
    rules.push({ type: 'string', max: field.max, message: tooLongMessage(field, lang, field.max) });
  }
  const check = field.kind === 'text' ? field.check : undefined;
  if (check) {
    // The same shared validator the server runs, with the same message.
    rules.push({
      validator: async (_, value: unknown) => {
        const text = typeof value === 'string' ? value.trim() : '';
        // A masked value shown by the server goes back as it came; the server keeps the stored one.
        if (field.sensitive && looksMasked(field.sensitive, text)) return;
        const problem = text === '' ? undefined : checkProblem(check, text);
        if (problem) throw new Error(problem[lang]);
      },
    });
  }
  return rules;
}

/** Fields that check on blur do so when leaving the input, and again on submit. */
export const validateTrigger = (field: Field): string[] =>
  field.trigger === 'blur' ? ['onBlur', 'onSubmit'] : ['onChange', 'onSubmit'];
