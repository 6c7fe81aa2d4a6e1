import type { EntityDef } from '@alumni/domain';
import { Descriptions, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from './entity-api';
import { displayValue } from './entity-columns';
import { ExamineTimeline, type ExamineLogRow } from './examine/ExamineTimeline';
import type { FieldOverrides } from './field-overrides';
import { asLang } from './field-text';
import { formFields } from './form-fields';

/**
 * The view dialog's body: every form field as a label and its value as a person reads it (not
 * disabled inputs), and the examination history of an examined record.
 */
export function EntityView({ entity, row, overrides }: { entity: EntityDef; row: Record<string, unknown>; overrides?: FieldOverrides }) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const record = row as Row;
  return (
    <>
      {/* A page's own control may read the row's other fields (a scope's values follow its scope) as it does in the form. */}
      <Form component={false} initialValues={row}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2 }}
          items={formFields(entity, 'view', overrides).map(({ name, field }) => {
            // A page's own control of a field (a notice's rich text) shows the value in its view mode.
            const Widget = overrides?.[name]?.input;
            return {
              key: name,
              label: field.label[lang],
              span: field.wide || Widget ? 'filled' : 1,
              children: Widget ? <Widget mode="view" disabled value={row[name]} />
                : field.secret ? '******' : displayValue(name, field, record, t, lang, 'view'),
            };
          })}
        />
      </Form>
      {entity.examine && (
        <div className="entity-view-timeline">
          <ExamineTimeline logs={record.examineLogs as ExamineLogRow[] | undefined} />
        </div>
      )}
    </>
  );
}
