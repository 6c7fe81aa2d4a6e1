import { ALUMNI_TAG_PICKER } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { getData } from '../../api/http';
import { splitIds } from '../../entity/ids-value';

interface TagChoice { id: string; tagName: string; color: string | null }

/** The tenant's tags by id (name and colour), read once for every cell of a page. */
export function useTagColours() {
  return useQuery({
    queryKey: ['options', ALUMNI_TAG_PICKER, 'colours'],
    staleTime: 60_000,
    queryFn: async () => new Map((await getData<TagChoice[]>(ALUMNI_TAG_PICKER)).map((c) => [String(c.id), c])),
  });
}

/** An alumnus's tags as coloured tags; a tag no longer offered shows by the name the row carries. */
export function TagCell({ value, names, tags }: { value: unknown; names: unknown; tags: Map<string, TagChoice> | undefined }) {
  const ids = splitIds(typeof value === 'string' ? value : undefined);
  const carried = typeof names === 'string' ? names.split(',') : [];
  if (ids.length === 0) return null;
  return (
    <span className="tag-cell">
      {ids.map((id, i) => {
        const tag = tags?.get(id);
        return <Tag key={id} color={tag?.color ?? undefined}>{tag?.tagName ?? carried[i] ?? id}</Tag>;
      })}
    </span>
  );
}
