import exifReader from 'exif-reader';
import sharp from 'sharp';

// Each picture is read once: libvips keeps no cache of decoded images between uploads.
sharp.cache(false);

/** The long edge of a thumbnail, in pixels (DOMAIN 6.4). */
export const THUMBNAIL_EDGE = 400;

export interface PhotoFacts {
  width: number;
  height: number;
  /** When the picture was taken, from its EXIF data (`yyyy-MM-dd HH:mm:ss`), or null. */
  takenTime: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The EXIF time of taking as the camera wrote it (local time, no zone). */
function exifTime(exif: Buffer | undefined): string | null {
  if (!exif) return null;
  try {
    const data = exifReader(exif) as { Photo?: { DateTimeOriginal?: Date }; Image?: { DateTime?: Date } };
    const date = data.Photo?.DateTimeOriginal ?? data.Image?.DateTime;
    if (!(date instanceof Date) || Number.isNaN(date.getTime())) return null;
    // exif-reader reads the camera's wall-clock time as UTC.
    return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  } catch {
    return null;
  }
}

/** The displayed size (after the EXIF orientation) and taking time of a picture, or null when it is no readable picture. */
export async function photoFacts(file: string): Promise<PhotoFacts | null> {
  try {
    const meta = await sharp(file).metadata();
    if (!meta.width || !meta.height) return null;
    const turned = (meta.orientation ?? 1) >= 5;
    return { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height, takenTime: exifTime(meta.exif) };
  } catch {
    return null;
  }
}

/** Writes the thumbnail of a picture: upright, its long edge at most 400 px, as JPEG. */
export async function writeThumbnail(file: string, target: string): Promise<void> {
  await sharp(file).rotate().resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toFile(target);
}
