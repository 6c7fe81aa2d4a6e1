import { REGIST_STATUS, registInfoEntity } from '@alumni/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExaminePage } from '../../entity/examine/ExaminePage';
import { RegistExamineDrawer } from './RegistExamineDrawer';

/**
 * 校友信息登记 (DOMAIN 4.2.7): registrations in tabs by state, 合并通过 among them; one is examined
 * in a drawer beside its possible duplicates and roster row, several at once by the shared dialog.
 */
export default function RegistInfoPage() {
  const { t } = useTranslation();
  const [examining, setExamining] = useState<string | null>(null);
  const extraTabs = useMemo(() => [{ key: 'merged', status: REGIST_STATUS.merged, label: t('regist.tabs.merged') }], [t]);
  return (
    <>
      <ExaminePage entity={registInfoEntity} extraTabs={extraTabs} examineOne={setExamining} />
      <RegistExamineDrawer id={examining} onClose={() => setExamining(null)} />
    </>
  );
}
