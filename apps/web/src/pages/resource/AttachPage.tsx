import { RESOURCE_PATHS, attachEntity } from '@alumni/domain';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { FileLink } from '../../components/FileLink';
import { EntityPage } from '../../entity/EntityPage';
import { entityKey } from '../../entity/use-entity-list';
import { useCan } from '../../stores/menu-store';

/** Attachments: the list of stored files, an upload through put-file and a download through a signed link. */
export default function AttachPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const canUpload = useCan('attach_upload');
  const canDownload = useCan('attach_download');

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    await http.post(RESOURCE_PATHS.putFile, form);
    message.success(t('crud.opSuccess'));
    await client.invalidateQueries({ queryKey: entityKey(attachEntity) });
  };

  return (
    <EntityPage
      entity={attachEntity}
      addDisabled
      toolbarExtra={canUpload && (
        <Upload showUploadList={false} customRequest={({ file }) => void upload(file as File).catch(() => undefined)}>
          <Button icon={<UploadOutlined />}>{t('resource.upload')}</Button>
        </Upload>
      )}
      rowActions={(row) => canDownload && (
        <FileLink button download link={String(row.link)}>{t('resource.download')}</FileLink>
      )}
    />
  );
}
