import type { Params } from '../../access/params.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import { fillTemplate } from './template-text.js';

/** The paths of the public links a pushed e-mail carries, under the API's prefix. */
export const UNSUBSCRIBE_PATH = '/api/blade-noticePush/noticePush/open/unsubscribe';
export const READ_PIXEL_PATH = '/api/blade-noticePush/noticePush/open/read';

/**
 * Values a push fills per recipient besides the shared ones and the name (a survey invitation's
 * `${surveyTitle}` and signed `${surveyUrl}`), for a push and the public base URL.
 */
export type RecipientValuesSource = (tenantId: string, push: JsonRecord, base: string) => Promise<(alumniId: string | null) => Record<string, string>>;

/** What a push sends, read once per job: its subject and text with `${…}` variables. */
export interface PushText {
  subject: string;
  content: string;
  /** The content is HTML (an e-mail template) rather than plain text. */
  html: boolean;
}

/** The push's own content wins; else its template's text (pushes copy the text they send). */
export function pushText(push: JsonRecord, template: JsonRecord | null): PushText {
  const own = String(push.content ?? '').trim();
  const content = own !== '' ? own : String(template?.content ?? '');
  return { subject: String(push.subject ?? push.title ?? ''), content, html: /<[a-z][\s\S]*>/i.test(content) };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * One recipient's e-mail: the text with the recipient's values, an unsubscribe line and a read
 * pixel (a 1×1 image whose loading marks the record read).
 */
export function pushMail(text: PushText, values: Record<string, string>, links: { unsubscribeUrl: string; pixelUrl: string }) {
  const filled = fillTemplate(text.content, { ...values, unsubscribeUrl: links.unsubscribeUrl });
  const body = text.html ? filled : escapeHtml(filled).replace(/\n/g, '<br>');
  const footer = `<p style="color:#888;font-size:12px">如不希望再收到此类邮件，请<a href="${escapeHtml(links.unsubscribeUrl)}">退订</a>。 `
    + `<a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe</a></p>`;
  const html = `${body}${footer}<img src="${escapeHtml(links.pixelUrl)}" width="1" height="1" alt="">`;
  const plain = `${text.html ? filled.replace(/<[^>]+>/g, '') : filled}\n\n退订 / Unsubscribe: ${links.unsubscribeUrl}`;
  return { subject: fillTemplate(text.subject, values), html, text: plain };
}

/**
 * The values every recipient of a push shares: the school's name and the notice's title and
 * portal address (the push's subject or title when it pushes no notice), and the public base URL.
 */
export async function pushCommonValues(params: Params, tenantId: string, push: JsonRecord, notice: JsonRecord | null): Promise<{ base: string; values: Record<string, string> }> {
  const base = ((await params.get(tenantId, 'alumni.publicBaseUrl')) ?? '').trim().replace(/\/$/, '');
  return {
    base,
    values: {
      schoolName: (await params.get(tenantId, 'alumni.schoolName')) ?? '',
      noticeTitle: String(notice?.title ?? push.subject ?? push.title ?? ''),
      noticeUrl: notice ? `${base}/portal/notice/${String(notice.id)}` : base,
    },
  };
}
