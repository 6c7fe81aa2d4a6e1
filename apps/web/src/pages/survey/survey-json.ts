import { QUESTION_TYPE, type SurveySubjectView } from '@alumni/domain';

type Json = Record<string, unknown>;

/** An option's text with its note (DOMAIN 9.3: the note is shown with the option). */
const choiceText = (o: SurveySubjectView['options'][number]) => (o.instruction ? `${o.optionContent}（${o.instruction}）` : o.optionContent);
const quote = (id: string) => `'${id.replace(/'/g, '')}'`;

/** The runner's `visibleIf` of a "show if": the named question holds one of the options. */
function visibleIf(subject: SurveySubjectView, byId: Map<string, SurveySubjectView>): string | undefined {
  const rule = subject.showIf;
  if (!rule) return undefined;
  const target = byId.get(rule.subjectId);
  const op = target?.questionType === QUESTION_TYPE.multiple ? 'contains' : '=';
  return rule.optionIds.map((o) => `{${rule.subjectId}} ${op} ${quote(o)}`).join(' or ');
}

/**
 * The stored questions as the survey runner's JSON (survey-core): one element per question named
 * by its id, choices valued by option ids, a text box `<id>_fill` after a question whose chosen
 * option takes free text, and each "show if" as a `visibleIf` expression. The server checks the
 * answer again with the same rules, so the runner's checks are a convenience only.
 */
export function toRunnerJson(subjects: readonly SurveySubjectView[], texts: { fill: string }): Json[] {
  const byId = new Map(subjects.map((s) => [s.id, s]));
  const elements: Json[] = [];
  for (const s of subjects) {
    const base: Json = { name: s.id, title: s.subjectTitle, isRequired: s.isRequired === 1, description: s.hint ?? undefined, visibleIf: visibleIf(s, byId) };
    const choices = s.options.map((o) => ({ value: o.id, text: choiceText(o) }));
    switch (s.questionType) {
      case QUESTION_TYPE.single: elements.push({ ...base, type: 'radiogroup', choices }); break;
      case QUESTION_TYPE.dropdown: elements.push({ ...base, type: 'dropdown', choices }); break;
      case QUESTION_TYPE.multiple:
        elements.push({ ...base, type: 'checkbox', choices, minSelectedChoices: s.minSelect ?? undefined, maxSelectedChoices: s.maxSelect ?? undefined });
        break;
      case QUESTION_TYPE.shortText: elements.push({ ...base, type: 'text', maxLength: s.maxLength ?? 200 }); break;
      case QUESTION_TYPE.longText: elements.push({ ...base, type: 'comment', maxLength: s.maxLength ?? 1000 }); break;
      case QUESTION_TYPE.rating: elements.push({ ...base, type: 'rating', rateMin: 1, rateMax: s.scoreMax ?? 5 }); break;
      case QUESTION_TYPE.date: elements.push({ ...base, type: 'text', inputType: 'date' }); break;
      case QUESTION_TYPE.number:
        elements.push({ ...base, type: 'text', inputType: 'number', min: s.numberMin ?? undefined, max: s.numberMax ?? undefined });
        break;
      case QUESTION_TYPE.matrix:
        elements.push({
          ...base, type: 'matrix', isAllRowRequired: s.isRequired === 1,
          rows: s.options.map((o) => ({ value: o.id, text: choiceText(o) })), columns: s.matrixColumns.map((label, i) => ({ value: i + 1, text: label })),
        });
        break;
      default: break;
    }
    const fillable = s.options.filter((o) => o.allowFill);
    if (fillable.length > 0 && s.questionType !== QUESTION_TYPE.matrix) {
      const op = s.questionType === QUESTION_TYPE.multiple ? 'contains' : '=';
      elements.push({
        name: `${s.id}_fill`, type: 'text', title: texts.fill, maxLength: 200, titleLocation: 'left',
        visibleIf: `(${fillable.map((o) => `{${s.id}} ${op} ${quote(o.id)}`).join(' or ')})${base.visibleIf ? ` and (${String(base.visibleIf)})` : ''}`,
      });
    }
  }
  return elements;
}

/** The runner's data as the answer the server takes (DOMAIN 9.4): several choices comma-joined, numbers as numbers. */
export function toAnswers(subjects: readonly SurveySubjectView[], data: Json): Json {
  const out: Json = {};
  for (const s of subjects) {
    const value = data[s.id];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) out[s.id] = value.join(',');
    else if (s.questionType === QUESTION_TYPE.number || s.questionType === QUESTION_TYPE.rating) out[s.id] = Number(value);
    else out[s.id] = value;
    const fill = data[`${s.id}_fill`];
    if (typeof fill === 'string' && fill.trim() !== '') out[`${s.id}_fill`] = fill.trim();
  }
  return out;
}
