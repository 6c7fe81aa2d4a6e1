import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { storedFiles, type FileSpec, type StoredFile } from '@alumni/domain';
import { Image, Space } from 'antd';
import type { ReactNode } from 'react';
import { useFileUrl } from '../../lib/use-file-url';

/** Whether a stored file shows as a picture: every file of a picture field, else by its name. */
export const isPicture = (spec: FileSpec, file: StoredFile): boolean => spec.accept === 'image' || /\.(jpe?g|png|gif|webp)$/i.test(file.name ?? file.link);

/** One stored picture: a small preview that opens large (within its field's gallery). */
export function FilePicture({ file, size, alt }: { file: StoredFile; size: number; alt: string }) {
  const shown = useFileUrl(file.link);
  return shown ? <Image src={shown} alt={file.name ?? alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null;
}

/** One stored file: a link by its name that opens it. */
export function FileLink({ file, children }: { file: StoredFile; children?: ReactNode }) {
  const shown = useFileUrl(file.link);
  return <a href={shown} target="_blank" rel="noreferrer"><PaperClipOutlined /> {children ?? file.name}</a>;
}

/**
 * The files of a file-list field in a table or a view: pictures as small previews that open large
 * (one gallery per field), other files as links by their names.
 */
export function FilesCell({ value, spec, alt, size = 40 }: { value: unknown; spec: FileSpec; alt: string; size?: number }) {
  const files = storedFiles(value);
  if (files.length === 0) return null;
  const pictures = files.filter((f) => isPicture(spec, f));
  const others = files.filter((f) => !isPicture(spec, f));
  return (
    <Space size={4} wrap className="files-cell">
      {pictures.length > 0 && (
        <Image.PreviewGroup>
          {pictures.map((f) => <FilePicture key={f.link} file={f} size={size} alt={alt} />)}
        </Image.PreviewGroup>
      )}
      {others.map((f) => <FileLink key={f.link} file={f} />)}
    </Space>
  );
}
