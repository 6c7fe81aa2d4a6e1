import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import {
  entityByName, groupUnits, isListable, isMeasurable, permissionCodes, REPORT_CHARTS, REPORT_LIMITS, REPORT_SOURCES, reportEntity, reportFields,
  type ReportChart as ChartKind, type ReportDefinition, type ReportGroup, type ReportMeasure, type ReportPreview, type ReportUnit,
} from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Collapse, Empty, Form, Input, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getData, postData } from '../../api/http';
import type { MenuNode } from '../../api/menu';
import { asLang } from '../../entity/field-text';
import { SearchForm } from '../../entity/SearchForm';
import { SegmentPicker } from '../../entity/segments/SegmentPicker';
import { fromQueryParams, toQueryParams } from '../../entity/search-params';
import { isExternal } from '../../router/menu-match';
import { useMenuStore } from '../../stores/menu-store';
import { fetchUrls, nameFromAddress, previewDraft } from './report-api';
import './report-texts';
import { ReportChart, ReportTable } from './ReportView';

const BASE = reportEntity.api!.base;
const UNIT_KEY: Record<ReportUnit, string> = { year: 'report.unitYear', month: 'report.unitMonth', day: 'report.unitDay', decade: 'report.unitDecade' };
const CHART_KEY: Record<ChartKind, string> = { none: 'report.chartNone', column: 'report.chartColumn', bar: 'report.chartBar', line: 'report.chartLine', pie: 'report.chartPie' };
const FN_KEY: Record<ReportMeasure['fn'], string> = { count: 'report.fnCount', sum: 'report.fnSum', avg: 'report.fnAvg' };

const blank = (source: string): ReportDefinition => ({ version: 1, source, filters: {}, groupBy: [], measures: [], chart: 'none', columns: [] });

/**
 * The built-in report designer (报表设计): a report is built from a source the user may read, its
 * list's filters, up to two groups with measures (a count, sums, averages) and a chart — or, without
 * groups, the columns of a listing — previewed as the viewer will show it, then saved. The server
 * checks every definition again. An external designer named by `report.designerUrl` is embedded instead.
 */
