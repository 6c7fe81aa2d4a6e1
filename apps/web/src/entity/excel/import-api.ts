import type { ImportMode, ImportResult, R } from '@alumni/domain';
import { http } from '../../api/http';

export type { ImportMode, ImportResult };

/** Sends a file for preview (nothing is written), reporting the share uploaded. */
export async function previewImport(base: string, file: File, mode: ImportMode, onUploaded: (percent: number) => void): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  const res = await http.post<R<ImportResult>>(`${base}/import`, form, {
    params: { mode, preview: '1' },
    timeout: 0,
    onUploadProgress: (e) => onUploaded(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
  return res.data.data;
}

/** Writes a previewed file. */
export async function commitImport(base: string, importId: string, mode: ImportMode): Promise<ImportResult> {
  const res = await http.post<R<ImportResult>>(`${base}/import`, undefined, { params: { importId, mode }, timeout: 0 });
  return res.data.data;
}
