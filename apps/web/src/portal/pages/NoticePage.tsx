import { ErrorLine, Loading } from '../components/controls';
import { minute } from '../components/PagedList';
import { Shell } from '../components/Shell';
import { useT } from '../i18n';
import { useLoad } from '../use-load';

interface Notice { id: string; title: string; content: string; time: string }

/** One notice, opened from the list or from a push's link; the server marks it read as it answers. */
export default function NoticePage({ params }: { params: Record<string, string> }) {
  const { t } = useT();
  const notice = useLoad<Notice>(`/notices/${encodeURIComponent(params.id ?? '')}`);
  return (
    <Shell title={t('section.notices')} back="/portal/notices" active="notices">
      {notice.loading ? <Loading /> : null}
      {notice.error ? <ErrorLine message={notice.error} retryText={t('common.retry')} onRetry={notice.reload} /> : null}
      {notice.data ? (
        <article className="p-card p-article" data-user-data="">
          <h2>{notice.data.title}</h2>
          <p className="p-muted p-small"><time>{minute(notice.data.time)}</time></p>
          {/* The server sanitises the notice's HTML before answering it (contract: content is sanitised). */}
          <div className="p-rich" dangerouslySetInnerHTML={{ __html: notice.data.content }} />
        </article>
      ) : null}
    </Shell>
  );
}
