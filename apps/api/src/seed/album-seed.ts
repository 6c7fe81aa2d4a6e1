import { createHash } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { RESOURCE_PATHS, attachEntity, photoAlbumEntity, photoEntity } from '@alumni/domain';
import sharp from 'sharp';
import { formatDateTime, now } from '../core/time.js';
import { writeThumbnail } from '../modules/albums/photo-images.js';
import { StorageService } from '../modules/resource/storage/storage-service.js';
import { seedId } from './menu-tree.js';
import { daysAgo } from './seed-calendar.js';
import type { SeedWriter } from './seed-writer.js';

const ALBUMS = 15, PHOTOS = 16, ACTIVITIES = 9, ASSOCIATIONS = 7, DEPTS = 92, ATTACH_ROWS = 98;
const FILE_ROUTE = `/api${RESOURCE_PATHS.getFile}`;

/** The albums of DOMAIN 18.6: [name, activity row, association row, unit row, days before D, photos, public, shared for days]. */
const ALBUM_PLAN: [string, number, number | null, number, number, number, 0 | 1, number | null][] = [
  ['返校日合影', 1, null, 11, 60, 12, 1, 7],
  ['北京校友会新春联谊会', 2, 2, 12, 120, 8, 1, null],
  ['十周年返校聚会', 7, null, 11, 1, 6, 1, null],
  ['重阳节看望老校友', 9, null, 11, 200, 4, 0, null],
];

/** A number in [0, 1) drawn from a text, the same on every install. */
const draw = (text: string, salt: number) => createHash('sha256').update(`${text}:${salt}`).digest().readUInt32BE(0) / 2 ** 32;

/** A UUID-shaped name drawn from a text (object keys look like the server's own). */
function uuidOf(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A generated landscape (sky, sun, hills, and for group photos a row of silhouettes), no faces. */
function landscape(seed: string, group: boolean): string {
  const hue = Math.round(draw(seed, 1) * 360);
  const sky = `hsl(${hue},60%,70%)`;
  const horizon = `hsl(${(hue + 40) % 360},70%,85%)`;
  const hills = [0, 1, 2].map((i) => {
    const base = 300 + i * 60;
    const points = Array.from({ length: 9 }, (_, k) => `${k * 100},${Math.round(base - draw(seed, 10 + i * 10 + k) * 120)}`).join(' ');
    return `<polygon points="0,533 ${points} 800,533" fill="hsl(${(hue + 90 + i * 20) % 360},${35 + i * 10}%,${45 - i * 10}%)"/>`;
  }).join('');
  const sun = `<circle cx="${Math.round(100 + draw(seed, 2) * 600)}" cy="${Math.round(60 + draw(seed, 3) * 80)}" r="40" fill="#fff6d5" opacity="0.9"/>`;
  const people = group ? Array.from({ length: 9 }, (_, k) => {
    const x = 120 + k * 70;
    const h = 90 + Math.round(draw(seed, 40 + k) * 30);
    return `<ellipse cx="${x}" cy="${533 - h / 2}" rx="24" ry="${h / 2}" fill="#2f3440"/><circle cx="${x}" cy="${533 - h - 18}" r="18" fill="#2f3440"/>`;
  }).join('') : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="533"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">`
    + `<stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${horizon}"/></linearGradient></defs>`
    + `<rect width="800" height="533" fill="url(#s)"/>${sun}${hills}${people}</svg>`;
}

/**
 * The four albums of the demo activities with their 30 photos (DOMAIN 18.1, 18.6): small generated
 * landscapes and group silhouettes (under 60 KB each) and their thumbnails, stored through the
 * tenant's object storage like an upload, with their attachment rows. The first album is shared for 7 days.
 */
export async function seedAlbums(w: SeedWriter, dataDir: string): Promise<void> {
  const store = (await new StorageService(w.db, dataDir).enabledStore('000000')).store;
  const tmp = path.join(dataDir, 'tmp');
  await mkdir(tmp, { recursive: true });
  const day = now().slice(0, 10).replace(/-/g, '');
  let photoRow = 0;
  let attachRow = 0;
  const putFile = async (file: string, originalName: string, salt: string) => {
    const key = `000000/${day}/${uuidOf(salt)}.jpg`;
    const { size } = await stat(file);
    await store.put(key, { path: file, size, contentType: 'image/jpeg' });
    attachRow += 1;
    const link = `${FILE_ROUTE}?name=${encodeURIComponent(key)}`;
    const id = await w.insert(attachEntity.table, {
      id: seedId(ATTACH_ROWS, attachRow), link, domainUrl: FILE_ROUTE, name: key, originalName, extension: 'jpg', attachSize: size, ossId: null,
    }, '000000');
    return { id, link, size };
  };
  for (const [index, [name, activity, association, unit, back, count, isPublic, shareDays]] of ALBUM_PLAN.entries()) {
    const albumId = seedId(ALBUMS, index + 1);
    const photoDate = daysAgo(back, '10:00:00').slice(0, 10);
    const photoIds: string[] = [];
    for (let n = 1; n <= count; n += 1) {
      photoRow += 1;
      const fileName = `${name}-${String(n).padStart(2, '0')}.jpg`;
      const original = path.join(tmp, `${uuidOf(`seed-original-${photoRow}`)}.jpg`);
      const thumb = path.join(tmp, `${uuidOf(`seed-thumb-${photoRow}`)}.jpg`);
      await sharp(Buffer.from(landscape(`${name}-${n}`, n % 3 === 1))).jpeg({ quality: 70 }).toFile(original);
      await writeThumbnail(original, thumb);
      const big = await putFile(original, fileName, `seed-photo-${photoRow}`);
      const small = await putFile(thumb, `${name}-${String(n).padStart(2, '0')}-thumb.jpg`, `seed-thumbnail-${photoRow}`);
      const id = seedId(PHOTOS, photoRow);
      photoIds.push(id);
      await w.insert(photoEntity.table, {
        id, albumId, name: fileName, link: big.link, thumbnailLink: small.link, attachId: big.id, thumbnailAttachId: small.id,
        size: big.size, width: 800, height: 533, takenTime: `${photoDate} ${String(9 + Math.floor(n / 2)).padStart(2, '0')}:${String((n * 13) % 60).padStart(2, '0')}:00`,
        description: n === 1 ? `${name}（合影）` : null, sort: n, downloadCount: 0, orgDeptId: seedId(DEPTS, unit),
      }, '000000');
    }
    await w.insert(photoAlbumEntity.table, {
      id: albumId, albumName: name, activityId: seedId(ACTIVITIES, activity), associationId: association ? seedId(ASSOCIATIONS, association) : null,
      description: `${name}的照片`, photoDate, coverPhotoId: photoIds[0] ?? null, isPublic, photoCount: photoIds.length,
      shareCode: shareDays ? `Dm${uuidOf('seed-share').replace(/[^A-Za-z0-9]/g, '').slice(0, 6)}` : null,
      shareExpireTime: shareDays ? `${formatDateTime(new Date(Date.now() + shareDays * 86_400_000)).slice(0, 10)} 23:59:59` : null,
      sort: index + 1, orgDeptId: seedId(DEPTS, unit),
    }, '000000');
  }
}
