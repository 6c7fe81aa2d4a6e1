import { Image } from 'antd';
import { useFileUrl } from '../../lib/use-file-url';

/** A stored picture in a table or a view: a small preview that opens large on a click. */
export function ImageCell({ link, alt, size = 40 }: { link: unknown; alt: string; size?: number }) {
  const shown = useFileUrl(typeof link === 'string' ? link : null);
  return shown ? <Image src={shown} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null;
}
