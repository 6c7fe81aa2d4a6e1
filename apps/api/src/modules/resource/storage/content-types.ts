/** The content type a stored file is served with, from its extension (never from the client). */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp',
  pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', csv: 'text/csv; charset=utf-8',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip', rar: 'application/vnd.rar', '7z': 'application/x-7z-compressed', mp4: 'video/mp4', mp3: 'audio/mpeg',
};

export const contentTypeOf = (extension: string): string => TYPES[extension] ?? 'application/octet-stream';

/** Shown in the browser (images, PDF, video); everything else is downloaded. */
export const showsInline = (extension: string): boolean => /^(jpe?g|png|gif|webp|bmp|pdf|mp4|mp3)$/.test(extension);
