import { downloadUrl } from '@alumni/domain';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useFileUrl } from '../lib/use-file-url';

interface FileLinkProps {
  /** The stored link of the file. */
  link: string;
  children: ReactNode;
  /** A row action's small link button instead of a plain anchor. */
  button?: boolean;
  /** Saves the file (the server answers it as an attachment) instead of opening it in a new tab. */
  download?: boolean;
}

/**
 * Opens a stored file in a new tab through its short-lived signed address (decision 238), or, with
 * `download`, saves it under its own name.
 */
export function FileLink({ link, children, button, download }: FileLinkProps) {
  const signed = useFileUrl(link);
  const url = signed && download ? downloadUrl(signed) : signed;
  const target = download ? { download: '' } : { target: '_blank', rel: 'noreferrer' };
  if (button) return <Button type="link" size="small" href={url} disabled={!url} {...target}>{children}</Button>;
  return <a href={url} {...target}>{children}</a>;
}
