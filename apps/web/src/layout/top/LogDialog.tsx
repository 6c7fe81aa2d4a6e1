import { App, Button, Modal, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploadClientLogs } from '../../api/shell';
import { useLogStore, type ClientLog } from '../../stores/log-store';

/** The full-screen list of recorded errors, with upload to the server and local clearing. */
export default function LogDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const logs = useLogStore((s) => s.logs);

  const upload = () =>
    modal.confirm({
      title: t('crud.tip'),
      content: t('shell.log.uploadConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        await uploadClientLogs(logs);
        // Sent logs live on the server now (the error-log page); the local copy goes.
        useLogStore.getState().clear();
        void message.success(t('shell.log.uploaded'));
        onClose();
      },
    });
  const clear = () =>
    modal.confirm({
      title: t('crud.tip'),
      content: t('shell.log.clearConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: () => {
        useLogStore.getState().clear();
        void message.success(t('shell.log.cleared'));
      },
    });

  return (
    <Modal
      open
      title={t('shell.log.title')}
      onCancel={onClose}
      footer={null}
      width="100%"
      className="log-dialog"
      style={{ top: 0, maxWidth: '100vw', padding: 0 }}
    >
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={upload} disabled={logs.length === 0}>{t('shell.log.upload')}</Button>
        <Button danger onClick={clear} disabled={logs.length === 0}>{t('shell.log.clear')}</Button>
      </Space>
      <Table<ClientLog>
        size="small"
        rowKey={(log) => `${log.time}-${log.message}-${log.stack.length}`}
        dataSource={logs}
        locale={{ emptyText: t('shell.log.empty') }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('shell.log.type'), dataIndex: 'type', width: 90, render: (type: string) => <Tag color="red">{type}</Tag> },
          { title: t('shell.log.url'), dataIndex: 'url', width: 280, ellipsis: true },
          { title: t('shell.log.message'), dataIndex: 'message' },
          { title: t('shell.log.time'), dataIndex: 'time', width: 170 },
        ]}
        expandable={{
          expandedRowRender: (log) => (
            <pre className="log-stack" aria-label={t('shell.log.stack')}>{[log.stack, log.info].filter(Boolean).join('\n\n')}</pre>
          ),
        }}
      />
    </Modal>
  );
}
