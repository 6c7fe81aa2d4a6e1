import { displayNameKey, type Field } from '@alumni/domain';
import { ColorPicker, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateInput } from './inputs/DateInput';
import { DictSelect } from './inputs/DictSelect';
import { FlagInput } from './inputs/FlagInput';
import { FileListUpload } from './inputs/FileListUpload';
import { ImageUpload } from './inputs/ImageUpload';
import { ListEditor } from './inputs/ListEditor';
import { IdsTreeSelect } from './inputs/IdsTreeSelect';
import { RefTreeSelect } from './inputs/RefTreeSelect';
import { asLang } from './field-text';
import { useFieldOptions } from './use-field-options';

interface Props {
  field: Field;
  /** The field's name in the form: a picker shows the name the row carries for it (`xxxName`) until its choices hold the value. */
  name?: string;
  disabled?: boolean;
  // Form.Item injects value/onChange/id; each input narrows the value to its own kind.
  value?: never;
  onChange?: (value: unknown) => void;
  id?: string;
}

function IdsInput({ field, ...rest }: { field: Extract<Field, { kind: 'ids' }>; placeholder: string } & Omit<Props, 'field'>) {
  const { i18n } = useTranslation();
  const { data } = useFieldOptions(field.options, i18n.language, rest.value, rest.onChange);
  return <IdsTreeSelect options={data ?? []} independent={field.options?.independent} {...rest} />;
}

/** The form control of one field, chosen by its kind. */
export function FieldInput({ field, name, ...props }: Props) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  const named: unknown = name ? form.getFieldValue(displayNameKey(name)) : undefined;
  const shown = typeof named === 'string' && named ? named : undefined;
  const label = field.label[asLang(i18n.language)];
  const typed = t('crud.inputPlaceholder', { label });
  const chosen = t('crud.selectPlaceholder', { label });
  switch (field.kind) {
    case 'text':
      if (field.image) return <ImageUpload {...props} />;
      if (field.check === 'color') {
        return <ColorPicker value={(props.value as string | undefined) ?? undefined} disabled={props.disabled} showText format="hex" disabledAlpha
          onChange={(c) => props.onChange?.(c.toHexString())} />;
      }
      if (field.options) return <RefTreeSelect field={field} {...props} placeholder={chosen} shown={shown} />;
      // A secret arrives masked; the password input keeps it out of sight while it is replaced.
      return field.secret ? <Input.Password {...props} placeholder={typed} autoComplete="new-password" /> : <Input {...props} placeholder={typed} allowClear />;
    case 'textarea':
      if (field.items) return <ListEditor spec={field.items} label={label} {...props} />;
      if (field.files) return <FileListUpload spec={field.files} label={label} {...props} />;
      return <Input.TextArea {...props} placeholder={typed} rows={3} />;
    case 'integer':
      return <InputNumber {...props} placeholder={typed} min={field.min} max={field.max} precision={0} style={{ width: '100%' }} />;
    case 'money':
      // Kept as text so amounts beyond a double's digits stay exact; two decimals at most.
      return <InputNumber {...props} placeholder={typed} min={String(field.min ?? 0)} max={String(field.max ?? 999999999999.99)} precision={2} stringMode style={{ width: '100%' }} />;
    case 'flag':
      return <FlagInput {...props} />;
    case 'dict':
      return <DictSelect field={field} {...props} placeholder={chosen} />;
    case 'date':
    case 'datetime':
      return <DateInput {...props} withTime={field.kind === 'datetime'} />;
    case 'fk':
      return field.options ? <RefTreeSelect field={field} {...props} placeholder={chosen} shown={shown} /> : <Input {...props} placeholder={typed} />;
    case 'ids':
      return field.options ? <IdsInput field={field} {...props} placeholder={chosen} /> : <Input {...props} placeholder={typed} />;
  }
}
