import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { reportEntity } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EntityPage } from '../../entity/EntityPage';
import { useMenuStore } from '../../stores/menu-store';
import { fetchUrls, reportAddress } from './report-api';
import './report-texts';

/**
 * 报表列表 (DOMAIN 10.1): search by name; per row 预览 (the viewer), 设计 (the designer) and 删除, each
 * with its button. Both open the built-in pages, or an external report server's in the embedded
 * page when the parameters name one, with `_u=blade-{name}`.
 */
export default function ReportListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const buttons = useMenuStore((s) => s.buttons);
  const urls = useQuery({ queryKey: ['report-urls'], queryFn: fetchUrls, staleTime: 60_000 });
  const open = (kind: 'preview' | 'design', name: string | null) => {
    if (!urls.data) return;
    const base = kind === 'preview' ? urls.data.previewUrl : urls.data.designerUrl;
    const title = kind === 'preview' ? { code: 'report_preview', name: '报表预览', nameEn: 'Report preview' } : { code: 'report_designer', name: '报表设计', nameEn: 'Report designer' };
    navigate(reportAddress(base, name, title));
  };
  return (
    <EntityPage
      entity={reportEntity}
      buttonMenu="reportlist"
      toolbarExtra={buttons.reportlist_design ? (
        <Button type="primary" icon={<PlusOutlined />} disabled={!urls.data} onClick={() => open('design', null)}>{t('report.create')}</Button>
      ) : null}
      rowActions={(row) => (
        <>
          {buttons.reportlist_view && <Button type="link" size="small" onClick={() => open('preview', String(row.name))}>{t('report.preview')}</Button>}
          {buttons.reportlist_design && <Button type="link" size="small" onClick={() => open('design', String(row.name))}>{t('report.design')}</Button>}
        </>
      )}
    />
  );
}
