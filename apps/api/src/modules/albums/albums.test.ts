import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

type Json = Record<string, unknown>;

/** A multipart body of an upload: the album id and several files. */
function photoForm(albumId: string, files: { name: string; content: Buffer; type?: string }[]) {
  const boundary = `----alumni${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="albumId"\r\n\r\n${albumId}\r\n`)];
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`), f.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const picture = (width: number, height: number, format: 'jpeg' | 'png', exif?: string) => {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  if (exif) image = image.withExif({ IFD0: { DateTime: exif }, IFD2: { DateTimeOriginal: exif } });
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
};

/** The names of the entries of a zip, read from its central directory. */
function zipEntries(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf('PK\x01\x02'); at >= 0; at = zip.indexOf('PK\x01\x02', at + 4)) {
    const length = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + length).toString('utf8'));
  }
  return names;
}

describe.each(testDialects())('photo albums (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let association: string;
  let leader: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, association, leader] = await Promise.all([t.signIn('admin'), t.signIn('association'), t.signIn('leader')]);
  });
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST', url: string, token: string | null, body?: unknown, headers?: Record<string, string>) => {
    const res = await t.call(method, url, token, body, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const refused = async (method: 'GET' | 'POST', url: string, token: string | null, msg: string, code = 400, body?: unknown, headers?: Record<string, string>) => {
    const res = await t.call(method, url, token, body, headers);
    expect(res.statusCode, res.body).toBe(code);
    expect(res.json().msg).toBe(msg);
  };
  const fileOnDisk = (link: unknown) => path.join(t.config.dataDir, 'files', new URL(String(link), 'http://x').searchParams.get('name') ?? '');

  it('lists the four demo albums by date with their counts and covers; the first is shared', async () => {
    const page = await data('GET', '/api/photo/list?size=10', admin);
    expect(page.records.map((a: Json) => [a.albumName, a.photoCount])).toEqual([
      ['十周年返校聚会', 6], ['返校日合影', 12], ['北京校友会新春联谊会', 8], ['重阳节看望老校友', 4],
    ]);
    for (const album of page.records as Json[]) expect(existsSync(fileOnDisk(album.coverThumbnailLink))).toBe(true);
    const shared = page.records.find((a: Json) => a.albumName === '返校日合影') as Json;
    const detail = await data('GET', `/api/photo/detail?id=${String(shared.id)}`, admin);
    expect(String(detail.shareUrl)).toMatch(/\/share\/album\/[A-Za-z0-9]{8}$/);
    // The share code opens the album's photos without a token.
    const photos = await data('GET', `/api/photo/getPhoto?shareCode=${String(detail.shareCode)}`, null);
    expect(photos).toHaveLength(12);
    const thumb = await t.call('GET', String(photos[0].thumbnailLink), null);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);
    // The leader reads albums but may not add one.
    await refused('POST', '/api/photo/addAlbum', leader, '无权限', 403, { albumName: '不可以' });
  });

  it('uploads photos with server-made thumbnails and EXIF times, and zips the album as a stream', async () => {
    const album = await data('POST', '/api/photo/addAlbum', association, { albumName: '测试相册', photoDate: '2024-05-01', isPublic: 1 });
    expect(album).toMatchObject({ photoCount: 0, orgDeptId: '1900000000000920012' });
    await refused('POST', '/api/photo/addAlbum', association, '新建相册不能带 id', 400, { id: album.id, albumName: '带编号' });
    const files = [
      { name: '合影 1.jpg', content: await picture(1600, 900, 'jpeg', '2024:05:01 10:20:30') },
      { name: 'portrait.png', content: await picture(600, 1200, 'png'), type: 'image/png' },
      { name: '合影 1.jpg', content: await picture(300, 200, 'jpeg') },
    ];
    const form = photoForm(String(album.id), files);
    const photos = await data('POST', '/api/photo/uploadPhoto', association, form.body, form.headers) as Json[];
    expect(photos.map((p) => [p.name, p.width, p.height, p.sort])).toEqual([['合影 1.jpg', 1600, 900, 1], ['portrait.png', 600, 1200, 2], ['合影 1.jpg', 300, 200, 3]]);
    expect(photos[0]?.takenTime).toBe('2024-05-01 10:20:30');
    const thumbs = await Promise.all(photos.map(async (p) => sharp(await sharp(fileOnDisk(p.thumbnailLink)).toBuffer()).metadata()));
    expect(thumbs.map((m) => [m.width, m.height])).toEqual([[400, 225], [200, 400], [300, 200]]);
    const detail = await data('GET', `/api/photo/detail?id=${String(album.id)}`, association);
    expect(detail).toMatchObject({ photoCount: 3, coverPhotoId: photos[0]?.id, shareUrl: null });

    const zip = await t.call('GET', `/api/photo/downLoad?id=${String(album.id)}`, association);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(encodeURIComponent('测试相册.zip'));
    expect(zipEntries(zip.rawPayload)).toEqual(['合影 1.jpg', 'portrait.png', '合影 1 (2).jpg']);
    for (const f of files) expect(zip.rawPayload.includes(f.content)).toBe(true);
    const subset = await t.call('GET', `/api/photo/downLoad?id=${String(album.id)}&photoIds=${String(photos[1]?.id)}`, association);
    expect(zipEntries(subset.rawPayload)).toEqual(['portrait.png']);

    const one = await t.call('GET', `/api/photo/downloadPhoto?id=${String(photos[1]?.id)}`, association);
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.equals(files[1]?.content as Buffer)).toBe(true);
    const counted = await data('GET', `/api/photo/getPhoto?id=${String(album.id)}`, association) as Json[];
    expect(counted.map((p) => p.downloadCount)).toEqual([1, 3, 1]);

    // Captions and order; the cover must be one of the album's photos.
    await data('POST', '/api/photo/update', association, { id: album.id, photos: [{ id: photos[2]?.id, sort: 0, description: '第一张' }] });
    expect((await data('GET', `/api/photo/getPhoto?id=${String(album.id)}&current=1&size=2`, association)).records[0]).toMatchObject({ id: photos[2]?.id, description: '第一张' });
    await refused('POST', '/api/photo/update', association, '封面必须是本相册的照片', 400, { id: album.id, coverPhotoId: '1900000000000160001' });

    // Removing photos removes their files and keeps count and cover right; removing the album removes the rest.
    await data('POST', `/api/photo/remove?photoIds=${String(photos[0]?.id)}`, association);
    expect(existsSync(fileOnDisk(photos[0]?.link))).toBe(false);
    expect(existsSync(fileOnDisk(photos[0]?.thumbnailLink))).toBe(false);
    expect(await data('GET', `/api/photo/detail?id=${String(album.id)}`, association)).toMatchObject({ photoCount: 2, coverPhotoId: photos[2]?.id });
    await data('POST', `/api/photo/remove?ids=${String(album.id)}`, association);
    expect(existsSync(fileOnDisk(photos[1]?.link))).toBe(false);
    await refused('GET', `/api/photo/getPhoto?id=${String(album.id)}`, association, '数据不存在', 404);
  });

  it('shares an album for a while, by code without a token, until the share is revoked', async () => {
    const album = await data('POST', '/api/photo/addAlbum', admin, { albumName: '分享相册' });
    const form = photoForm(String(album.id), [{ name: 'a.jpg', content: await picture(500, 500, 'jpeg') }]);
    await data('POST', '/api/photo/uploadPhoto', admin, form.body, form.headers);
    await refused('POST', `/api/photo/shareAlbum?id=${String(album.id)}&expireDays=3`, admin, '有效期只能是1、7、30天或0（永久）');
    const share = await data('POST', `/api/photo/shareAlbum?id=${String(album.id)}&expireDays=1`, admin);
    expect(share.shareCode).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(share.shareUrl).toMatch(new RegExp(`/share/album/${String(share.shareCode)}$`));
    const zip = await t.call('GET', `/api/photo/downLoad?shareCode=${String(share.shareCode)}`, null);
    expect(zipEntries(zip.rawPayload)).toEqual(['a.jpg']);
    await data('POST', `/api/photo/shareAlbum?id=${String(album.id)}&cancel=1`, admin);
    await refused('GET', `/api/photo/getPhoto?shareCode=${String(share.shareCode)}`, null, '分享链接已失效');
    await refused('GET', `/api/photo/getPhoto?id=${String(album.id)}`, null, '缺失令牌,鉴权失败', 401);
  });

  it('refuses types, unreadable pictures and empty uploads, storing nothing', async () => {
    const album = await data('POST', '/api/photo/addAlbum', admin, { albumName: '拒收' });
    const gif = photoForm(String(album.id), [{ name: 'a.gif', content: Buffer.from('GIF89a') }]);
    await refused('POST', '/api/photo/uploadPhoto', admin, '不支持的文件类型: gif', 400, gif.body, gif.headers);
    const fake = photoForm(String(album.id), [{ name: 'fake.jpg', content: Buffer.from('not a picture') }]);
    await refused('POST', '/api/photo/uploadPhoto', admin, '无法识别的图片：fake.jpg', 400, fake.body, fake.headers);
    const none = photoForm(String(album.id), []);
    await refused('POST', '/api/photo/uploadPhoto', admin, '每次上传1到20张照片', 400, none.body, none.headers);
    expect(await data('GET', `/api/photo/getPhoto?id=${String(album.id)}`, admin)).toEqual([]);
    await refused('POST', '/api/photo/addAlbum', admin, '相册名称长度应为2到64个字符', 400, { albumName: '拒' });
  });
});
