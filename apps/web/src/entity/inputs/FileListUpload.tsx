import CloseOutlined from '@ant-design/icons/CloseOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { FILE_ENDINGS, fileProblem, MSG, storedFiles, fill, type FileSpec, type StoredFile } from '@alumni/domain';
import { App, Button, Image, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/shell';
import { FileLink, FilePicture, isPicture } from '../cells/FilesCell';
import { asLang } from '../field-text';

interface Props {
  spec: FileSpec;
  label: string;
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
}

/**
 * Pictures or files uploaded to the tenant's object storage (put-file): chosen files are checked
 * against the field's types, size and count first; pictures show as previews that open large,
 * other files as links, each with a remove button. The field holds `[{link, name, size}]` as JSON text.
 */
export function FileListUpload({ spec, label, value, onChange, id, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { message } = App.useApp();
  const stored = storedFiles(value);
  // Uploads finishing one after another each add to the latest list, not to the one they started from.
  const latest = useRef<StoredFile[]>(stored);
  latest.current = stored;
  const pending = useRef(0);
  const [busy, setBusy] = useState(0);
  const emit = (next: StoredFile[]) => {
    latest.current = next;
    onChange?.(next.length === 0 ? '' : JSON.stringify(next));
  };
  const pictures = spec.accept === 'image';
  const uploadLabel = t('crud.files.upload', { label });
  return (
    <div id={id} className="file-list-upload" role="group" aria-label={label}>
      <Image.PreviewGroup>
        <div className="file-list-items">
          {stored.map((f, i) => (
            <div key={f.link} className={isPicture(spec, f) ? 'file-list-item file-list-picture' : 'file-list-item'}>
              {isPicture(spec, f) ? <FilePicture file={f} size={72} alt={label} /> : <FileLink file={f} />}
              {!disabled && (
                <Button size="small" type="text" danger icon={<CloseOutlined />} aria-label={t('crud.files.remove', { name: f.name ?? String(i + 1) })}
                  onClick={() => emit(latest.current.filter((x) => x.link !== f.link))} />
              )}
            </div>
          ))}
        </div>
      </Image.PreviewGroup>
      {!disabled && stored.length + busy < spec.max && (
        <Upload
          showUploadList={false}
          multiple
          accept={FILE_ENDINGS[spec.accept].join(',')}
          beforeUpload={(file) => {
            const problem = fileProblem(spec, file);
            if (problem === 'type') void message.error(fill(MSG.fileType[lang], { label, types: FILE_ENDINGS[spec.accept].map((e) => e.slice(1).toUpperCase()).join('/') }));
            else if (problem === 'size') void message.error(fill(MSG.fileSize[lang], { label, max: spec.maxMb }));
            else if (latest.current.length + pending.current >= spec.max) void message.error(fill(MSG.tooManyFiles[lang], { label, max: spec.max }));
            else {
              pending.current += 1;
              return true;
            }
            return Upload.LIST_IGNORE;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setBusy((n) => n + 1);
            const chosen = file as File;
            putFile(chosen)
              .then((uploaded) => {
                emit([...latest.current, { link: uploaded.link, name: chosen.name, size: chosen.size }].slice(0, spec.max));
                onSuccess?.(uploaded);
              })
              .catch((err: unknown) => {
                void message.error(err instanceof Error && err.message ? err.message : t('shell.info.uploadFailed'));
                onError?.(err instanceof Error ? err : new Error(t('shell.info.uploadFailed')));
              })
              .finally(() => {
                pending.current -= 1;
                setBusy((n) => n - 1);
              });
          }}
        >
          {pictures
            ? <button type="button" className="file-list-add" aria-label={uploadLabel}>{busy > 0 ? <LoadingOutlined /> : <PlusOutlined />}<div>{t('crud.files.add')}</div></button>
            : <Button icon={busy > 0 ? <LoadingOutlined /> : <UploadOutlined />} aria-label={uploadLabel}>{uploadLabel}</Button>}
        </Upload>
      )}
      <div className="list-editor-hint">{t(pictures ? 'crud.files.imageHint' : 'crud.files.fileHint', { max: spec.max, size: spec.maxMb })}</div>
    </div>
  );
}
