import { reportEntity, type ReportPreview } from '@alumni/domain';
import { downloadFile, getData, postData } from '../../api/http';
import { iframeRoute, isExternal } from '../../router/menu-match';

const BASE = reportEntity.api!.base;

export interface ReportUrls { designerUrl: string; previewUrl: string }

/** Where the designer and the viewer are (parameters report.designerUrl / report.previewUrl). */
export const fetchUrls = () => getData<ReportUrls>(`${BASE}/urls`);

export const previewSaved = (name: string, page: { current: number; size: number }) =>
  getData<ReportPreview>(`${BASE}/preview`, { name, ...page });

export const previewDraft = (content: unknown, page: { current: number; size: number }) =>
  postData<ReportPreview>(`${BASE}/preview`, { content, ...page });

export const exportReport = (kind: 'excel' | 'pdf', name: string) => downloadFile(`${BASE}/export-${kind}`, { name });

/** The name a viewer or designer address carries (`?_u=blade-{name}`, the report server's convention). */
export const nameFromAddress = (query: URLSearchParams): string => (query.get('_u') ?? '').replace(/^blade-/, '');

/**
 * The address that opens a report in the viewer or the designer: the built-in page (a path), or an
 * external report server's page in the embedded-page route (a web address), both with `_u=blade-{name}`.
 */
export function reportAddress(base: string, name: string | null, menu: { code: string; name: string; nameEn: string }): string {
  const target = name === null ? base : `${base}${base.includes('?') ? '&' : '?'}_u=${encodeURIComponent(`blade-${name}`)}`;
  return isExternal(base) ? iframeRoute({ id: menu.code, ...menu, path: target }) : target;
}
