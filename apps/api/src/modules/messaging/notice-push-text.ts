import { PUSH_CHANNEL } from '@alumni/domain';
import type { Params } from '../../access/params.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import { fillTemplate, templateVariables } from './template-text.js';

/** The paths of the public links a pushed e-mail carries, under the API's prefix. */
export const UNSUBSCRIBE_PATH = '/api/blade-noticePush/noticePush/open/unsubscribe';
export const READ_PIXEL_PATH = '/api/blade-noticePush/noticePush/open/read';
export const CLICK_PATH = '/api/blade-noticePush/noticePush/open/click';

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

const unescapeHtml = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** An absolute address as written in text: the ASCII characters of a URL, quotes and brackets left out. */
const WRITTEN_URL = /https?:\/\/[A-Za-z0-9\-._~:/?#@!$&*+,;=%]+/g;

/**
 * Plain text as e-mail HTML: escaped, its line breaks kept, and each absolute address written in it
 * made a link (so a ticket or notice address opens with a click, and the click is counted); the
 * sentence's punctuation after an address stays text.
 */
export function plainTextHtml(text: string): string {
  const html = (part: string) => escapeHtml(part).replace(/\n/g, '<br>');
  let out = '';
  let at = 0;
  for (const match of text.matchAll(WRITTEN_URL)) {
    const url = match[0].replace(/[.,;:!?]+$/, '');
    out += `${html(text.slice(at, match.index))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    at = match.index + url.length;
  }
  return out + html(text.slice(at));
}

/**
 * The e-mail's links passed through the click-through address (`clickUrl` answers it for a link, or
 * null to leave the link as written: an unsubscribe link, an address outside the product).
 */
function throughClicks(html: string, clickUrl: (to: string) => string | null): string {
  return html.replace(/(<a\b[^>]*?\bhref=")([^"]+)(")/gi, (whole, before: string, href: string, after: string) => {
    const through = clickUrl(unescapeHtml(href));
    return through === null ? whole : `${before}${escapeHtml(through)}${after}`;
  });
}

/**
 * One recipient's e-mail: the text with the recipient's values, an unsubscribe line and a read
 * pixel (a 1×1 image whose loading marks the record read); with `clickUrl`, its links to the
 * product pass through the click-through address, which counts the click.
 */
export function pushMail(text: PushText, values: Record<string, string>, links: { unsubscribeUrl: string; pixelUrl: string; clickUrl?: (to: string) => string | null }) {
  const filled = fillTemplate(text.content, { ...values, unsubscribeUrl: links.unsubscribeUrl });
  const written = text.html ? filled : plainTextHtml(filled);
  const body = links.clickUrl ? throughClicks(written, links.clickUrl) : written;
  const footer = `<p style="color:#888;font-size:12px">如不希望再收到此类邮件，请<a href="${escapeHtml(links.unsubscribeUrl)}">退订</a>。 `
    + `<a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe</a></p>`;
  const html = `${body}${footer}<img src="${escapeHtml(links.pixelUrl)}" width="1" height="1" alt="">`;
  const plain = `${text.html ? filled.replace(/<[^>]+>/g, '') : filled}\n\n退订 / Unsubscribe: ${links.unsubscribeUrl}`;
  return { subject: fillTemplate(text.subject, values), html, text: plain };
}

/**
 * The values every recipient of a push shares: the school's name, the notice's title and its
 * address in the alumni portal (the push's subject or title and the portal's sign-in when it pushes
 * no notice), the portal's address, and the public base URL.
 */
export async function pushCommonValues(params: Params, tenantId: string, push: JsonRecord, notice: JsonRecord | null): Promise<{ base: string; values: Record<string, string> }> {
  const base = await publicBase(params, tenantId);
  return {
    base,
    values: {
      schoolName: (await params.get(tenantId, 'alumni.schoolName')) ?? '',
      // Without a notice, the push's subject or title — never a text still holding a variable (a template's `${noticeTitle}` subject).
      noticeTitle: [notice?.title, push.subject, push.title].map((v) => String(v ?? '').trim()).find((v) => v !== '' && !v.includes('${')) ?? '',
      noticeUrl: notice ? `${base}/portal/notice/${String(notice.id)}?tenant=${encodeURIComponent(tenantId)}` : portalUrl(base, tenantId),
      portalUrl: portalUrl(base, tenantId),
    },
  };
}

/** The public base URL links in e-mails and SMS start with (`alumni.publicBaseUrl`), without a trailing slash; '' when unset. */
export async function publicBase(params: Params, tenantId: string): Promise<string> {
  return ((await params.get(tenantId, 'alumni.publicBaseUrl')) ?? '').trim().replace(/\/+$/, '');
}

/** The alumni portal's address for a tenant: where a WeChat menu or a text message sends alumni to sign in. */
export const portalUrl = (base: string, tenantId: string): string => `${base}/portal?tenant=${encodeURIComponent(tenantId)}`;

/** The variables whose values are links under the public base URL. */
export const LINK_VARIABLES: readonly string[] = ['noticeUrl', 'portalUrl', 'surveyUrl', 'unsubscribeUrl'];

/**
 * The variables the sending fills on a channel, and nothing else: the shared ones (school, notice
 * title and address, portal address), each recipient's `${name}`, a survey invitation's `${surveyTitle}` and
 * `${surveyUrl}`, and an e-mail's `${unsubscribeUrl}`. The preview fills exactly these.
 */
export function sendingVariables(channel: string, invitesToSurvey: boolean): Set<string> {
  return new Set([
    'schoolName', 'noticeTitle', 'noticeUrl', 'portalUrl', 'name',
    ...(invitesToSurvey ? ['surveyTitle', 'surveyUrl'] : []),
    ...(channel === PUSH_CHANNEL.email ? ['unsubscribeUrl'] : []),
  ]);
}

/** The variables of the texts that the given names do not fill, in order of first use. */
export function unfilledVariables(texts: readonly string[], names: ReadonlySet<string>): string[] {
  return templateVariables(texts.join('\n')).filter((name) => !names.has(name));
}

/** `${a}、${b}` for a message naming variables. */
export const variableList = (names: readonly string[]): string => names.map((n) => '${' + n + '}').join('、');

/** A push carries links when it sends e-mail (unsubscribe and read pixel) or a text uses a link variable. */
export function carriesLinks(channels: readonly string[], texts: readonly string[]): boolean {
  return channels.includes(PUSH_CHANNEL.email) || templateVariables(texts.join('\n')).some((name) => LINK_VARIABLES.includes(name));
}

/**
 * The click-through address of one record's link, for links to the product (under the public base
 * URL) other than its unsubscribe link: anything else is left as written, so the click-through
 * never forwards to an address outside the product. `token` is the record's click token ('…' in a preview).
 */
export function clickThrough(base: string, token: string): (to: string) => string | null {
  return (to) => (base !== '' && to.startsWith(`${base}/`) && !to.startsWith(`${base}${UNSUBSCRIBE_PATH}`)
    ? `${base}${CLICK_PATH}?token=${token}&to=${encodeURIComponent(to.slice(base.length))}` : null);
}
