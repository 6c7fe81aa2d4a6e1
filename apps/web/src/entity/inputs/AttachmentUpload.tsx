import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { Button, Upload, type UploadFile } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/shell';
import { useFileUrls } from '../../lib/use-file-url';

interface AttachmentUploadProps {
  value?: string[];
  onChange?: (links: string[]) => void;
  id?: string;
  /** At most this many files. */
  max: number;
  label: string;
}

/** The name a stored link shows: its last path segment, without the query. */
const nameOf = (link: string) => decodeURIComponent(link.split('?')[0]?.split('/').pop() ?? link);

/**
 * A list of files uploaded to the file storage (put-file); the field holds their links, in order.
 * A file is uploaded when chosen; removing one drops its link.
 */
export function AttachmentUpload({ value = [], onChange, id, max, label }: AttachmentUploadProps) {
  const { t } = useTranslation();
  const urls = useFileUrls(value);
  const files = useMemo<UploadFile[]>(() => value.map((link) => ({ uid: link, name: nameOf(link), status: 'done', url: urls[link] })), [value, urls]);
  return (
    <Upload
      id={id}
      fileList={files}
      maxCount={max}
      customRequest={({ file, onSuccess, onError }) => {
        putFile(file as File)
          .then((uploaded) => {
            onChange?.([...value, uploaded.link].slice(0, max));
            onSuccess?.(uploaded);
          })
          .catch((err: unknown) => onError?.(err instanceof Error ? err : new Error(t('shell.info.uploadFailed'))));
      }}
      onRemove={(file) => { onChange?.(value.filter((link) => link !== file.uid)); return true; }}
    >
      {value.length < max && <Button icon={<UploadOutlined />} aria-label={label}>{label}</Button>}
    </Upload>
  );
}