export default function ReportDesignerPage() {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const editing = nameFromAddress(query);
  const buttons = useMenuStore((s) => s.buttons);
  const menus = useMenuStore((s) => s.menus);
  const urls = useQuery({ queryKey: ['report-urls'], queryFn: fetchUrls, staleTime: 60_000 });
  // The sources whose lists the user may read (their menus); the server checks again on every preview.
  const sources = useMemo(() => {
    const held = new Set<string>();
    const walk = (nodes: readonly MenuNode[]) => nodes.forEach((n) => { held.add(n.code); walk(n.children ?? []); });
    walk(menus);
    return REPORT_SOURCES.map((name) => entityByName(name)).filter((e) => held.has(permissionCodes(e).menu));
  }, [menus]);

  const [id, setId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const [def, setDef] = useState<ReportDefinition>(() => blank(sources[0]?.name ?? 'donation'));
  const [preview, setPreview] = useState<ReportPreview | null>(null);
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [running, setRunning] = useState(false);
  const [saving, setSaving] = useState(false);

  // A report named in the address (`_u=blade-{name}`) is opened for editing.
  useEffect(() => {
    if (editing === '') return;
    void getData<{ id: string; name: string; content: string }>(`${BASE}/detail`, { name: editing }).then((row) => {
      setId(row.id);
      setName(row.name);
      setDef({ ...blank(''), ...(JSON.parse(row.content) as ReportDefinition) });
      setPreview(null);
    }).catch(() => undefined);
  }, [editing]);

  const entity = entityByName(def.source);
  const fields = useMemo(() => reportFields(entity), [entity]);
  const groupable = fields.filter((f) => groupUnits(f.field) !== null);
  const measurable = fields.filter((f) => isMeasurable(f.field));
  const listable = fields.filter((f) => isListable(f.field));
  const change = (patch: Partial<ReportDefinition>) => { setDef((d) => ({ ...d, ...patch })); setPreview(null); };
  const setGroup = (i: number, g: ReportGroup | null) => {
    const next = [...def.groupBy];
    if (g) next[i] = g; else next.splice(i, 1);
    change({ groupBy: next, ...(next.length === 0 ? { measures: [], chart: 'none' as const } : {}), columns: [] });
  };
  const setMeasure = (i: number, m: ReportMeasure | null) => {
    const next = [...def.measures];
    if (m) next[i] = m; else next.splice(i, 1);
    change({ measures: next, columns: def.groupBy.length > 0 ? [] : def.columns });
  };

  const run = async (at = page) => {
    setRunning(true);
    try {
      setPreview(await previewDraft(def, at));
      setPage(at);
    } catch {
      setPreview(null);
    } finally {
      setRunning(false);
    }
  };

  const save = async () => {
    if (name.trim() === '') { setNameError(true); return; }
    setSaving(true);
    try {
      const saved = await postData<{ id: string; name: string }>(`${BASE}/submit`, { ...(id ? { id } : {}), name: name.trim(), content: JSON.stringify(def) });
      setId(saved.id);
      void message.success(t('report.saved'));
      navigate(`/report/designer/index?_u=${encodeURIComponent(`blade-${saved.name}`)}`, { replace: true });
    } catch {
      // The server's message is already shown.
    } finally {
      setSaving(false);
    }
  };

  if (urls.data && isExternal(urls.data.designerUrl)) {
    const src = editing ? `${urls.data.designerUrl}?_u=${encodeURIComponent(`blade-${editing}`)}` : urls.data.designerUrl;
    return (
      <Card title={t('report.external')}>
        <iframe title={t('report.designerTitle')} src={src} style={{ width: '100%', height: 'calc(100vh - 220px)', border: 0 }} />
      </Card>
    );
  }

  const grouped = def.groupBy.length > 0;
  const filterCount = Object.keys(def.filters).length;
  const canDesign = !!buttons.reportlist_design;

  return (
    <div className="report-designer">
      <Card size="small" title={editing ? t('report.editing', { name: editing }) : t('report.designerTitle')} className="report-no-print">
        <Form layout="vertical" component="div">
          <Form.Item label={t('report.name')} required validateStatus={nameError ? 'error' : undefined} help={nameError ? t('report.nameRequired') : undefined}>
            <Input aria-label={t('report.name')} value={name} maxLength={100} placeholder={t('report.namePlaceholder')} onChange={(e) => { setName(e.target.value); setNameError(false); }} />
          </Form.Item>
          <Form.Item label={t('report.source')} required>
            <Select
              aria-label={t('report.source')} value={def.source} showSearch optionFilterProp="label"
              options={sources.map((e) => ({ value: e.name, label: e.label[lang] }))}
              onChange={(source: string) => { setDef(blank(source)); setPreview(null); }}
            />
          </Form.Item>
          {entity.segments === true && (
            <Form.Item label={t('report.segment')} extra={t('report.segmentHint')} htmlFor="report-segment">
              <SegmentPicker
                id="report-segment" entity={entity.name} value={def.segmentId}
                onChange={(segmentId?: string) => change({ segmentId: segmentId || undefined })}
              />
            </Form.Item>
          )}
          <Collapse size="small" style={{ marginBottom: 12 }} items={[{
            key: 'filters',
            label: `${t('report.filters')}${filterCount ? ` · ${t('report.filtersSet', { count: filterCount })}` : ''}`,
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('report.filtersHint')}</Typography.Paragraph>
                <SearchForm
                  key={def.source}
                  entity={entity}
                  initialValues={fromQueryParams(entity, new URLSearchParams(def.filters))}
                  onSearch={(values) => {
                    const params = toQueryParams(entity, values);
                    change({ filters: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])) });
                  }}
                />
              </>
            ),
          }]} />
          <Form.Item label={t('report.groups')} extra={t('report.groupsHint')}>
            {def.groupBy.map((g, i) => {
              const field = fields.find((f) => f.name === g.field)?.field;
              const units = field ? groupUnits(field) ?? [] : [];
              const dated = field?.kind === 'date' || field?.kind === 'datetime';
              return (
                <div className="report-line" key={i}>
                  <Select
                    aria-label={`${t('report.groups')} ${i + 1}`} value={g.field} showSearch optionFilterProp="label"
                    options={groupable.filter((f) => f.name === g.field || !def.groupBy.some((o) => o.field === f.name)).map((f) => ({ value: f.name, label: f.field.label[lang] }))}
                    onChange={(fieldName: string) => {
                      const picked = fields.find((f) => f.name === fieldName)?.field;
                      const isDate = picked?.kind === 'date' || picked?.kind === 'datetime';
                      setGroup(i, { field: fieldName, ...(isDate ? { unit: 'month' as const } : {}) });
                    }}
                  />
                  {units.length > 0 && (
                    <Select
                      aria-label={`${t('report.unit')} ${i + 1}`} style={{ width: 110 }} value={g.unit ?? ''}
                      options={[...(dated ? [] : [{ value: '', label: t('report.byValue') }]), ...units.map((u) => ({ value: u, label: t(UNIT_KEY[u]) }))]}
                      onChange={(unit: string) => setGroup(i, { field: g.field, ...(unit ? { unit: unit as ReportUnit } : {}) })}
                    />
                  )}
                  <Button aria-label={t('report.remove')} icon={<DeleteOutlined />} onClick={() => setGroup(i, null)} />
                </div>
              );
            })}
            {def.groupBy.length < REPORT_LIMITS.groups && groupable.length > 0 && (
              <Button icon={<PlusOutlined />} onClick={() => {
                const next = groupable.find((f) => !def.groupBy.some((g) => g.field === f.name));
                if (!next) return;
                const isDate = next.field.kind === 'date' || next.field.kind === 'datetime';
                change({ groupBy: [...def.groupBy, { field: next.name, ...(isDate ? { unit: 'month' as const } : {}) }], measures: def.measures.length ? def.measures : [{ fn: 'count' }], columns: [] });
              }}>{t('report.addGroup')}</Button>
            )}
          </Form.Item>
          {grouped && (
            <Form.Item label={t('report.measures')}>
              {def.measures.map((m, i) => (
                <div className="report-line" key={i}>
                  <Select
                    aria-label={`${t('report.measures')} ${i + 1}`} style={{ width: 90, flex: 'none' }} value={m.fn}
                    options={(['count', 'sum', 'avg'] as const).filter((fn) => fn === 'count' || measurable.length > 0).map((fn) => ({ value: fn, label: t(FN_KEY[fn]) }))}
                    onChange={(fn: ReportMeasure['fn']) => setMeasure(i, fn === 'count' ? { fn, ...(m.label ? { label: m.label } : {}) } : { fn, field: m.field ?? measurable[0]?.name, ...(m.label ? { label: m.label } : {}) })}
                  />
                  {m.fn !== 'count' && (
                    <Select
                      aria-label={`${t('report.measureField')} ${i + 1}`} value={m.field}
                      options={measurable.map((f) => ({ value: f.name, label: f.field.label[lang] }))}
                      onChange={(field: string) => setMeasure(i, { ...m, field })}
                    />
                  )}
                  <Input aria-label={`${t('report.measureLabel')} ${i + 1}`} style={{ width: 120 }} maxLength={30} placeholder={t('report.measureLabel')} value={m.label ?? ''}
                    onChange={(e) => setMeasure(i, { fn: m.fn, ...(m.field ? { field: m.field } : {}), ...(e.target.value ? { label: e.target.value } : {}) })} />
                  <Button aria-label={t('report.remove')} icon={<DeleteOutlined />} disabled={def.measures.length === 1} onClick={() => setMeasure(i, null)} />
                </div>
              ))}
              {def.measures.length < REPORT_LIMITS.measures && (
                <Button icon={<PlusOutlined />} onClick={() => change({ measures: [...def.measures, measurable[0] ? { fn: 'sum', field: measurable[0].name } : { fn: 'count' }], columns: [] })}>{t('report.addMeasure')}</Button>
              )}
            </Form.Item>
          )}
          {grouped ? (
            <Form.Item label={t('report.chart')}>
              <Select aria-label={t('report.chart')} value={def.chart} options={REPORT_CHARTS.map((c) => ({ value: c, label: t(CHART_KEY[c]) }))} onChange={(chart: ChartKind) => change({ chart })} />
            </Form.Item>
          ) : (
            <Form.Item label={t('report.columns')} extra={t('report.columnsHint')} required>
              <Select
                aria-label={t('report.columns')} mode="multiple" value={def.columns} optionFilterProp="label" maxCount={REPORT_LIMITS.columns}
                options={listable.map((f) => ({ value: f.name, label: f.field.label[lang] }))}
                onChange={(columns: string[]) => change({ columns })}
              />
            </Form.Item>
          )}
          <Space wrap>
            <Button icon={<EyeOutlined />} loading={running} onClick={() => void run({ current: 1, size: page.size })}>{t('report.runPreview')}</Button>
            {canDesign && <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>{t('report.save')}</Button>}
          </Space>
        </Form>
      </Card>
      <Card size="small" title={name || t('report.preview')}>
        {preview ? (
          <div className="report-page">
            <ReportChart report={preview} title={name || entity.label[lang]} />
            <ReportTable report={preview} loading={running} onPage={(current, size) => void run({ current: size === page.size ? current : 1, size })} />
          </div>
        ) : <Empty description={t('report.noPreview')} />}
      </Card>
    </div>
  );
}

