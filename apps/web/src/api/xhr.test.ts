import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildUrl, encodeBody, hasHeader, parseHeaders, parseJsonText, sendRequest, serializeParams, TransportError, withHeader,
  type TransportDefaults, type UploadProgress,
} from './xhr';

describe('query parameters', () => {
  it('leave out undefined and null values', () => {
    expect(serializeParams({ a: '1', b: undefined, c: null, d: 0, e: false })).toBe('a=1&d=0&e=false');
  });

  it('keep comma-joined ids, colons and spaces readable and encode the rest', () => {
    expect(serializeParams({ ids: '1,2,3', time: '2024-05-01 10:00:00', name: '张 三&x=1' }))
      .toBe('ids=1,2,3&time=2024-05-01+10:00:00&name=%E5%BC%A0+%E4%B8%89%26x%3D1');
  });

  it('follow the base path with one slash and join a query already in the path', () => {
    expect(buildUrl('/api', '/blade-system/dict/dictionary', { code: 'sex' })).toBe('/api/blade-system/dict/dictionary?code=sex');
    expect(buildUrl('/api/', 'photo/list?albumId=7', { current: 1 })).toBe('/api/photo/list?albumId=7&current=1');
    expect(buildUrl('/api', '/blade-auth/oauth/captcha', { skipped: undefined })).toBe('/api/blade-auth/oauth/captcha');
  });

  it('leave an absolute URL as it is', () => {
    expect(buildUrl('/api', 'https://files.example.org/a.xlsx#top')).toBe('https://files.example.org/a.xlsx');
  });
});

describe('answer headers', () => {
  it('have lower-case names, keep colons inside values and join repeated ones', () => {
    const raw = 'Content-Type: application/json\r\nContent-Disposition: attachment; filename*=UTF-8\'\'a.xlsx\r\n'
      + 'Date: Tue, 01 Jul 2025 10:00:00 GMT\r\nVary: Origin\r\nvary: Accept-Encoding\r\n';
    expect(parseHeaders(raw)).toEqual({
      'content-type': 'application/json',
      'content-disposition': 'attachment; filename*=UTF-8\'\'a.xlsx',
      date: 'Tue, 01 Jul 2025 10:00:00 GMT',
      vary: 'Origin, Accept-Encoding',
    });
  });

  it('are found and replaced whatever the letter case', () => {
    const headers = { 'blade-auth': 'bearer a', 'Tenant-Id': '000000' };
    expect(hasHeader(headers, 'Blade-Auth')).toBe(true);
    expect(hasHeader(headers, 'Captcha-Key')).toBe(false);
    expect(withHeader(headers, 'Blade-Auth', 'bearer b')).toEqual({ 'Tenant-Id': '000000', 'Blade-Auth': 'bearer b' });
    expect(headers).toEqual({ 'blade-auth': 'bearer a', 'Tenant-Id': '000000' });
  });
});

describe('request bodies', () => {
  it('go as JSON when they are objects or lists', () => {
    expect(encodeBody({ id: '1', name: '张三' })).toEqual({ body: '{"id":"1","name":"张三"}', contentType: 'application/json' });
    expect(encodeBody([{ type: 'error' }])).toEqual({ body: '[{"type":"error"}]', contentType: 'application/json' });
  });

  it('go as they are, with no type of ours, when they are form data or text', () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.xlsx');
    expect(encodeBody(form)).toEqual({ body: form });
    expect(encodeBody('U2FsdGVk')).toEqual({ body: 'U2FsdGVk' });
  });

  it('are absent, with no type, when there is none', () => {
    expect(encodeBody(undefined)).toEqual({ body: null });
  });
});

describe('JSON answers', () => {
  it('are parsed when they are JSON and kept as text otherwise', () => {
    expect(parseJsonText('{"code":200,"data":[1]}')).toEqual({ code: 200, data: [1] });
    expect(parseJsonText('<!doctype html>')).toBe('<!doctype html>');
    expect(parseJsonText('')).toBe('');
  });
});

