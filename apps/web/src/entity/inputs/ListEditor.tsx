import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { listRows, type Field, type ListSpec } from '@alumni/domain';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { asLang } from '../field-text';
import { FieldInput } from '../FieldInput';

interface Props {
  spec: ListSpec;
  label: string;
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
}

/**
 * A list field's rows as a small table: each column's own input, a row added or removed by a
 * button. The field holds the rows as JSON text (empty when there is none); the server checks them.
 */
export function ListEditor({ spec, label, value, onChange, id, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const rows = listRows(value);
  const columns = Object.entries(spec.columns);
  const emit = (next: Record<string, unknown>[]) => onChange?.(next.length === 0 ? '' : JSON.stringify(next));
  const set = (i: number, column: string, v: unknown) => emit(rows.map((r, j) => (j === i ? { ...r, [column]: v === '' ? null : v } : r)));
  return (
    <div id={id} className="list-editor" role="group" aria-label={label}>
      {rows.length > 0 && (
        <table className="list-editor-table">
          <thead>
            <tr>
              <th className="list-editor-index">#</th>
              {columns.map(([name, field]) => <th key={name} className={field.required ? 'list-editor-required' : undefined}>{field.label[lang]}</th>)}
              <th aria-label={t('crud.listEditor.actions')} />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i} className="list-editor-row">
                <td className="list-editor-index">{i + 1}</td>
                {columns.map(([name, field]) => (
                  <td key={name} data-column={name}>
                    <FieldInput
                      field={{ ...field, wide: false } as Field}
                      disabled={disabled}
                      id={id ? `${id}_${i}_${name}` : undefined}
                      {...({ value: row[name] ?? undefined } as object)}
                      onChange={(v) => set(i, name, (v as { target?: { value?: unknown } } | null)?.target ? (v as { target: { value: unknown } }).target.value : v)}
                    />
                  </td>
                ))}
                <td>
                  <Button type="text" danger icon={<DeleteOutlined />} disabled={disabled} aria-label={t('crud.listEditor.remove', { n: i + 1 })}
                    onClick={() => emit(rows.filter((_, j) => j !== i))} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Button type="dashed" icon={<PlusOutlined />} disabled={disabled || rows.length >= spec.max} onClick={() => emit([...rows, {}])}>
        {t('crud.listEditor.add', { label })}
      </Button>
      <span className="list-editor-hint">{t('crud.listEditor.hint', { max: spec.max })}</span>
    </div>
  );
}
