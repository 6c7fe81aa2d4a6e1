import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { AVATAR_MSG, avatarProblem, type Lang } from '@alumni/domain';
import { App, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/shell';
import { useFileUrl } from '../../lib/use-file-url';

interface ImageUploadProps {
  value?: string | null;
  onChange?: (link: string) => void;
  id?: string;
  disabled?: boolean;
}

/** A picture (an avatar): jpg or png of at most 500kb, uploaded to the file storage; the field holds the link. */
export function ImageUpload({ value, onChange, id, disabled }: ImageUploadProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const shown = useFileUrl(value);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';

  return (
    <Upload
      id={id}
      disabled={disabled}
      name="file"
      accept="image/jpeg,image/png"
      listType="picture-card"
      showUploadList={false}
      beforeUpload={(file) => {
        const problem = avatarProblem(file);
        if (problem) {
          void message.error(AVATAR_MSG[problem][lang]);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        setBusy(true);
        putFile(file as File)
          .then((uploaded) => {
            onChange?.(uploaded.link);
            onSuccess?.(uploaded);
          })
          .catch((err: unknown) => onError?.(err instanceof Error ? err : new Error(t('shell.info.uploadFailed'))))
          .finally(() => setBusy(false));
      }}
    >
      {shown ? (
        <img src={shown} alt={t('shell.info.avatar')} className="avatar-image" />
      ) : (
        <div>{busy ? <LoadingOutlined /> : <PlusOutlined />}</div>
      )}
    </Upload>
  );
}
