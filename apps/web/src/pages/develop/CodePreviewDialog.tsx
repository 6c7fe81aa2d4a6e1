import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { GeneratedCode, GeneratedFile } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Spin, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCode, generateCode } from './develop-api';
import './develop.css';

/** Where an addition goes, in the interface's words. */
function useWhere() {
  const { t } = useTranslation();
  return (file: GeneratedFile): string => {
    if (file.underMenu !== undefined) return file.underMenu === null ? t('develop.whereMenuTop') : t('develop.whereMenu', { menu: file.underMenu });
    if (file.before !== undefined) return t('develop.whereBefore', { anchor: file.before });
    if (file.afterLast !== undefined) return t('develop.whereAfter', { anchor: file.afterLast });
    return t('develop.whereEnd');
  };
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The files of one code setting, a tab each: new files, and lines to add to the product's own. */
function CodeFiles({ code }: { code: GeneratedCode }) {
  const { t } = useTranslation();
  const where = useWhere();
  return (
    <>
      {code.notes.length > 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('develop.notes')}
          description={<ul className="develop-notes">{code.notes.map((n) => <li key={n}>{n}</li>)}</ul>} />
      )}
      <Tabs
        size="small" tabPlacement="start" className="develop-files"
        items={code.files.map((file, i) => ({
          key: `${i}`,
          label: <span>{baseName(file.path)} {file.kind === 'addition' ? <Tag color="gold">{t('develop.addition')}</Tag> : <Tag color="green">{t('develop.newFile')}</Tag>}</span>,
          children: (
            <div>
              <Typography.Text code copyable={{ text: file.path }}>{file.path}</Typography.Text>
              {file.kind === 'addition' && <div className="develop-where">{where(file)}</div>}
              <pre className="develop-code" data-user-data><code>{file.content}</code></pre>
            </div>
          ),
        }))}
      />
    </>
  );
}

/** 代码生成: the files of the chosen settings in tabs, and the same files as a zip download. */
export function CodePreviewDialog({ ids, onClose }: { ids: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const generated = useQuery({ queryKey: ['develop-generated', ids.join(',')], queryFn: () => generateCode(ids), retry: false, gcTime: 0 });
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadCode(ids);
    } catch {
      // shown as a toast
    } finally {
      setDownloading(false);
    }
  };
  const list = generated.data ?? [];
  return (
    <Modal
      open width={1200} style={{ top: 24 }} title={t('develop.previewTitle')} onCancel={onClose} destroyOnHidden
      footer={[
        <Button key="zip" type="primary" icon={<DownloadOutlined />} loading={downloading} disabled={list.length === 0} onClick={() => void download()}>{t('develop.download')}</Button>,
        <Button key="close" onClick={onClose}>{t('crud.close')}</Button>,
      ]}
    >
      {generated.isFetching ? <div className="develop-loading"><Spin /></div>
        : generated.isError || list.length === 0 ? <Empty description={t('develop.nothingGenerated')} />
          : list.length === 1 ? <CodeFiles code={list[0]!} />
            : <Tabs items={list.map((code) => ({ key: code.codeId, label: `${code.codeName}（${code.entity}）`, children: <CodeFiles code={code} /> }))} />}
    </Modal>
  );
}
