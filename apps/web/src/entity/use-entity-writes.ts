import type { EntityDef } from '@alumni/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../api/api-error';
import { fetchDetail, removeRows, submitRow, type Row } from './entity-api';
import { entityKey } from './use-entity-list';

/** Saving, removing and reading one row; writes refresh the lists and pickers. */
export function useEntityWrites(entity: EntityDef) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation();

  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: entityKey(entity) }),
      client.invalidateQueries({ queryKey: ['options'] }),
      client.invalidateQueries({ queryKey: ['dictionary'] }),
    ]);
  };

  const save = useMutation({
    mutationFn: ({ row, call }: { row: Record<string, unknown>; call: 'submit' | 'update' }) => submitRow(entity, row, call),
    onSuccess: async (_saved, { row }) => {
      void message.success(t(row.id ? 'crud.updateSuccess' : 'crud.addSuccess'));
      await refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (ids: readonly string[]) => removeRows(entity, ids),
    onSuccess: async () => {
      void message.success(t('crud.deleteSuccess'));
      await refresh();
    },
  });

  /** Saves; answers the server's field messages when it refuses the values. */
  const submit = async (row: Record<string, unknown>, call: 'submit' | 'update' = 'submit'): Promise<Record<string, string> | null> => {
    try {
      await save.mutateAsync({ row, call });
      return null;
    } catch (err) {
      return fieldErrorsOf(err);
    }
  };

  const detail = (id: string): Promise<Row> =>
    client.fetchQuery({ queryKey: [...entityKey(entity), 'detail', id], queryFn: () => fetchDetail(entity, id), staleTime: 0 });

  return { submit, saving: save.isPending, remove, detail, refresh };
}
