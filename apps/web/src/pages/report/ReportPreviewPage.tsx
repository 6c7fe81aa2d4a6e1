import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import FileExcelOutlined from '@ant-design/icons/FileExcelOutlined';
import PrinterOutlined from '@ant-design/icons/PrinterOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMenuStore } from '../../stores/menu-store';
import { exportReport, nameFromAddress, previewSaved } from './report-api';
import './report-texts';
import { ReportChart, ReportTable } from './ReportView';

/**
 * The built-in report viewer (`{report.previewUrl}?_u=blade-{name}`): the saved report run for the
 * viewer — the chart, the table with its totals — exported to Excel or PDF, or printed.
 */
export default function ReportPreviewPage() {
  const { t, i18n } = useTranslation();
  const [query] = useSearchParams();
  const name = nameFromAddress(query);
  const canView = useMenuStore((s) => !!s.buttons.reportlist_view);
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [busy, setBusy] = useState<'excel' | 'pdf' | null>(null);
  const report = useQuery({
    queryKey: ['report-preview', name, page, i18n.language],
    queryFn: () => previewSaved(name, page),
    enabled: name !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
  const download = (kind: 'excel' | 'pdf') => {
    setBusy(kind);
    void exportReport(kind, name).catch(() => undefined).finally(() => setBusy(null));
  };
  if (name === '' || report.isError) return <Card><Result status="404" title={t('report.notFound')} subTitle={name} /></Card>;
  if (!report.data) return <Card><Spin /></Card>;
  return (
    <Card className="report-page-card">
      <div className="report-page">
        <div className="report-head">
          <h2>{name}</h2>
          <Space className="report-no-print" wrap>
            {canView && <Button icon={<FileExcelOutlined />} loading={busy === 'excel'} onClick={() => download('excel')}>{t('report.exportExcel')}</Button>}
            {canView && <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} onClick={() => download('pdf')}>{t('report.exportPdf')}</Button>}
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>{t('report.print')}</Button>
          </Space>
        </div>
        <ReportChart report={report.data} title={name} />
        <ReportTable report={report.data} loading={report.isFetching} onPage={(current, size) => setPage({ current: size === page.size ? current : 1, size })} />
      </div>
    </Card>
  );
}
