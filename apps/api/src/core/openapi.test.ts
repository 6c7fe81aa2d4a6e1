import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

/** Every stylesheet, script and icon address a page names, resolved against the page's own address. */
const assetUrls = (html: string, pageUrl: string): string[] =>
  [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => {
    const url = new URL(m[1] as string, `http://localhost${pageUrl}`);
    return url.pathname + url.search;
  });

describe.each(testDialects())('the API documentation page (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  // `/api/docs` is the address the start-up banner and the README print.
  it.each(['/api/docs', '/api/docs/'])('%s answers a page whose every asset loads', async (address) => {
    let res = await t.call('GET', address);
    let page = address;
    if (res.statusCode >= 300 && res.statusCode < 400) {
      page = String(res.headers.location);
      res = await t.call('GET', page);
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const assets = assetUrls(res.body, page);
    expect(assets.some((a) => a.endsWith('swagger-ui-bundle.js'))).toBe(true);
    for (const asset of assets) {
      const answer = await t.call('GET', asset);
      expect({ asset, status: answer.statusCode }).toEqual({ asset, status: 200 });
    }
  });

  it('the OpenAPI document the page reads is served', async () => {
    const res = await t.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('openapi');
  });
});
