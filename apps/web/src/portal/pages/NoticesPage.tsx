import { minute, PagedList } from '../components/PagedList';
import { Shell } from '../components/Shell';
import { useT } from '../i18n';
import { Link } from '../router';
import { usePaged } from '../use-load';

interface NoticeRow { id: string; title: string; time: string; read: boolean }

/** 通知公告: the notices pushed to me, the unread ones marked. */
export default function NoticesPage() {
  const { t } = useT();
  const list = usePaged<NoticeRow>('/notices');
  return (
    <Shell title={t('section.notices')} back="/portal" active="notices">
      <PagedList list={list} label={t('section.notices')} empty={t('notices.none')} row={(notice) => (
        <li key={notice.id}>
          <Link to={`/portal/notice/${notice.id}`} className={`p-row${notice.read ? '' : ' p-unread'}`}>
            <span className="p-row-title" data-user-data="">{notice.title}</span>
            <span className="p-row-meta">
              {notice.read ? null : <span className="p-badge">{t('notices.unread')}</span>}
              <time>{minute(notice.time)}</time>
            </span>
          </Link>
        </li>
      )} />
    </Shell>
  );
}