/** A browser XMLHttpRequest's surface, recording what was asked and answering on demand. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  timeout = -1;
  responseType = '';
  requestHeaders: [string, string][] = [];
  body: unknown = undefined;
  status = 0;
  responseText = '';
  response: unknown = null;
  rawHeaders = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders.push([name, value]);
  }

  send(body: unknown): void {
    this.body = body;
  }

  getAllResponseHeaders(): string {
    return this.rawHeaders;
  }

  answer(status: number, text: string, rawHeaders = ''): void {
    this.status = status;
    this.responseText = text;
    this.rawHeaders = rawHeaders;
    this.onload?.();
  }
}

const defaults: TransportDefaults = { baseURL: '/api', timeout: 5000, acceptsStatus: (s) => s >= 200 && s <= 500 };

describe('a call', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
  afterEach(() => vi.unstubAllGlobals());

  it('resolves a failure status the client reads, with the parsed body and lower-case headers', async () => {
    const pending = sendRequest({ method: 'post', url: '/blade-user/submit', data: { name: 'a' }, params: { tenantId: '000000' } }, defaults);
    const xhr = FakeXhr.last;
    xhr.answer(400, '{"code":400,"msg":"名称已存在"}', 'Content-Type: application/json\r\n');
    const res = await pending;
    expect([xhr.method, xhr.url, xhr.timeout, xhr.body]).toEqual(['POST', '/api/blade-user/submit?tenantId=000000', 5000, '{"name":"a"}']);
    expect(xhr.requestHeaders).toEqual([['Content-Type', 'application/json']]);
    expect(res).toMatchObject({ status: 400, data: { code: 400, msg: '名称已存在' }, headers: { 'content-type': 'application/json' } });
  });

  it('rejects a status outside the ones the client reads', async () => {
    const pending = sendRequest({ url: '/blade-system/menu/routes' }, defaults);
    FakeXhr.last.answer(502, '<html>Bad Gateway</html>');
    await expect(pending).rejects.toMatchObject({ name: 'TransportError', reason: 'status', status: 502 });
  });

  it('rejects on a network failure and on a timeout', async () => {
    const failed = sendRequest({ url: '/a' }, defaults);
    FakeXhr.last.onerror?.();
    await expect(failed).rejects.toBeInstanceOf(TransportError);
    await expect(failed).rejects.toMatchObject({ reason: 'network' });
    const late = sendRequest({ url: '/a', timeout: 20 }, defaults);
    FakeXhr.last.ontimeout?.();
    await expect(late).rejects.toMatchObject({ reason: 'timeout', message: 'timeout of 20ms exceeded' });
  });

  it('sends a file with the browser choosing its type and reports the share uploaded', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.xlsx');
    const seen: UploadProgress[] = [];
    const pending = sendRequest({ method: 'post', url: '/x/import', data: form, timeout: 0, onUploadProgress: (e) => seen.push(e) }, defaults);
    const xhr = FakeXhr.last;
    xhr.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 80, total: 0, lengthComputable: false });
    xhr.answer(200, '{"code":200}');
    await pending;
    expect(xhr.timeout).toBe(0);
    expect(xhr.body).toBe(form);
    expect(xhr.requestHeaders).toEqual([]);
    expect(seen).toEqual([{ loaded: 50, total: 200 }, { loaded: 80, total: undefined }]);
  });

  it('keeps a content type the caller set', async () => {
    const pending = sendRequest({ method: 'post', url: '/x/save', data: 'U2FsdGVk', headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }, defaults);
    FakeXhr.last.answer(200, 'cipher', 'Content-Type: text/plain\r\n');
    expect(FakeXhr.last.requestHeaders).toEqual([['Content-Type', 'text/plain;charset=UTF-8']]);
    await expect(pending).resolves.toMatchObject({ data: 'cipher' });
  });

  it('sends no body with a GET, its values going in the query', async () => {
    const pending = sendRequest({ method: 'get', url: '/open/progress', data: { registNo: 'R1' }, params: { registNo: 'R1' } }, defaults);
    const xhr = FakeXhr.last;
    xhr.answer(200, '{"code":200}');
    await pending;
    expect([xhr.url, xhr.body, xhr.requestHeaders]).toEqual(['/api/open/progress?registNo=R1', null, []]);
  });

  it('reads a text answer as text and a file answer as a file', async () => {
    const text = sendRequest({ url: '/a', responseType: 'text' }, defaults);
    FakeXhr.last.answer(200, '{"code":200}');
    await expect(text).resolves.toMatchObject({ data: '{"code":200}' });
    const file = sendRequest({ url: '/export', responseType: 'blob' }, defaults);
    const xhr = FakeXhr.last;
    const blob = new Blob(['xlsx']);
    xhr.response = blob;
    xhr.answer(200, '');
    expect(xhr.responseType).toBe('blob');
    await expect(file).resolves.toMatchObject({ data: blob });
  });
});
