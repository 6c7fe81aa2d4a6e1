import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { entityByName, type EntityDef } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Progress, Radio, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/http';
import { asLang } from '../field-text';
import { entityKey } from '../use-entity-list';
import { commitImport, previewImport, type ImportMode, type ImportResult } from './import-api';

const MAX_BYTES = 10 * 1024 * 1024;

type Step =
  | { kind: 'choose' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'preview'; result: ImportResult }
  | { kind: 'writing'; result: ImportResult }
  | { kind: 'done'; result: ImportResult };

/**
 * The import of a sheet into any entity whose definition declares `excel.import`: the template,
 * the mode for existing records, the upload with its progress, the preview of every row's errors,
 * the commit of the rest, and the file of the refused rows.
 */
export function ImportDialog({ entity, open, onClose }: { entity: EntityDef; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [mode, setMode] = useState<ImportMode>('skip');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const base = entity.api?.base ?? '';
  const rule = entity.excel?.import;
  const keyText = (names: readonly string[]) => names.map((name) => entity.fields[name]?.label[lang] ?? name).join(' + ');
  const key = keyText(rule?.key ?? []);
  const fallback = keyText(rule?.fallbackKey ?? []);

  const close = () => {
    if (step.kind === 'uploading' || step.kind === 'writing') return;
    setStep({ kind: 'choose' });
    onClose();
  };

  const send = (file: File) => {
    setStep({ kind: 'uploading', percent: 0 });
    previewImport(base, file, mode, (percent) => setStep({ kind: 'uploading', percent }))
      .then((result) => setStep({ kind: 'preview', result }))
      .catch(() => setStep({ kind: 'choose' }));
  };

  const commit = (previewed: ImportResult) => {
    setStep({ kind: 'writing', result: previewed });
    commitImport(base, previewed.importId ?? '', mode)
      .then(async (result) => {
        setStep({ kind: 'done', result });
        await client.invalidateQueries({ queryKey: entityKey(entity) });
      })
      .catch(() => setStep({ kind: 'choose' }));
  };

  const summary = (result: ImportResult, done: boolean) => t(done ? 'excel.resultSummary' : 'excel.previewSummary', { ...result });
  // A related record's column (`studentStatuses.departmentId`) is named by the related entity's label.
  const related = rule?.related;
  const fieldLabel = (name?: string) => {
    if (!name) return '';
    if (related && name.startsWith(`${related.field}.`)) {
      const own = name.slice(related.field.length + 1);
      return entityByName(related.entity).fields[own]?.label[lang] ?? own;
    }
    return entity.fields[name]?.label[lang] ?? name;
  };

  const errorsTable = (result: ImportResult) => result.errors.length > 0 && (
    <Table
      size="small"
      bordered
      rowKey={(e) => `${e.row}-${e.field ?? ''}-${e.message}`}
      dataSource={result.errors}
      pagination={{ pageSize: 8, size: 'small', hideOnSinglePage: true }}
      columns={[
        { key: 'row', title: t('excel.row'), dataIndex: 'row', width: 70 },
        { key: 'field', title: t('excel.field'), width: 120, render: (_, e) => fieldLabel(e.field) },
        { key: 'message', title: t('excel.reason'), dataIndex: 'message' },
      ]}
    />
  );

  const footer = (() => {
    switch (step.kind) {
      case 'preview': {
        const writable = step.result.created + step.result.updated > 0;
        return [
          <Button key="again" onClick={() => setStep({ kind: 'choose' })}>{t('excel.again')}</Button>,
          <Button key="commit" type="primary" disabled={!writable} onClick={() => commit(step.result)}>{t('excel.commit')}</Button>,
        ];
      }
      case 'done':
        return [<Button key="close" type="primary" onClick={close}>{t('excel.close')}</Button>];
      default:
        return [<Button key="close" onClick={close} disabled={step.kind !== 'choose'}>{t('excel.close')}</Button>];
    }
  })();

  return (
    <Modal open={open} title={t('excel.title', { name: entity.label[lang] })} onCancel={close} footer={footer} width={720} destroyOnHidden maskClosable={false}>
      {step.kind === 'choose' && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <span>{t('excel.mode')}</span>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as ImportMode)} optionType="button"
              options={[{ value: 'skip', label: t('excel.skip') }, { value: 'cover', label: t('excel.cover') }]} />
            {key && <Typography.Text type="secondary">{fallback ? t('excel.fallbackKeyHint', { key, fallback }) : t('excel.keyHint', { key })}</Typography.Text>}
          </Space>
          <Upload.Dragger
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              if (!file.name.toLowerCase().endsWith('.xlsx')) void message.error(t('excel.notXlsx'));
              else if (file.size > MAX_BYTES) void message.error(t('excel.tooLarge'));
              else send(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon"><InboxOutlined /></p>
            <p className="ant-upload-text">{t('excel.drop')}</p>
          </Upload.Dragger>
          <Button type="link" onClick={() => void downloadFile(`${base}/export-template`).catch(() => undefined)}>{t('excel.template')}</Button>
        </Space>
      )}
      {step.kind === 'uploading' && (
        <div role="status">
          <Progress percent={step.percent} status="active" />
          <Typography.Text type="secondary">{step.percent < 100 ? t('excel.uploading') : t('excel.checking')}</Typography.Text>
        </div>
      )}
      {step.kind === 'writing' && (
        <div role="status">
          <Progress percent={100} status="active" showInfo={false} />
          <Typography.Text type="secondary">{t('excel.writing')}</Typography.Text>
        </div>
      )}
      {step.kind === 'preview' && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type={step.result.failed > 0 ? 'warning' : 'info'} showIcon message={summary(step.result, false)}
            description={step.result.created + step.result.updated === 0 ? t('excel.nothingToWrite') : step.result.failed > 0 ? t('excel.errorsLeftOut') : undefined} />
          {errorsTable(step.result)}
        </Space>
      )}
      {step.kind === 'done' && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type={step.result.failed > 0 ? 'warning' : 'success'} showIcon message={summary(step.result, true)} />
          {step.result.errorFileLink && (
            <Button type="link" onClick={() => void downloadStored(step.result.errorFileLink!)}>{t('excel.errorFile')}</Button>
          )}
          {errorsTable(step.result)}
        </Space>
      )}
    </Modal>
  );
}

/** A stored file's link (…/api/blade-resource/…) fetched with the caller's token and saved. */
function downloadStored(link: string): Promise<void> {
  const url = new URL(link, window.location.origin);
  const path = url.pathname.replace(/^\/api/, '');
  return downloadFile(path, Object.fromEntries(url.searchParams)).catch(() => undefined);
}
