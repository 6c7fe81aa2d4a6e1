import { useTranslation } from 'react-i18next';

/** Shown while a lazy page's code loads; named for assistive technology, which otherwise hears an anonymous progress bar. */
export function PageLoading() {
  // It may show before the texts have arrived: it never waits for them.
  const { t } = useTranslation(undefined, { useSuspense: false });
  return <div className="page-loading" role="progressbar" aria-busy="true" aria-label={t('page.loading')} />;
}
